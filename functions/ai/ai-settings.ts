import type { Env } from '../core/env';
import { authorizeLocal, LOCAL_ACCOUNT_ID, localScope } from '../core/local-runtime';

/**
 * The provider the environment names (AI_PROVIDER) and its settings: the AI filter's chooser
 * (ai-adapter.ts) and the flows' (prospect-ai-adapter.ts) read the same ones.
 */
export type AiSettings =
  | { provider: 'local' }
  | { provider: 'bedrock'; modelId: string; region: string; endpoint?: string }
  | { provider: 'openai'; baseUrl: string; model: string; apiKey?: string };

/**
 * AI_PROVIDER with its settings checked: a provider without its settings is an invalid environment, found
 * at the first use (the route's cold start).
 */
export function aiSettingsOf(e: Env): AiSettings {
  switch (e.AI_PROVIDER) {
    case 'local':
      return { provider: 'local' };
    case 'bedrock':
      if (!e.BEDROCK_MODEL_ID)
        throw new Error('Invalid environment: AI_PROVIDER=bedrock needs BEDROCK_MODEL_ID');
      return {
        provider: 'bedrock',
        modelId: e.BEDROCK_MODEL_ID,
        region: e.AWS_REGION,
        ...(e.BEDROCK_ENDPOINT ? { endpoint: e.BEDROCK_ENDPOINT } : {}),
      };
    case 'openai':
      if (!e.OPENAI_BASE_URL || !e.OPENAI_MODEL) {
        throw new Error('Invalid environment: AI_PROVIDER=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
      }
      return {
        provider: 'openai',
        baseUrl: e.OPENAI_BASE_URL,
        model: e.OPENAI_MODEL,
        ...(e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY } : {}),
      };
  }
}

/**
 * On the local cloud every provider stands in for the Bedrock model the stacks configure: the running
 * function's role must allow streaming from it ('ai-model'), whichever provider answers here.
 */
export async function authorizeLocalModel(e: Env): Promise<void> {
  // Written out, not e.APP_RUNTIME: deployed bundles drop this (see env.ts).
  if (process.env.APP_RUNTIME !== 'local' || !localScope()) return;
  if (!e.BEDROCK_MODEL_ID) throw new Error('Invalid environment: BEDROCK_MODEL_ID is not set');
  // An inference profile (its geography first: us.anthropic...) is invoked as itself; a model id as the model.
  const profile = /^(us|eu|apac|jp|au|ca|global|us-gov)\.[^.]+\..+/.test(e.BEDROCK_MODEL_ID);
  await authorizeLocal({
    action: 'bedrock:InvokeModelWithResponseStream',
    resource: profile
      ? `arn:aws:bedrock:${e.AWS_REGION}:${LOCAL_ACCOUNT_ID}:inference-profile/${e.BEDROCK_MODEL_ID}`
      : `arn:aws:bedrock:${e.AWS_REGION}::foundation-model/${e.BEDROCK_MODEL_ID}`,
  });
}
