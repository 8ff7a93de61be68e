import * as z from 'zod/mini';
import { MAX_REVIEW_DECISIONS, REVIEW_MODES } from './review';
import { idToken, visibleMultilineText } from './text';

/** The review queue's requests (issue 23 point 1); the words and rules they check are in review.ts. */

export const reviewModeSchema = z.enum(REVIEW_MODES, 'Choose a review mode from the list');

/** `POST /api/flows/{id}/review`: decisions on waiting intents, one or a selection. */
export const reviewDecisionsInput = z.object({
  decisions: z
    .array(
      z.object({
        key: z.string().check(z.minLength(1, 'key is required'), z.maxLength(300), idToken('key')),
        action: z.enum(['approve', 'skip'], 'action must be approve or skip'),
        /** An edited text: approving with it is an edit (it resets the Autopilot streak). */
        text: z.optional(z.string().check(visibleMultilineText('The text'))),
      }),
      { error: 'decisions must be a list' },
    )
    .check(
      z.minLength(1, 'Choose at least one item'),
      z.maxLength(MAX_REVIEW_DECISIONS, `At most ${MAX_REVIEW_DECISIONS} items at a time`),
    ),
});
export type ReviewDecisionsInput = z.infer<typeof reviewDecisionsInput>;
export type ReviewDecision = ReviewDecisionsInput['decisions'][number];

/** `PUT /api/flows/{id}/review-mode` */
export const reviewModeInput = z.object({ reviewMode: reviewModeSchema });
