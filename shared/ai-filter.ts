import * as z from 'zod/mini';
import { AI_FILTER_MAX_IDS, AI_QUERY_MAX } from './ai-filter-limits';
import type { Lead } from './leads';
import { idToken, visibleMultilineText } from './text';

export { AI_FILTER_MAX_IDS, AI_QUERY_MAX };

/** The lead fields the AI reads and explains a match by (the `matchedFields` of a result). */
export const AI_FIELDS = [
  'name',
  'headline',
  'skills',
  'title',
  'company',
  'location',
  'description',
] as const;
export type AiField = (typeof AI_FIELDS)[number];

/** Request of the AI filter (DECISIONS 13): a plain-language query over the user's own leads. */
export const aiFilterInput = z.object({
  query: z.string({ error: 'Please describe the leads you are looking for' }).check(
    // Before the trim, which would drop a BOM or a U+2028 at either end unseen.
    visibleMultilineText('The request'),
    z.trim(),
    z.minLength(1, 'Please describe the leads you are looking for'),
    z.maxLength(AI_QUERY_MAX, { error: 'Please keep the request under 500 characters', abort: true }),
  ),
  /** The automation (or one of its job ids) whose leads are in view: only its leads are considered. */
  automationId: z
    .string({ error: 'automationId is required' })
    .check(
      z.minLength(1, 'automationId is required'),
      z.maxLength(128, 'automationId must be 128 characters or less'),
      idToken('automationId'),
    ),
  /**
   * The ids the client lists when a search or filter narrows them; only those of the automation's leads
   * are then considered. Bounded so the body stays well under a function URL's 6 MB.
   */
  leadIds: z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(128), idToken('lead id')))
      .check(
        z.maxLength(
          AI_FILTER_MAX_IDS,
          `leadIds must hold at most ${AI_FILTER_MAX_IDS.toLocaleString('en-US')} ids`,
        ),
      ),
  ),
});
export type AiFilterInput = z.infer<typeof aiFilterInput>;

/**
 * A lead the AI matched, with why (beyond the spec: explainable results). Only the id and the name of the
 * lead travel with it: the screen already holds its leads, and a broad request over 10,000 leads would
 * otherwise put megabytes into one event.
 */
export interface AiMatchedLead extends Pick<Lead, 'id' | 'name'> {
  reason: string;
  /** The lead fields the reason comes from. */
  matchedFields: AiField[];
  score: number;
}

/** The events of the stream (DECISIONS 13), each sent as a `data: {json}` line. */
export type AiFilterStreamEvent =
  | { type: 'chat:completion'; data: { delta_content: string } }
  | {
      type: 'results';
      data: { leads: AiMatchedLead[]; summary: string; totalMatches: number; query: string };
    }
  | { type: 'error'; data: { message: string } };
