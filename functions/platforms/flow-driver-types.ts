import { CONNECTION_NOTE_LIMITS } from '../../shared/flow-options';
import type { PersonFields } from '../../shared/person';
import type { Platform } from '../../shared/platforms';
import type { GovernedAction } from '../safety/budgets';
import type { PlatformPage } from './browser';
import type { PlatformStopReason } from './driver-types';

/**
 * What a flow (an AI prospecting campaign, DECISIONS 27-29) asks of a platform driver: find people
 * by the flow's targeting, read their recent posts, like, comment, invite and message, read back
 * what each write left on the platform, follow up on invitations and replies, and withdraw
 * invitations left pending too long.
 *
 * Drivers know pages and endpoints; they store nothing and decide nothing about budgets or notes: the
 * flow runner asks the governor before every call (`actions` names the budget of each), writes the
 * texts and checks each write with the matching read. Every call runs inside the signed-in page
 * (PlatformPage); a wall, a challenge, an ended session or a 429 that is no refusal throws
 * PlatformStop (driver-types.ts) with its reason. A refusal the platform gives as an answer (a note
 * too long, a note quota used up, the weekly invitation limit, a message to a non-connection, a
 * withdrawal of an invitation no longer pending) comes back as `{ ok: false, refusal }`.
 */

/** A flow's target audience, as the wizard stores it (shared/flows.ts, targetingSettings). */
export interface FlowTargeting {
  /** Words, every one of which must be found in the person's name, headline, title, company or skills. */
  keywords: string;
  /** LinkedIn industry ids (`industry_id` of the industry list), as strings: any of them. */
  industries: string[];
  /** Title phrases: any of them contained in the person's current title (any case, whole words). */
  jobTitles: string[];
  /** ISO 3166-1 alpha-2 country codes: any of them. */
  locations: string[];
  /** LinkedIn's company size letters, B (1-10) to I (10,001+): any of them. */
  companySize: string[];
}

/** One person a search found. */
export interface FlowPerson extends PersonFields {
  profileUrl: string;
  imageUrl?: string;
  /** Network distance from the account: 1st, 2nd or 3rd and further. */
  distance?: 1 | 2 | 3;
}

/** What a person's profile shows beyond the search's row (issue 36): their current role and skills. */
export interface FlowProfile {
  headline?: string;
  title?: string;
  company?: string;
  location?: string;
  skills?: string[];
}

/** One recent post of a person, with what the account did to it. */
export interface FlowPost {
  /** The platform's post id (LinkedIn's activity id). */
  id: string;
  url: string;
  /** Who posted it (a FlowPerson id). */
  authorId: string;
  text: string;
  /** ISO time. */
  postedAt: string;
  likes: number;
  comments: number;
  shares: number;
  likedByMe: boolean;
  commentedByMe: boolean;
}

export type InviteRefusal =
  | 'note-too-long'
  | 'note-quota'
  | 'already-invited'
  | 'already-connected'
  | 'weekly-limit';
export type MessageRefusal = 'not-connected';
/** The invitation is no longer pending (none was sent, or it was accepted, declined or withdrawn). */
export type WithdrawRefusal = 'not-pending';

/** One invitation of the account's Sent list, and since when it waits (issue 23 point 2). */
export interface FlowPendingInvitation {
  personId: string;
  /** ISO time it was sent: what "pending for more than N days" is measured from. */
  sentAt: string;
}

/** A write the platform took, or the refusal it answered with. */
export type FlowWrite<R extends string> = { ok: true } | { ok: false; refusal: R };

export interface FlowAccount {
  /** The account's own person id. */
  id: string;
  /** The platform's paid tier (LinkedIn Premium): a longer note, no monthly note quota. */
  premium: boolean;
}

/** A connection note's most characters (code points) on the account's tier (DECISIONS 28). */
export function noteMaxLength(account: Pick<FlowAccount, 'premium'>): number {
  return account.premium ? CONNECTION_NOTE_LIMITS.premium : CONNECTION_NOTE_LIMITS.free;
}

