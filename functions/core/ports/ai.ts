import type { AiField } from '../../../shared/ai-filter';
import { bedrockAi } from '../adapters/bedrock-ai';
import { localAi } from '../adapters/local-ai/local-ai';
import { openAiCompatible } from '../adapters/openai-ai';
import { type Env, env } from '../env';

/**
 * AI port (issue 12): ranks a user's leads against a plain-language request and explains itself.
 * Adapters: 'local' (no network: BM25 with a query parser), 'bedrock' (ConverseStream), 'openai'
 * (any OpenAI-compatible chat completions endpoint). Chosen by env once, like the other ports.
 *
 * The adapter streams the summary as `delta` events and ends with one `results` event. The leads are
 * handed over as a loader so the first delta can go out before they are read and ranked.
 */

export { AI_FIELDS, type AiField } from '../../../shared/ai-filter';

export interface AiLead {
  id: string;
  name?: string;
  headline?: string;
  skills?: string;
  title?: string;
  company?: string;
  location?: string;
  description?: string;
}

export interface AiMatch {
  id: string;
  /** Higher is better; results come best first. */
  score: number;
  /** One sentence naming what matched, e.g. 'Title says "Team Lead"; located in London'. */
  reason: string;
  /** The fields the reason comes from, in AI_FIELDS order. */
  matchedFields: AiField[];
}

export type AiFilterEvent =
  | { type: 'delta'; text: string }
  | { type: 'results'; matches: AiMatch[]; summary: string };

export interface AiFilterRequest {
  query: string;
  leads: () => Promise<readonly AiLead[]>;
}

export interface AiPort {
  filterLeads(request: AiFilterRequest): AsyncIterable<AiFilterEvent>;
}

/**
 * The adapter the environment names (AI_PROVIDER), with its settings checked: a provider without its
 * settings is an invalid environment, found at the first use (the route's cold start).
 */
export function aiPortFor(e: Env): AiPort {
  switch (e.AI_PROVIDER) {
    case 'local':
      return localAi();
    case 'bedrock':
      if (!e.BEDROCK_MODEL_ID)
        throw new Error('Invalid environment: AI_PROVIDER=bedrock needs BEDROCK_MODEL_ID');
      return bedrockAi({
        modelId: e.BEDROCK_MODEL_ID,
        region: e.AWS_REGION,
        ...(e.BEDROCK_ENDPOINT ? { endpoint: e.BEDROCK_ENDPOINT } : {}),
      });
    case 'openai':
      if (!e.OPENAI_BASE_URL || !e.OPENAI_MODEL) {
        throw new Error('Invalid environment: AI_PROVIDER=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
      }
      return openAiCompatible({
        baseUrl: e.OPENAI_BASE_URL,
        model: e.OPENAI_MODEL,
        ...(e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY } : {}),
      });
  }
}

let chosen: AiPort | undefined;
/** The AI port of this process, chosen by env once. */
export function aiPort(): AiPort {
  chosen ??= aiPortFor(env());
  return chosen;
}
/** Tests switch providers between cases; this forgets the chosen adapter. */
export function resetAiPort(): void {
  chosen = undefined;
}
