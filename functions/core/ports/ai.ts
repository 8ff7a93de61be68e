import type { AiField } from '../../../shared/ai-filter';
import { bedrockAi } from '../adapters/bedrock-ai';
import { localAi } from '../adapters/local-ai/local-ai';
import { openAiCompatible } from '../adapters/openai-ai';
import { type Env, env } from '../env';
import { authorizeLocal, LOCAL_ACCOUNT_ID, localScope, perFunction } from '../local-runtime';

/**
 * AI port (issue 12): ranks a user's leads against a plain-language request and explains itself.
 * Adapters: 'local' (no network: BM25 with a query parser), 'bedrock' (ConverseStream), 'openai'
 * (any OpenAI-compatible chat completions endpoint). Chosen by env once, like the other ports.
 *
 * The adapter streams the summary as `delta` events and ends with one `results` event. The leads are
 * handed over as a loader so the first delta can go out before they are read and ranked.
 *
 * For flows (issue 20 point 9) the same providers score a prospect against the flow's targeting and
 * write the flow's outreach: a connection note, a comment on one of the prospect's posts and a follow-up
 * message (`ProspectAi`, declared here with its types). Its factory is prospect-ai.ts (`prospectAi()`),
 * not this file: the AI filter's stream function imports this one, and the scorer, the writer and the
 * prompts (about 40 KB) would take its bundle over the 300 KB budget. The limits and checks every adapter
 * keeps are in ai-outreach-rules.ts; the model adapters fall back to the local result when a model fails,
 * is too slow, or answers something that breaks them, so those calls never fail for the AI's sake.
 */

export { AI_FIELDS, type AiField } from '../../../shared/ai-filter';
export {
  AI_SCORE_RANGE,
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_SENTENCES,
  HOT_MATCH_SCORE,
  MESSAGE_MAX_LENGTH,
  matchQualityOf,
  textLength,
  textProblem,
  WARM_MATCH_SCORE,
} from './ai-outreach-rules';

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

// --- Flows: prospect scoring and outreach texts ---------------------------------------------------

/** One post of a prospect, as a flow read it. */
export interface AiPost {
  id: string;
  text: string;
}

/** A person a flow found, as the AI reads them. */
export interface AiProspect {
  id: string;
  name: string;
  headline?: string;
  title?: string;
  company?: string;
  location?: string;
  industry?: string;
  skills?: string[];
  /** The company's head count as a company size label ('51-200 employees') or letter ('D'), when known. */
  companySize?: string;
  /** Newest first. */
  recentPosts?: AiPost[];
}

/** A flow's target audience, as labels (shared/flows.ts targetingSettings, values turned to labels). */
export interface AiTargeting {
  keywords: string;
  /** Industry names ('Software Development'). */
  industries: string[];
  jobTitles: string[];
  /** Country names ('United Kingdom'). */
  locations: string[];
  /** Company size labels ('51-200 employees'). */
  companySize: string[];
}

/**
 * A flow's messaging settings (shared/flows.ts messagingSettings): the user's company description and
 * the option values of MESSAGE_TONE_OPTIONS ('professional'), CONNECTION_REQUEST_STYLE_OPTIONS
 * ('value-first') and COMMENT_STYLE_OPTIONS ('add-insights'). An unknown value is read as the default.
 */
export interface AiMessaging {
  companyDescription: string;
  messageTone: string;
  connectionRequestStyle: string;
  commentStyle: string;
}

export type MatchQuality = 'hot' | 'warm' | 'cold';

/** One reason a score is what it is. */
export interface RelevanceFactor {
  /** What was compared: 'Keywords', 'Job title', 'Industry', 'Location', ... */
  factor: string;
  /**
   * 0 to 1: the share of the whole score this factor gave (the local scorer's weights add up to
   * aiScore / 100); a model's weights say how much it counted each factor.
   */
  weight: number;
  /** What matched or did not, in words. */
  detail: string;
}

export interface ProspectScore {
  /** A whole number from 0 to 100. */
  aiScore: number;
  /** matchQualityOf(aiScore): hot from HOT_MATCH_SCORE, warm from WARM_MATCH_SCORE, else cold. */
  matchQuality: MatchQuality;
  /** One sentence naming what matched. */
  matchReason: string;
  relevanceFactors: RelevanceFactor[];
}

export interface ScoreProspectRequest {
  prospect: AiProspect;
  targeting: AiTargeting;
  companyDescription: string;
  /**
   * The facets of the targeting the platform's search matched the person on (issue 36 point 1): a search
   * returns only people who pass every facet it filters by, though their profile as listed may not show
   * it (no industry, no title). Each counts as matched.
   */
  matchedBySearch?: Partial<AiTargeting>;
}

/**
 * The connected account's own profile, as far as the flow knows it: where a prospect shares its city or
 * industry, a text may say so (issue 36 point 4). Never invented: without it, no text claims either.
 */
export interface AiSender {
  location?: string;
  industry?: string;
}

export interface ConnectionNoteRequest {
  prospect: AiProspect;
  messaging: AiMessaging;
  /** The note's most characters on the account's tier: 300 premium, 200 free (DECISIONS 28). */
  maxLength: number;
  sender?: AiSender;
}

export interface CommentRequest {
  prospect: AiProspect;
  /** The post to comment on (one of the prospect's). */
  post: AiPost;
  messaging: AiMessaging;
}

export interface MessageRequest {
  prospect: AiProspect;
  messaging: AiMessaging;
  sender?: AiSender;
}

/** A text to send: never empty, within its limit, with no unfilled placeholder. */
export interface AiText {
  text: string;
}

/**
 * What a flow asks of the AI (built by prospect-ai.ts); every call resolves: a model adapter falls back
 * to the local result.
 */
export interface ProspectAi {
  scoreProspect(request: ScoreProspectRequest): Promise<ProspectScore>;
  /** At most `maxLength` characters. */
  writeConnectionNote(request: ConnectionNoteRequest): Promise<AiText>;
  /** 1 to 3 sentences about the post, at most COMMENT_MAX_LENGTH characters. */
  writeComment(request: CommentRequest): Promise<AiText>;
  /** To a prospect who accepted: at most MESSAGE_MAX_LENGTH characters. */
  writeMessage(request: MessageRequest): Promise<AiText>;
}

export interface AiPort {
  filterLeads(request: AiFilterRequest): AsyncIterable<AiFilterEvent>;
}

/** The provider the environment names and its settings (the filter's and the flows' AI share them). */
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

/** The adapter the environment names (AI_PROVIDER), with its settings checked (aiSettingsOf). */
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