/** Invitations with a note a free account may send in a calendar month (DECISIONS 28). */
export const FREE_NOTES_PER_MONTH = CONNECTION_NOTE_LIMITS.freeNotesPerMonth;

/** A message of a thread that the other person wrote. */
export interface FlowReply {
  text: string;
  /** ISO time. */
  at: string;
}

export interface FlowDriver {
  platform: Platform;
  /** Where the flow's page opens (a light page of the signed-in site). */
  landingPath: string;
  /** Recognises a wall on the landing page's final URL. */
  wallAt(url: string): PlatformStopReason | undefined;
  /** The budget each call takes from (the verify and follow-up reads take 'list-pages'). */
  actions: Readonly<{
    search: GovernedAction;
    profile: GovernedAction;
    recentPosts: GovernedAction;
    like: GovernedAction;
    comment: GovernedAction;
    invite: GovernedAction;
    message: GovernedAction;
    withdraw: GovernedAction;
    read: GovernedAction;
  }>;

  /** The signed-in account: its person id and tier. */
  account(page: PlatformPage): Promise<FlowAccount>;
  /**
   * One page of the people the targeting finds (never the account itself, nor people the platform
   * hides); `next` is the cursor of the following page, absent at the end; `total` the platform's count.
   */
  search(
    page: PlatformPage,
    targeting: FlowTargeting,
    cursor?: string,
  ): Promise<{ people: FlowPerson[]; next?: string; total?: number }>;
  /** What the person's profile shows; undefined when it is not visible to the account. */
  profile(page: PlatformPage, person: FlowPerson): Promise<FlowProfile | undefined>;
  /** The person's most recent posts, newest first, at most `limit`. */
  recentPosts(page: PlatformPage, person: FlowPerson, limit: number): Promise<FlowPost[]>;

  /** Writes: each performs the action only; read it back with the matching verify call. */
  like(page: PlatformPage, post: FlowPost): Promise<void>;
  comment(page: PlatformPage, post: FlowPost, text: string): Promise<void>;
  invite(page: PlatformPage, person: FlowPerson, note?: string): Promise<FlowWrite<InviteRefusal>>;
  message(page: PlatformPage, person: FlowPerson, text: string): Promise<FlowWrite<MessageRefusal>>;
  /**
   * Withdraws the account's pending invitation to the person (verify: invitationState answers
   * 'none'). The platform then keeps the person from being invited again for 3 weeks, which an
   * invite answers as 'already-invited'.
   */
  withdraw(page: PlatformPage, person: FlowPerson): Promise<FlowWrite<WithdrawRefusal>>;

  /** Verify: the platform's own state after a write (never the write's answer alone). */
  isLiked(page: PlatformPage, post: FlowPost): Promise<boolean>;
  hasComment(page: PlatformPage, post: FlowPost, text: string): Promise<boolean>;
  /** 'none' also after the invitation was declined or withdrawn. */
  invitationState(page: PlatformPage, person: FlowPerson): Promise<'none' | 'pending' | 'connected'>;
  hasMessage(page: PlatformPage, person: FlowPerson, text: string): Promise<boolean>;

  /** Follow-up: the person ids of the account's invitations still pending (its Sent list). */
  pendingInvitations(page: PlatformPage): Promise<string[]>;
  /** The same list with each invitation's sent time, newest first: what a withdrawal run picks from. */
  pendingInvitationsSince(page: PlatformPage): Promise<FlowPendingInvitation[]>;
  /** The person ids of the account's connections, most recent first; with `since` (ISO), those made since. */
  connections(page: PlatformPage, since?: string): Promise<string[]>;
  /** What the person wrote in the account's thread with them, oldest first. */
  replies(page: PlatformPage, person: FlowPerson): Promise<FlowReply[]>;
}
