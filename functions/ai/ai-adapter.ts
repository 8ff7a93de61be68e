import { type Env, env } from '../core/env';
import { perFunction } from '../core/local-runtime';
import type { AiPort } from '../core/ports/ai';
import { aiSettingsOf, authorizeLocalModel } from './ai-settings';
import { bedrockAi } from './bedrock-ai';
import { localAi } from './local/local-ai';
import { openAiCompatible } from './openai-ai';

/**
 * The AI filter's adapter (the AI port, core/ports/ai.ts), chosen where the function is wired
 * (leads/ai-filter-deps.ts): 'local', 'bedrock' or 'openai' as AI_PROVIDER names, with its settings
 * checked (ai-settings.ts). The flows' AI has a chooser of its own (prospect-ai-adapter.ts), so this
 * function's bundle carries no scorer, writer or prompts.
 */
export function aiPortFor(e: Env): AiPort {
  const settings = aiSettingsOf(e);
  switch (settings.provider) {
    case 'local':
      return localAi();
    case 'bedrock':
      return bedrockAi(settings);
    case 'openai':
      return openAiCompatible(settings);
  }
}

const chosen = perFunction(() => aiPortFor(env()));
/** The AI port to build services with: the adapter is chosen by env on first use, once per function. */
export function aiPort(): AiPort {
  return {
    async *filterLeads(request) {
      await authorizeLocalModel(env());
      yield* chosen.get().filterLeads(request);
    },
  };
}
/** Tests switch providers between cases; this forgets the chosen adapter. */
export function resetAiPort(): void {
  chosen.reset();
}
