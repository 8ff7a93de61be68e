/**
 * A lead: one person a job extracted (part 2 section 3). Stored once per profile in its automation's
 * own partition, keyed by the platform's stable profile id, so a rerun, a retry or a recurring run
 * overwrites instead of adding a copy. No zod here: the web app's pages import it.
 */
export interface Lead {
  /** The platform's stable profile id (LinkedIn ACoAA..., X rest_id, Instagram pk). */
  id: string;
  profileId: string;
  name: string;
  profileUrl: string;
  profileImage?: string;
  headline?: string;
  /** Skills separated by ' • ' (part 2 section 3). */
  skills?: string;
  title?: string;
  company?: string;
  location?: string;
  description?: string;
  website?: string;
  /** '1st', '2nd', '3rd+' where the list shows it. */
  connectionDegree?: string;
  /** Mutual connections (the demo leads have them, part 2 section 3). */
  mutual?: number;
  extractedAt: string;
  enrichedAt?: string;
  /*
   * DECISIONS 26: what X, Instagram and post-engager lists show beyond the prototype's fields, each
   * where the platform gives it, never folded into `headline` or `description`.
   */
  /** The X or Instagram username, without '@'. */
  handle?: string;
  followersCount?: number;
  followingCount?: number;
  /** The platform's verified badge (X, Instagram), false where it shows none. */
  verified?: boolean;
  /** A private (Instagram) or protected (X) account. */
  isPrivate?: boolean;
  /** How a post engager engaged with the post. */
  engagement?: LeadEngagement;
}

/** The ways a post engager engaged (DECISIONS 26): an X reply and a comment are both 'commented'. */
export const ENGAGEMENT_TYPES = ['liked', 'reacted', 'commented', 'reposted', 'quoted'] as const;
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];

export interface LeadEngagement {
  type: EngagementType;
  /** The comment's, reply's or quote's text. */
  text?: string;
  /** When, as ISO 8601, where the platform shows it. */
  at?: string;
}

/** The separator of `Lead.skills`. */
export const SKILL_SEPARATOR = ' • ';

/** `GET /api/automation/leads/{jobId}?page&limit`. */
export interface LeadsPageResponse {
  success: true;
  data: {
    leads: Lead[];
    /** Every lead of the job, not only this page's. */
    totalLeads: number;
    page: number;
    limit: number;
    totalPages: number;
    /** The last lead's id when more may follow: the `after` of the next chunk. */
    nextAfter?: string;
  };
}

/** A page of the API; the leads screen reads whole automations in chunks of the maximum. */
export const LEADS_PAGE_LIMIT = { default: 50, max: 1000 } as const;
