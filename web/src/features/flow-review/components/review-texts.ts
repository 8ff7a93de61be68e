import type { ReviewKind } from '../../../../../shared/review';

/**
 * The review screen's own words (issue 23 point 1), beside the contract's REVIEW_TEXTS
 * (shared/review.ts). The flows list's card and the analytics page take their few review words from
 * features/flows/review-words.ts.
 */

/** What an item is, with whom: the row's name, the buttons' context and the announcements. */
export function itemName(kind: ReviewKind, prospect: string): string {
  switch (kind) {
    case 'like':
      return `like of ${prospect}’s post`;
    case 'comment':
      return `comment on ${prospect}’s post`;
    case 'invite':
      return `connection request to ${prospect}`;
    default:
      return `message to ${prospect}`;
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const REVIEW_PAGE_TEXTS = {
  pageTitle: (flowName: string) => `Review queue: ${flowName}`,
  fallbackTitle: 'Review queue',
  backToAnalytics: 'Back to analytics',
  loading: 'Loading the review queue',
  retry: 'Retry',
  notFoundText: 'This flow does not exist, or it is not one of yours.',
  listLabel: 'Waiting items',
  /** The shortcuts answer only inside the list (WCAG 2.1.4): where to put the focus first. */
  keyboardWhere: 'They work once an item of the list has focus (Tab to it).',
  waiting: (n: number) => `${count(n, 'item waits', 'items wait')} for your review.`,
  selectAll: (n: number) => `Select all (${n})`,
  select: 'Select',
  selectItem: (name: string) => `Select ${name}`,
  aiScore: 'AI score',
  notScored: 'Not scored',
  matchQuality: 'Match quality',
  matchReason: 'Why this match',
  answersPost: 'The post it answers',
  openPost: 'Open the post',
  viewProfile: 'View profile',
  opensInNewTab: '(opens in a new tab)',
  aiText: 'The AI’s text',
  editLabel: (name: string) => `Text of the ${name}`,
  counter: (length: number, max: number) => `${length}/${max} characters`,
  editHint: 'Ctrl+Enter (⌘+Enter) saves and approves; Escape cancels.',
  cancel: 'Cancel',
  showMore: (n: number) => `Show ${count(n, 'more item', 'more items')}`,
  approved: (name: string) => `Approved: ${name}`,
  edited: (name: string) => `Edited and approved: ${name}`,
  skipped: (name: string) => `Skipped: ${name}`,
  approvedMany: (n: number) => `Approved ${count(n, 'item', 'items')}`,
  skippedMany: (n: number) => `Skipped ${count(n, 'item', 'items')}`,
  goneMany: (n: number) => `${count(n, 'item was', 'items were')} already decided, sent or expired`,
  offerLabel: 'Autopilot offer',
};

/**
 * 'Expires in N days': the days left to the nearest whole day, so an item just queued for 7 days says 7
 * (not 6, its first second gone: issue 36), and less than half a day left says today.
 */
export function daysLeft(expiresAt: string, now: number): number {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.round((at - now) / 86_400_000));
}
