import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import {
  createServer as createHttp2Server,
  type IncomingHttpHeaders as Http2Headers,
  constants as http2,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { EventStreamCodec, type MessageHeaders } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';

/**
 * Local stand-ins for the two LLM providers, speaking their wire formats on 127.0.0.1, so the adapters
 * run their real clients (the Bedrock SDK, fetch + eventsource-parser) against them:
 * - OpenAI chat completions: `POST /chat/completions`, a `text/event-stream` of `data: {chunk}` lines and
 *   `data: [DONE]` (node:http);
 * - Bedrock ConverseStream: `POST /model/{modelId}/converse-stream`, answered with
 *   `application/vnd.amazon.eventstream` frames (messageStart, contentBlockDelta..., contentBlockStop,
 *   messageStop, metadata). The Bedrock runtime client talks HTTP/2 (NodeHttp2Handler), so this one is an
 *   h2c server (node:http2), where the client goes unchanged, as in Lambda.
 *
 * Each records the requests it got and answers `answer(...)`'s chunks, or fails as `fail(...)` says.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders | Http2Headers;
  readonly body: string;
  readonly json: unknown;
}

export type FakeFailure =
  /** An error status before any stream. */
  | { readonly kind: 'http'; readonly status: number; readonly message?: string }
  /** The connection drops after `afterChunks` chunks of text. */
  | { readonly kind: 'cut'; readonly afterChunks: number }
  /** The provider reports an error mid-stream (a Bedrock exception frame, an OpenAI error event). */
  | {
      readonly kind: 'exception';
      readonly afterChunks: number;
      readonly type?: string;
      readonly message?: string;
    };

export interface FakeAiServer {
  /** The base URL: OPENAI_BASE_URL or BEDROCK_ENDPOINT. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** What the model answers next, chunk by chunk. */
  answer(chunks: readonly string[]): void;
  /** Fail every request from now on (undefined: answer again). */
  fail(failure: FakeFailure | undefined): void;
  close(): Promise<void>;
}

/** A model's answer in the shape the LLM adapters ask for, cut into chunks of `size` characters. */
export function modelAnswer(
  summary: string,
  matches: readonly { id: string; reason: string }[],
  size = 7,
): string[] {
  const text = `${summary}\n${'###'}\n${JSON.stringify({ matches })}`;
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

interface State {
  chunks: readonly string[];
  failure: FakeFailure | undefined;
}

/** The test's handle on a started fake: its URL, what it got, what it answers next, and closing it. */
function handleOf(
  address: AddressInfo,
  requests: RecordedRequest[],
  state: State,
  dropConnections: () => void,
  server: { close(callback: () => void): unknown },
): FakeAiServer {
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    answer(chunks) {
      state.chunks = chunks;
    },
    fail(failure) {
      state.failure = failure;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropConnections();
        server.close(() => resolve());
      }),
  };
}

export async function fakeOpenAiServer(): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const state: State = { chunks: [], failure: undefined };
  const server = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const json = parseJson(body);
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
      const { failure, chunks } = state;
      if (req.method !== 'POST' || req.url !== '/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (failure?.kind === 'http') {
        res
          .writeHead(failure.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: failure.message ?? 'The server had an error' } }));
        return;
      }
      const model = (json as { model?: string } | undefined)?.model ?? 'fake';
      const frame = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': keep-alive comment\n\n');
      res.write(frame({ role: 'assistant', content: '' }));
      const sent = failure ? failure.afterChunks : chunks.length;
      for (const text of chunks.slice(0, sent)) res.write(frame({ content: text }));
      if (failure?.kind === 'cut') {
        // Once what was written has gone out, so the client sees the first chunks and then the drop.
        res.write(': cut\n\n', () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      if (failure?.kind === 'exception') {
        res.end(
          `data: ${JSON.stringify({ error: { message: failure.message ?? 'overloaded', type: failure.type ?? 'server_error' } })}\n\n`,
        );
        return;
      }
      res.write(frame({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return handleOf(
    server.address() as AddressInfo,
    requests,
    state,
    () => server.closeAllConnections(),
    server,
  );
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const str = (value: string) => ({ type: 'string' as const, value });

/** One eventstream frame: an event of `eventType`, or an exception of `exceptionType`. */
export function bedrockFrame(kind: { event: string } | { exception: string }, payload: object): Uint8Array {
  const headers: MessageHeaders =
    'event' in kind
      ? { ':message-type': str('event'), ':event-type': str(kind.event) }
      : { ':message-type': str('exception'), ':exception-type': str(kind.exception) };
  return codec.encode({
    headers: { ...headers, ':content-type': str('application/json') },
    body: fromUtf8(JSON.stringify(payload)),
  });
}

export async function fakeBedrockServer(): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const state: State = { chunks: [], failure: undefined };
  const sessions = new Set<ServerHttp2Session>();
  const server = createHttp2Server();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream: ServerHttp2Stream, headers: Http2Headers) => {
    // Closing a stream with an error code (a 'cut') reports that error here too.
    stream.on('error', () => {});
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => {
      body += c;
    });
    stream.on('end', () => {
      const path = String(headers[':path'] ?? '');
      const method = String(headers[':method'] ?? '');
      requests.push({ method, path, headers, body, json: parseJson(body) });
      const { failure, chunks } = state;
      const json = { 'content-type': 'application/json', 'x-amzn-requestid': 'fake-request' };
      if (method !== 'POST' || !/^\/model\/[^/]+\/converse-stream$/.test(path)) {
        stream.respond({ ':status': 404, ...json, 'x-amzn-errortype': 'ResourceNotFoundException' });
        stream.end(JSON.stringify({ message: `No route for ${method} ${path}` }));
        return;
      }
      if (failure?.kind === 'http') {
        stream.respond({ ':status': failure.status, ...json, 'x-amzn-errortype': 'InternalServerException' });
        stream.end(JSON.stringify({ message: failure.message ?? 'The server had an error' }));
        return;
      }
      stream.respond({
        ':status': 200,
        'content-type': 'application/vnd.amazon.eventstream',
        'x-amzn-requestid': 'fake-request',
      });
      stream.write(bedrockFrame({ event: 'messageStart' }, { role: 'assistant' }));
      const sent = failure ? failure.afterChunks : chunks.length;
      for (const text of chunks.slice(0, sent)) {
        stream.write(bedrockFrame({ event: 'contentBlockDelta' }, { contentBlockIndex: 0, delta: { text } }));
      }
      if (failure?.kind === 'cut') {
        // Once what was written has gone out, so the client sees the first chunks and then the reset.
        stream.write(new Uint8Array(0), () =>
          setTimeout(() => stream.close(http2.NGHTTP2_INTERNAL_ERROR), 20),
        );
        return;
      }
      if (failure?.kind === 'exception') {
        stream.end(
          bedrockFrame(
            { exception: failure.type ?? 'throttlingException' },
            { message: failure.message ?? 'Too many requests, please wait before trying again.' },
          ),
        );
        return;
      }
      stream.write(bedrockFrame({ event: 'contentBlockStop' }, { contentBlockIndex: 0 }));
      stream.write(bedrockFrame({ event: 'messageStop' }, { stopReason: 'end_turn' }));
      stream.end(
        bedrockFrame(
          { event: 'metadata' },
          { usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 }, metrics: { latencyMs: 5 } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return handleOf(
    server.address() as AddressInfo,
    requests,
    state,
    () => {
      for (const session of sessions) session.destroy();
    },
    server,
  );
}
