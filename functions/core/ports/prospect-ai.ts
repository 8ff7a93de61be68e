import { bedrockProspectAi } from '../adapters/bedrock-prospect-ai';
import { localProspectAi } from '../adapters/local-ai/local-prospect-ai';
import { openAiProspectAi } from '../adapters/openai-prospect-ai';
import { type Env, env } from '../env';
import { aiSettingsOf, type ProspectAi } from './ai';

/**
 * The flows' AI (issue 20 point 9; `ProspectAi` and its types are in ai.ts): scores a prospect against a
 * flow's targeting and writes its connection notes, comments and follow-up messages, on the provider
 * the AI filter uses (AI_PROVIDER and its settings, aiSettingsOf). A file of its own so the AI filter's
 * bundle, which imports ai.ts, does not carry the scorer, the writer and the prompts.
 *
 * Adapters: 'local' (no network: local-ai/prospect-scorer.ts and local-ai/outreach-writer.ts), 'bedrock'
 * and 'openai' (llm-outreach.ts: structured JSON answers, checked, with the local result as fallback).
 * A function that calls Bedrock needs the 'ai-model' grant (lib/grants.ts), as the filter's does.
 */
export function prospectAiFor(e: Env): ProspectAi {
  const settings = aiSettingsOf(e);
  switch (settings.provider) {
    case 'local':
      return localProspectAi;
    case 'bedrock':
      return bedrockProspectAi(settings);
    case 'openai':
      return openAiProspectAi(settings);
  }
}

let chosen: ProspectAi | undefined;
/** The flows' AI of this process, chosen by env once. */
export function prospectAi(): ProspectAi {
  chosen ??= prospectAiFor(env());
  return chosen;
}
/** Tests switch providers between cases; this forgets the chosen adapter. */
export function resetProspectAi(): void {
  chosen = undefined;
}
