import { type Env, env } from '../core/env';
import { perFunction } from '../core/local-runtime';
import type { ProspectAi } from '../core/ports/ai';
import { aiSettingsOf, authorizeLocalModel } from './ai-settings';
import { bedrockProspectAi } from './bedrock-prospect-ai';
import { localProspectAi } from './local/local-prospect-ai';
import { openAiProspectAi } from './openai-prospect-ai';

/**
 * The flows' AI (issue 20 point 9; `ProspectAi` and its types are the port's, core/ports/ai.ts), chosen
 * where a function is wired: scores a prospect against a flow's targeting and writes its connection
 * notes, comments and follow-up messages, on the provider the AI filter uses (AI_PROVIDER and its
 * settings, ai-settings.ts). A file of its own so the AI filter's bundle (ai-adapter.ts) does not carry
 * the scorer, the writer and the prompts.
 *
 * Adapters: 'local' (no network: local/prospect-scorer.ts and local/outreach-writer.ts), 'bedrock' and
 * 'openai' (llm-outreach.ts: structured JSON answers, checked, with the local result as fallback).
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

const chosen = perFunction(() => prospectAiFor(env()));
/** The flows' AI of this function, chosen by env on first use, once per function. */
export function prospectAi(): ProspectAi {
  const asked =
    <K extends keyof ProspectAi>(method: K) =>
    async (request: Parameters<ProspectAi[K]>[0]): Promise<Awaited<ReturnType<ProspectAi[K]>>> => {
      await authorizeLocalModel(env());
      const ai = chosen.get();
      return (ai[method] as (r: typeof request) => Promise<Awaited<ReturnType<ProspectAi[K]>>>).call(
        ai,
        request,
      );
    };
  return {
    scoreProspect: asked('scoreProspect'),
    writeConnectionNote: asked('writeConnectionNote'),
    writeComment: asked('writeComment'),
    writeMessage: asked('writeMessage'),
  };
}
/** Tests switch providers between cases; this forgets the chosen adapter. */
export function resetProspectAi(): void {
  chosen.reset();
}
