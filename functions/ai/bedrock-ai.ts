import type { AiPort } from '../core/ports/ai';
import { type BedrockRuntime, bedrockRuntime } from './bedrock-runtime';
import { type LlmPrompt, llmAi, providerError } from './llm-filter';

/**
 * The AI port on Amazon Bedrock: the shared LLM filter (llm-filter.ts) with the model's text streamed by
 * ConverseStream, which speaks the same request to every Bedrock chat model (bedrock-runtime.ts makes
 * the call). The function's role may invoke only the configured model (lib/grants.ts, 'ai-model');
 * credentials come from the default chain (the role's in Lambda). `endpoint` is for tests and local
 * fakes only.
 */
export interface BedrockAiOptions {
  readonly modelId: string;
  readonly region: string;
  readonly endpoint?: string;
  readonly runtime?: BedrockRuntime;
}

export function bedrockAi(options: BedrockAiOptions): AiPort {
  // Built once with the port (aiPort() chooses once per process), like the clients in core/clients/.
  const runtime =
    options.runtime ??
    bedrockRuntime({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });

  async function* complete(prompt: LlmPrompt): AsyncGenerator<string> {
    // An exception the model streams (throttlingException, ...) is thrown while the events are read.
    const events = await runtime.converseStream({
      modelId: options.modelId,
      system: [{ text: prompt.system }],
      messages: [{ role: 'user', content: [{ text: prompt.user }] }],
      inferenceConfig: { maxTokens: prompt.maxTokens, temperature: 0 },
    });
    let stopped = false;
    for await (const event of events) {
      const text = event.contentBlockDelta?.delta?.text;
      if (text) yield text;
      if (event.messageStop) stopped = true;
    }
    // A stream can end without an error: only messageStop says the answer is whole.
    if (!stopped) throw providerError('the stream ended before the answer was complete');
  }

  return llmAi(complete);
}
