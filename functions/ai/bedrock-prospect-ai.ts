import type { ProspectAi } from '../core/ports/ai';
import { type BedrockRuntime, bedrockRuntime } from './bedrock-runtime';
import { providerError } from './llm-filter';
import { type JsonPrompt, type LlmOutreachOptions, llmOutreach } from './llm-outreach';

/**
 * The flows' AI on Amazon Bedrock (llm-outreach.ts does the prompts, the checks and the fallback). The
 * model gets one tool whose input schema is the answer's and must use it (`toolChoice`), which every
 * Bedrock model with tool use takes (Claude 3 and later, Nova, Mistral Large), so its answer is the
 * tool's JSON input, streamed as `toolUse.input` pieces; a model that answers in text instead has its
 * text read as the JSON. The call is ConverseStream, as the filter's (bedrock-ai.ts): the one action the
 * 'ai-model' grant allows. `endpoint` and `runtime` are for tests and local fakes only.
 */
export interface BedrockProspectAiOptions extends LlmOutreachOptions {
  readonly modelId: string;
  readonly region: string;
  readonly endpoint?: string;
  readonly runtime?: BedrockRuntime;
}

export function bedrockProspectAi(options: BedrockProspectAiOptions): ProspectAi {
  const runtime =
    options.runtime ??
    bedrockRuntime({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });

  async function askJson(prompt: JsonPrompt, signal: AbortSignal): Promise<string> {
    const { name, description, schema } = prompt.output;
    const events = await runtime.converseStream(
      {
        modelId: options.modelId,
        system: [{ text: prompt.system }],
        messages: [{ role: 'user', content: [{ text: prompt.user }] }],
        inferenceConfig: { maxTokens: prompt.maxTokens, temperature: prompt.temperature },
        toolConfig: {
          tools: [{ toolSpec: { name, description, inputSchema: { json: schema } } }],
          toolChoice: { tool: { name } },
        },
      },
      { signal },
    );
    let input = '';
    let text = '';
    let stopped = false;
    for await (const event of events) {
      const delta = event.contentBlockDelta?.delta;
      if (delta?.toolUse?.input) input += delta.toolUse.input;
      else if (delta?.text) text += delta.text;
      if (event.messageStop) stopped = true;
    }
    // A stream can end without an error: only messageStop says the answer is whole.
    if (!stopped) throw providerError('the stream ended before the answer was complete');
    return input || text;
  }

  return llmOutreach(askJson, options);
}
