import { type AddressInfo, createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bedrockRuntime } from '../../../../functions/ai/bedrock-runtime';
import { type FakeAiServer, fakeBedrockServer, modelAnswer } from '../../../support/fake-ai-servers';

/**
 * The ConverseStream call without the SDK's client (the Bedrock adapter's own tests, in llm-ai.test.ts,
 * cover the answers): what the SDK would send, and its retries.
 */
const MODEL_ID = 'us.anthropic.claude-3-5-haiku-20241022-v1:0';
const input = {
  modelId: MODEL_ID,
  system: [{ text: 'system' }],
  messages: [{ role: 'user' as const, content: [{ text: 'hello' }] }],
  inferenceConfig: { maxTokens: 10, temperature: 0 },
};

let server: FakeAiServer;
beforeAll(async () => {
  server = await fakeBedrockServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDRUNTIME');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
  server.requests.length = 0;
  server.fail(undefined);
  server.answer(modelAnswer('Hi.', []));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const runtime = () => bedrockRuntime({ region: 'us-east-1', endpoint: server.url });

async function drain(events: AsyncIterable<unknown>) {
  const out: unknown[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('bedrockRuntime.converseStream', () => {
  it('sends the Converse JSON to the model, signed with the session token, and yields the events', async () => {
    const events = await drain(await runtime().converseStream(input));
    expect(events.at(0)).toEqual({ messageStart: { role: 'assistant' } });
    expect(events).toContainEqual({ messageStop: { stopReason: 'end_turn' } });
    const [request] = server.requests;
    expect(request!.path).toBe('/model/us.anthropic.claude-3-5-haiku-20241022-v1%3A0/converse-stream');
    expect(request!.json).toEqual({
      messages: input.messages,
      system: input.system,
      inferenceConfig: input.inferenceConfig,
    });
    expect(request!.headers['x-amz-security-token']).toBe('session-token');
    expect(String(request!.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDRUNTIME\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=:authority;content-length;content-type;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
  });

  it('retries a server error twice, as the SDK does, then throws it by its name', async () => {
    server.fail({ kind: 'http', status: 503, message: 'Try later' });
    const error = await runtime()
      .converseStream(input)
      .catch((e: Error) => e);
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({
      name: 'InternalServerException',
      message: 'Try later',
      $metadata: { httpStatusCode: 503 },
    });
  });

  it('does not retry a client error', async () => {
    server.fail({ kind: 'http', status: 400, message: 'Bad request' });
    await expect(runtime().converseStream(input)).rejects.toMatchObject({ message: 'Bad request' });
    expect(server.requests).toHaveLength(1);
  });

  it('throws an exception the model streams, named as the SDK names it, after the events before it', async () => {
    server.fail({ kind: 'exception', afterChunks: 1, type: 'modelStreamErrorException', message: 'Broke' });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const event of await runtime().converseStream(input)) seen.push(event);
    })().catch((e: Error) => e);
    expect(seen).toHaveLength(2);
    expect(error).toMatchObject({ name: 'ModelStreamErrorException', message: 'Broke' });
  });

  it('retries a connection that drops, then throws what cut it', async () => {
    let connections = 0;
    const dropping = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const { port } = dropping.address() as AddressInfo;
    try {
      const runtime = bedrockRuntime({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}` });
      const error = (await runtime.converseStream(input).catch((e: Error) => e)) as Error;
      expect(connections).toBe(3);
      expect(error).toBeInstanceOf(Error);
    } finally {
      dropping.close();
    }
  });
});
