import type { ProspectAi } from '../core/ports/ai';
import { type JsonPrompt, type LlmOutreachOptions, llmOutreach } from './llm-outreach';
import { chatCompletionStream, type OpenAiOptions } from './openai-ai';

/**
 * The flows' AI on an OpenAI-compatible chat completions endpoint (llm-outreach.ts does the prompts, the
 * checks and the fallback): the filter's streamed call (openai-ai.ts) with `response_format: {type:
 * 'json_schema', json_schema: {name, strict: true, schema}}` (structured outputs; Ollama and vLLM take
 * it too); the streamed text is the JSON answer. llm-outreach's timeout aborts the request.
 */
export interface OpenAiProspectAiOptions extends Omit<OpenAiOptions, 'timeoutMs'>, LlmOutreachOptions {}

export function openAiProspectAi(options: OpenAiProspectAiOptions): ProspectAi {
  async function askJson(prompt: JsonPrompt, signal: AbortSignal): Promise<string> {
    const { name, schema } = prompt.output;
    const responseFormat = { type: 'json_schema', json_schema: { name, strict: true, schema } };
    let text = '';
    const extra = { temperature: prompt.temperature, response_format: responseFormat };
    for await (const chunk of chatCompletionStream(options, prompt, extra, signal)) text += chunk;
    return text;
  }

  return llmOutreach(askJson, options);
}
