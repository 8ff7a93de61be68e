import type { Platform } from '../../shared/platforms';

/**
 * What a connected account may do, per action kind, per day and per week (issue 11 point 8), and how
 * far apart a person would space those actions. No platform publishes numbers: these are the
 * conservative ends of the vendors' published figures (platform-notes.md), shared by every trob and
 * flow of the account. List pages and searches are reads of a list the user could scroll themselves;
 * profile views are visits the platform shows to the person visited.
 */
export const GOVERNED_ACTIONS = [
  'profile-views',
  'list-pages',
  'searches',
  'invitations',
  'messages',
  'likes',
  'comments',
  'withdrawals',
] as const;
export type GovernedAction = (typeof GOVERNED_ACTIONS)[number];

/** The actions that write to the platform (the others read): the ones a warm-up ramps. */
const WRITE_ACTIONS: ReadonlySet<GovernedAction> = new Set([
  'invitations',
  'messages',
  'likes',
  'comments',
  'withdrawals',
]);
export const isWriteAction = (action: GovernedAction): boolean => WRITE_ACTIONS.has(action);

export interface ActionBudget {
  daily: number;
  weekly: number;
  /** Random spacing between two actions of this kind, in milliseconds, at pacing scale 1. */
  spacingMs: readonly [min: number, max: number];
}

const READ_SPACING = [2000, 5000] as const;
const WRITE_SPACING = [60_000, 300_000] as const;

export const BUDGETS: Readonly<Record<Platform, Readonly<Record<GovernedAction, ActionBudget>>>> = {
  linkedin: {
    // 80 a day is one vendor's default; about 5 working days a week.
    'profile-views': { daily: 80, weekly: 400, spacingMs: READ_SPACING },
    // A follower page holds 50 people: 200 pages is 10,000 followers a day.
    'list-pages': { daily: 200, weekly: 1000, spacingMs: READ_SPACING },
    searches: { daily: 100, weekly: 500, spacingMs: READ_SPACING },
    // About 100 a week is the common safe default.
    invitations: { daily: 20, weekly: 100, spacingMs: WRITE_SPACING },
    messages: { daily: 20, weekly: 100, spacingMs: WRITE_SPACING },
    likes: { daily: 50, weekly: 250, spacingMs: WRITE_SPACING },
    comments: { daily: 10, weekly: 50, spacingMs: WRITE_SPACING },
    // Withdrawing invitations pending too long (issue 23 point 2): a backlog drained slowly, never in a burst.
    withdrawals: { daily: 30, weekly: 150, spacingMs: WRITE_SPACING },
  },
  twitter: {
    'profile-views': { daily: 300, weekly: 1500, spacingMs: READ_SPACING },
    'list-pages': { daily: 300, weekly: 1500, spacingMs: READ_SPACING },
    searches: { daily: 100, weekly: 500, spacingMs: READ_SPACING },
    invitations: { daily: 100, weekly: 500, spacingMs: WRITE_SPACING },
    messages: { daily: 100, weekly: 500, spacingMs: WRITE_SPACING },
    likes: { daily: 100, weekly: 500, spacingMs: WRITE_SPACING },
    comments: { daily: 50, weekly: 250, spacingMs: WRITE_SPACING },
    // Follow requests to protected accounts are X's only pending invitations: LinkedIn's figure.
    withdrawals: { daily: 30, weekly: 150, spacingMs: WRITE_SPACING },
  },
  // No reliable numbers; challenges after a handful of follows: very conservative.
  instagram: {
    'profile-views': { daily: 60, weekly: 300, spacingMs: READ_SPACING },
    'list-pages': { daily: 100, weekly: 500, spacingMs: READ_SPACING },
    searches: { daily: 30, weekly: 150, spacingMs: READ_SPACING },
    invitations: { daily: 10, weekly: 50, spacingMs: WRITE_SPACING },
    messages: { daily: 10, weekly: 50, spacingMs: WRITE_SPACING },
    likes: { daily: 20, weekly: 100, spacingMs: WRITE_SPACING },
    comments: { daily: 5, weekly: 25, spacingMs: WRITE_SPACING },
    // Requests to private accounts: no more withdrawn than invitations sent.
    withdrawals: { daily: 10, weekly: 50, spacingMs: WRITE_SPACING },
  },
};

/** When the platform itself signals a limit, that kind of action rests for hours, not minutes. */
export const PLATFORM_LIMIT_REST_MS = 6 * 3600 * 1000;
