import type { AiField } from '../../../shared/ai-filter';
import type { PersonFields } from '../../../shared/person';

/**
 * AI port (issue 12): ranks a user's leads against a plain-language request and explains itself.
 * The adapters are the ai domain's (functions/ai/): 'local' (no network: BM25 with a query parser),
 * 'bedrock' (ConverseStream), 'openai' (any OpenAI-compatible chat completions endpoint), chosen by env
 * once where a function is wired (functions/ai/ai-adapter.ts, `aiPort()`); this file names no adapter.
 *
 * The adapter streams the summary as `delta` events and ends with one `results` event. The leads are
 * handed over as a loader so the first delta can go out before they are read and ranked.
 *
 * For flows (issue 20 point 9) the same providers score a prospect against the flow's targeting and
 * write the flow's outreach: a connection note, a comment on one of the prospect's posts and a follow-up
 * message (`ProspectAi`, declared here with its types). Its chooser is functions/ai/prospect-ai-adapter.ts
 * (`prospectAi()`), not the filter's: the AI filter's stream function carries that one, and the scorer,
 * the writer and the prompts (about 40 KB) would take its bundle over the 300 KB budget. The limits and
 * checks every adapter keeps are in functions/ai/ai-outreach-rules.ts; the model adapters fall back to the
 * local result when a model fails, is too slow, or answers something that breaks them, so those calls
 * never fail for the AI's sake.
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

// --- Flows: prospect scoring and outreach texts ---------------------------------------------------

/** One post of a prospect, as a flow read it. */
export interface AiPost {
  id: string;
  text: string;
}

/** A person a flow found, as the AI reads them. */
export interface AiProspect extends PersonFields {
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
 * What a flow asks of the AI (chosen by functions/ai/prospect-ai-adapter.ts); every call resolves: a model
 * adapter falls back to the local result.
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
