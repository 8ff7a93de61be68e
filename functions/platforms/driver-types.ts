import type { Lead, LeadEngagement } from '../../shared/leads';
import type { Platform } from '../../shared/platforms';
import type { GovernedAction } from '../safety/budgets';
import type { PlatformPage } from './browser';

/**
 * What the trob engine asks of a platform driver (one folder per platform: session, endpoints and
 * selectors, one extractor per list kind). Drivers know pages and endpoints; they store nothing and
 * decide nothing about budgets: the engine asks the governor before every call.
 */

/** Why a platform stopped a run; each is detected from the platform's own answers. */
export type PlatformStopReason =
  /** A checkpoint or challenge page, or the bot defence. */
  | 'challenge'
  /** Signed out: 401, or a login wall. */
  | 'expired'
  /** 429 or the platform's own limit message. */
  | 'rate-limited'
  /** The platform answered in a shape we do not know (a stale query id, a redesigned page). */
  | 'changed'
  /** The target does not exist or is not visible to this account. */
  | 'not-found';

export class PlatformStop extends Error {
  constructor(
    readonly reason: PlatformStopReason,
    readonly detail: string,
    /** When the platform said to come back (X's rate-limit reset). */
    readonly retryAt?: Date,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'PlatformStop';
  }
}

/** One person as a list shows them. */
export interface ListRow {
  /** The platform's stable profile id. */
  id: string;
  name: string;
  headline?: string;
  location?: string;
  profileUrl?: string;
  profileImage?: string;
  connectionDegree?: string;
  website?: string;
  description?: string;
  /** Where the list (or a visit made to read it) shows them already, so no second visit is needed. */
  title?: string;
  company?: string;
  /** Skills separated by ' • ' (shared/leads.ts). */
  skills?: string;
  /** DECISIONS 26, where the list shows them: the X or Instagram username (no '@'), counts, flags. */
  handle?: string;
  followersCount?: number;
  followingCount?: number;
  verified?: boolean;
  /** Instagram's private account, X's protected one. */
  isPrivate?: boolean;
  /** Post engagers: how this person engaged (a comment's or quote's text and time where shown). */
  engagement?: LeadEngagement;
  /** The platform hides who this is ('LinkedIn Member', a private account): never stored. */
  hidden: boolean;
  /** Extra words the template's filters read that are no lead field (a reaction type, the post's author). */
  context?: Record<string, string | number | boolean>;
}

export interface ListPage {
  rows: ListRow[];
  /** The list's own cursor for the next page; absent at the end. */
  next?: string;
  /** How many the platform says the list holds. */
  total?: number;
  /** The platform stopped listing at this many although its total is larger. */
  cap?: number;
}

/** A trob's config as the template's schema validated it. */
export type TrobConfig = Record<string, unknown>;

export interface ListReader {
  /** The budget each page read takes from. */
  action: GovernedAction;
  /**
   * For a list whose reads are not all alike (Instagram's bio-keyword mode visits queued profiles
   * between list pages): the budget the read at `cursor` takes. Absent: always `action`.
   */
  actionAt?(cursor: string | undefined, config: TrobConfig): GovernedAction;
  /** What the list is of, in words: 'followers', 'connections', 'search results'. */
  noun: string;
  /** The most this list shows, in the platform's words ('LinkedIn lists at most 1,000'). */
  capWords?: (cap: number) => string;
  /** Reads the page at `cursor` (undefined = the first). */
  read(page: PlatformPage, cursor: string | undefined, config: TrobConfig): Promise<ListPage>;
}

export interface ProfileReader {
  action: GovernedAction;
  /** The lead's fields as the profile shows them; undefined when the profile is not visible. */
  read(page: PlatformPage, lead: Lead, config: TrobConfig): Promise<Partial<Lead> | undefined>;
}

/** Everything the engine needs to run one template. */
export interface TrobDriver {
  platform: Platform;
  /** Where the run's page opens (a light page of the signed-in site). */
  landingPath: string;
  /** Recognises a wall on the landing page's final URL. */
  wallAt(url: string): PlatformStopReason | undefined;
  list: ListReader;
  /** Profile visits for the fields the list does not show; used only when `wantsEnrichment` says so. */
  profile?: ProfileReader;
  wantsEnrichment?(config: TrobConfig): boolean;
  /** Template filters on a listed row: false leaves the row out (counted as filtered). */
  keep?(row: ListRow, config: TrobConfig): boolean;
}
