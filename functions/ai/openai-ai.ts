import { type EventSourceMessage, EventSourceParserStream } from 'eventsource-parser/stream';
import type { AiPort } from '../core/ports/ai';
import { type LlmPrompt, llmAi, providerError } from './llm-filter';

/**
 * The AI port on any OpenAI-compatible chat completions endpoint (OpenAI, a local Ollama or vLLM, a
 * proxy): the shared LLM filter (llm-filter.ts) with the text streamed from
 * `POST {baseUrl}/chat/completions` (`stream: true`). The server-sent events are read with
 * eventsource-parser; the answer is complete at `data: [DONE]` or at a choice's finish_reason, and a
 * stream that ends before either was cut. The flows' outreach (openai-prospect-ai.ts) makes the same
 * streamed call, with a response format (`chatCompletionStream`).
 */
export interface OpenAiOptions {
  /** The API root, e.g. https://api.openai.com/v1. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** Gives up on a provider that stops answering; below the stream function's 2-minute timeout. */
  readonly timeoutMs?: number;
}

interface ChunkJson {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string };
}

async function errorText(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return body.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * One streamed chat completion of `prompt` (with `extra` fields in the request, e.g. a response format):
 * the answer's text as it arrives; throws `AI provider failed: ...` when the provider fails.
 */
export async function* chatCompletionStream(
  options: Omit<OpenAiOptions, 'timeoutMs'>,
  prompt: LlmPrompt,
  extra: { temperature: number } & Record<string, unknown>,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: options.model,
      stream: true,
      max_tokens: prompt.maxTokens,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      ...extra,
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    throw providerError(`HTTP ${response.status} from ${url}: ${await errorText(response)}`);
  }
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onError: 'terminate' }));
  let complete = false;
  for await (const event of events as unknown as AsyncIterable<EventSourceMessage>) {
    if (event.data === '[DONE]') {
      complete = true;
      break;
    }
    let chunk: ChunkJson;
    try {
      chunk = JSON.parse(event.data) as ChunkJson;
    } catch {
      throw providerError(`unreadable stream event: ${event.data.slice(0, 100)}`);
    }
    if (chunk.error) throw providerError(chunk.error.message ?? 'error event');
    const choice = chunk.choices?.[0];
    const text = choice?.delta?.content;
    if (text) yield text;
    if (choice?.finish_reason) complete = true;
  }
  if (!complete) throw providerError('the stream ended before the answer was complete');
}

export function openAiCompatible(options: OpenAiOptions): AiPort {
  const complete = (prompt: LlmPrompt) =>
    chatCompletionStream(
      options,
      prompt,
      { temperature: 0 },
      AbortSignal.timeout(options.timeoutMs ?? 100_000),
    );
  return llmAi(complete);
}
