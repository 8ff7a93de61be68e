import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamOutput,
} from '@aws-sdk/client-bedrock-runtime';
import type { AiPort } from '../ports/ai';
import { type LlmPrompt, llmAi, providerError } from './llm-filter';

/**
 * The AI port on Amazon Bedrock: the shared LLM filter (llm-filter.ts) with the model's text streamed by
 * ConverseStream, which speaks the same request to every Bedrock chat model. The function's role may
 * invoke only the configured model (lib/grants.ts, 'ai-model'); credentials come from the default chain
 * (the role's in Lambda). `endpoint` is for tests and local fakes only.
 */
export interface BedrockAiOptions {
  readonly modelId: string;
  readonly region: string;
  readonly endpoint?: string;
  readonly client?: BedrockRuntimeClient;
}

/** The stream's error members; the SDK may also throw them while the stream is read. */
const FAILURES = [
  'internalServerException',
  'modelStreamErrorException',
  'serviceUnavailableException',
  'throttlingException',
  'validationException',
] as const;

export function bedrockAi(options: BedrockAiOptions): AiPort {
  // Built once with the port (aiPort() chooses once per process), like the clients in core/clients/.
  const client =
    options.client ??
    new BedrockRuntimeClient({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });

  async function* complete(prompt: LlmPrompt): AsyncGenerator<string> {
    const out = await client.send(
      new ConverseStreamCommand({
        modelId: options.modelId,
        system: [{ text: prompt.system }],
        messages: [{ role: 'user', content: [{ text: prompt.user }] }],
        inferenceConfig: { maxTokens: prompt.maxTokens, temperature: 0 },
      }),
    );
    if (!out.stream) throw providerError('Bedrock answered without a stream');
    let stopped = false;
    for await (const event of out.stream as AsyncIterable<ConverseStreamOutput>) {
      for (const key of FAILURES) {
        const failure = (event as Partial<Record<(typeof FAILURES)[number], { message?: string }>>)[key];
        if (failure) throw providerError(`${key}: ${failure.message ?? 'no message'}`);
      }
      const text = event.contentBlockDelta?.delta?.text;
      if (text) yield text;
      if (event.messageStop) stopped = true;
    }
    // A reset HTTP/2 stream can end the SDK's iteration quietly: only messageStop says the answer is whole.
    if (!stopped) throw providerError('the stream ended before the answer was complete');
  }

  return llmAi(complete);
}
