import type { TextOrigin } from '../../../../shared/review';

/**
 * The few review words (issue 23 point 1) the flows list's card and the analytics page show: the link
 * to a flow's review queue and the comparison of texts by where they came from. They are spelled here,
 * not taken from shared/review.ts, whose zod schemas these pages would otherwise load; the review test
 * checks that the words spelled twice (the link, the origins) stay those of REVIEW_TEXTS.
 */
export const REVIEW_LINK_TEXT = 'Review queue';

export const TEXT_ORIGIN_LABELS: Readonly<Record<TextOrigin, string>> = {
  approved: 'Approved as written',
  edited: 'Edited',
  autopilot: 'Autopilot',
};

/** The analytics' comparison of texts by where they came from. */
export const REVIEW_COMPARISON_TEXTS = {
  title: 'Texts by review',
  description: 'Over the flow’s life: connection notes and messages by where their text came from.',
  caption: 'Connection notes and messages sent, and how many were accepted or answered, by review',
  origin: 'Text',
  notesSent: 'Notes sent',
  accepted: 'Accepted',
  messagesSent: 'Messages sent',
  replied: 'Replied',
};
