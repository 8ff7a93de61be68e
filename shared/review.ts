import { hasPlaceholder, textLength } from './outgoing-text';

/**
 * Review before send (issue 23 point 1). A flow's review mode decides which of its writes wait for the
 * user: an AI-written note, comment or message (and, under "Review everything", a like and a note-less
 * invitation too) is recorded as an intent that waits in the flow's review queue with its prospect,
 * score, reason and the post it answers. The user approves it (as written or edited) or skips it; an
 * approved intent goes through the governor at the flow's next run, a skipped one never goes and the
 * flow leaves that prospect; one left waiting more than 7 days expires.
 *
 * The requests' schemas are in review-requests.ts: a screen that needs only these words and rules
 * loads no validation code.
 */

export const REVIEW_MODES = ['everything', 'texts', 'autopilot'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** A new flow reviews everything; a flow stored before review existed ran on autopilot and still does. */
export const DEFAULT_REVIEW_MODE: ReviewMode = 'everything';
export const STORED_FLOW_REVIEW_MODE: ReviewMode = 'autopilot';

export const REVIEW_MODE_OPTIONS: readonly { value: ReviewMode; label: string; description: string }[] = [
  {
    value: 'everything',
    label: 'Review everything',
    description: 'Every like, comment, connection request and message waits for your approval.',
  },
  {
    value: 'texts',
    label: 'Review notes and messages',
    description:
      'Connection notes, comments and messages wait for your approval; likes and profile views go ahead.',
  },
  {
    value: 'autopilot',
    label: 'Autopilot',
    description: 'Everything goes out within the account’s limits without waiting for you.',
  },
];

/** The writes a flow makes; a review item is one of them waiting. */
export const REVIEW_KINDS = ['like', 'comment', 'invite', 'message'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Whether a write of `kind` (with a text or not) waits for the user under `mode`. */
export function waitsForReview(mode: ReviewMode, kind: ReviewKind, hasText: boolean): boolean {
  if (mode === 'everything') return true;
  if (mode === 'texts') return kind === 'comment' || kind === 'message' || (kind === 'invite' && hasText);
  return false;
}

/** An intent older than this is not sent any more: it expires. */
export const REVIEW_EXPIRY_DAYS = 7;
export const REVIEW_EXPIRY_MS = REVIEW_EXPIRY_DAYS * 24 * 3600 * 1000;
/** Approvals in a row without an edit after which the flow offers Autopilot (it never switches itself). */
export const AUTOPILOT_OFFER_STREAK = 20;
/** The most decisions one request carries (a selection of the whole queue). */
export const MAX_REVIEW_DECISIONS = 500;

/** Where a sent text came from, for the analytics' comparison. */
export const TEXT_ORIGINS = ['approved', 'edited', 'autopilot'] as const;
export type TextOrigin = (typeof TEXT_ORIGINS)[number];

/** One intent waiting in a flow's review queue, as `GET /api/flows/{id}/review` answers it. */
export interface ReviewItem {
  /** The write's idempotency key ('invite:<person>', 'comment:<post>', ...): the item's id. */
  key: string;
  kind: ReviewKind;
  /** The AI's text (a note, comment or message); absent for a like or a note-less invitation. */
  text?: string;
  /** The most characters an edit of the text may have (a note's limit depends on the account). */
  maxLength?: number;
  createdAt: string;
  /** When it expires if nobody decides. */
  expiresAt: string;
  prospect: {
    id: string;
    name: string;
    headline?: string;
    profileUrl?: string;
    aiScore?: number;
    matchQuality?: 'hot' | 'warm' | 'cold';
    matchReason?: string;
  };
  /** The post a like or comment answers. */
  post?: { text: string; url: string };
}

export interface ReviewQueue {
  reviewMode: ReviewMode;
  /** Waiting intents, the oldest first (the first to expire). */
  items: ReviewItem[];
  /** Approvals in a row without an edit. */
  approvalStreak: number;
  /** The streak reached AUTOPILOT_OFFER_STREAK and the flow is not on autopilot yet. */
  offerAutopilot: boolean;
}

/** What became of each decision: 'gone' when the item was decided, expired or sent meanwhile. */
export interface ReviewDecisionsResult {
  results: { key: string; outcome: 'approved' | 'skipped' | 'gone' }[];
  approvalStreak: number;
  offerAutopilot: boolean;
}

export const REVIEW_TEXTS = {
  title: 'Review queue',
  modeLabel: 'Review mode',
  empty: 'Nothing is waiting for your review.',
  emptyAutopilot: 'This flow is on Autopilot: nothing waits for your review.',
  loadFailed: 'Failed to load the review queue',
  decideFailed: 'Failed to save your decision. Try again.',
  modeSaved: 'Review mode saved',
  modeFailed: 'Failed to save the review mode',
  gone: 'This item was already decided, sent or expired.',
  keyboardHelp: 'Keys: J next, K previous, A approve, E edit, S skip.',
  approve: 'Approve',
  editApprove: 'Edit then approve',
  saveApprove: 'Save and approve',
  skip: 'Skip',
  approveSelected: (n: number) => `Approve ${n} selected`,
  skipSelected: (n: number) => `Skip ${n} selected`,
  // The streak counts every approval (likes have no text): 'items', not 'texts' (issue 36).
  offer: (n: number) =>
    `You approved ${n} items in a row without changing them. Switch this flow to Autopilot?`,
  switchToAutopilot: 'Switch to Autopilot',
  notNow: 'Not now',
  expiresIn: (days: number) =>
    days <= 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`,
  kindLabel: {
    like: 'Like',
    comment: 'Comment',
    invite: 'Connection request',
    message: 'Message',
  } satisfies Record<ReviewKind, string>,
  emptyText: 'The text cannot be empty',
  tooLong: (max: number, length: number) => `The text has ${length} characters; at most ${max} go out`,
  placeholder: 'The text has brackets or a placeholder: fill it in or remove them',
  noText: 'This item has no text to edit',
  origins: {
    approved: 'Approved as written',
    edited: 'Edited',
    autopilot: 'Autopilot',
  } satisfies Record<TextOrigin, string>,
} as const;

/** Why an edited text may not go out, or undefined: the same rules the AI's texts keep. */
export function editProblem(text: string, maxLength: number): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return REVIEW_TEXTS.emptyText;
  const length = textLength(trimmed);
  if (length > maxLength) return REVIEW_TEXTS.tooLong(maxLength, length);
  if (hasPlaceholder(trimmed)) return REVIEW_TEXTS.placeholder;
  return undefined;
}

/** The review mode a stored flow config runs with. */
export function reviewModeOf(config: { messagingSettings?: { reviewMode?: ReviewMode } }): ReviewMode {
  return config.messagingSettings?.reviewMode ?? STORED_FLOW_REVIEW_MODE;
}

/**
 * The analytics' comparison (issue 23 point 1): over the flow's life, the invitations with a note and
 * the follow-up messages it sent, by where their text came from, and how many were answered.
 */
export interface TextOriginStats {
  origin: TextOrigin;
  notesSent: number;
  notesAccepted: number;
  messagesSent: number;
  messagesReplied: number;
}
