import { PLATFORMS, type Platform } from '../../shared/platforms';

/**
 * The sandbox platforms' seeded world, its shape and its fixed settings: people, companies, posts,
 * followers and (LinkedIn) connections, generated (world.ts) from a fixed seed so every run, every
 * machine and every test sees the same data.
 */

/**
 * The sandbox's name for each platform of the shared table (shared/platforms.ts): its site, port,
 * URL env, session file and world. The sites are named after the real ones, so Twitter's is 'x'.
 */
export const SANDBOX_SITE_NAMES = {
  linkedin: 'linkedin',
  twitter: 'x',
  instagram: 'instagram',
} as const satisfies Record<Platform, string>;
export type SandboxPlatform = (typeof SANDBOX_SITE_NAMES)[Platform];
/** In the shared table's order. */
export const SANDBOX_PLATFORMS: readonly SandboxPlatform[] = PLATFORMS.map((p) => SANDBOX_SITE_NAMES[p]);

/** The shared platform a sandbox site plays. */
export function platformOfSandbox(site: SandboxPlatform): Platform {
  return PLATFORMS.find((p) => SANDBOX_SITE_NAMES[p] === site)!;
}

export const SANDBOX_SEED = 20260115;
/** "Now" inside the sandbox: every created time is before it, so the data does not drift with the clock. */
export const SANDBOX_EPOCH = Date.UTC(2026, 0, 15, 12, 0, 0);

export const SANDBOX_SIZES = {
  people: 300,
  companies: 40,
  posts: 40,
  ownerPosts: 12,
  ownerConnections: 120,
  ownerFollowers: 200,
  ownerFollowing: 150,
} as const;

/**
 * How big the owner's lists are. The defaults are the pinned world's; larger lists add generated
 * people after the pinned ones (their own random stream), smaller ones cut the owner's lists.
 * `npm start` and the sites read SANDBOX_FOLLOWERS and SANDBOX_CONNECTIONS (sandboxWorldSizeFromEnv).
 */
export interface SandboxWorldSize {
  /** The owner's followers (every platform). */
  followers: number;
  /** The LinkedIn owner's 1st-degree connections. */
  connections: number;
}

export const DEFAULT_WORLD_SIZE: Readonly<SandboxWorldSize> = {
  followers: SANDBOX_SIZES.ownerFollowers,
  connections: SANDBOX_SIZES.ownerConnections,
};

/** The largest list the env may ask for (the world is held in memory). */
export const MAX_WORLD_LIST = 200_000;

/** A past or current job (LinkedIn profile positions), dates as YYYY-MM. */
export interface SandboxPosition {
  title: string;
  company: string;
  /** The world company's id, when the company is one of the world's. */
  companyId?: string;
  location: string;
  description: string;
  start: string;
  /** Absent for the current position. */
  end?: string;
}

export interface SandboxEducation {
  school: string;
  degree: string;
  fieldOfStudy: string;
  startYear: number;
  endYear: number;
}

/**
 * Details added after the pinned world: each person's come from a random stream seeded with their
 * id (world-extras.ts), so adding them moved nothing of the pinned world.
 */
export interface SandboxPersonExtras {
  /** 0-12 professional skills. */
  skills: string[];
  /** About a third of people have one. */
  website?: string;
  /** Served by the site itself (no session needed): `/media/avatars/<id>.svg`, relative to the site. */
  imageUrl: string;
  /**
   * About 3% (never the owner): LinkedIn lists show them as "LinkedIn Member" without a profile link,
   * X marks them protected, Instagram private.
   */
  hidden: boolean;
  /** About 4%: X's blue check, Instagram's verified badge. */
  verified: boolean;
  /** The current position first (title and company above), then 0-2 earlier ones. */
  positions: SandboxPosition[];
  /** 0-2 schools. */
  educations: SandboxEducation[];
}

/** The fields of the pinned world (world.test.ts hashes them), without the extras. */
export interface SandboxPersonBase {
  /** The platform's own id: LinkedIn profile id (ACoAA...), X rest_id, Instagram pk. */
  id: string;
  /** LinkedIn member number (urn:li:member:N); the same as id on X and Instagram. */
  memberId: string;
  /** LinkedIn public identifier (/in/<handle>), X screen name, Instagram username. */
  handle: string;
  firstName: string;
  lastName: string;
  name: string;
  headline: string;
  bio: string;
  title: string;
  companyId: string;
  company: string;
  location: string;
  industry: string;
  email: string;
  createdAt: string;
  isOwner: boolean;
}

export type SandboxPerson = SandboxPersonBase & SandboxPersonExtras;

export interface SandboxCompanyBase {
  id: string;
  slug: string;
  name: string;
  industry: string;
  location: string;
  employees: number;
}

export interface SandboxCompanyFollower {
  personId: string;
  followedAt: string;
}

/** Added after the pinned world, from a stream seeded with the company id. */
export interface SandboxCompanyExtras {
  /** People who follow the company page, most recent first. */
  followers: SandboxCompanyFollower[];
  /** Who administers the page: the LinkedIn owner administers their own company's page. */
  adminIds: string[];
}

export type SandboxCompany = SandboxCompanyBase & SandboxCompanyExtras;

export interface SandboxComment {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
}

export interface SandboxPostBase {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  likerIds: string[];
  comments: SandboxComment[];
}

/** LinkedIn's reaction types (the post leads template's filter). */
export const LINKEDIN_REACTION_TYPES = [
  'LIKE',
  'PRAISE',
  'EMPATHY',
  'INTEREST',
  'APPRECIATION',
  'ENTERTAINMENT',
] as const;
export type LinkedInReactionType = (typeof LINKEDIN_REACTION_TYPES)[number];

/** Added after the pinned world, from a stream seeded with the post id. */
export interface SandboxPostExtras {
  /** Instagram's /p/<shortcode>/: the id in Instagram's base-64 alphabet (instagramShortcode). */
  shortcode: string;
  /** One per liker, in likerIds' order: LinkedIn's reaction types ('LIKE' on X and Instagram). */
  reactionTypes: LinkedInReactionType[];
  /** Who reposted it (X retweeters). */
  repostIds: string[];
  /** Quote posts of it (X only; empty elsewhere), oldest first. */
  quotes: SandboxComment[];
}

export type SandboxPost = SandboxPostBase & SandboxPostExtras;

export interface SandboxConnection {
  personId: string;
  connectedAt: string;
}

export interface SandboxWorld {
  platform: SandboxPlatform;
  seed: number;
  owner: SandboxPerson;
  /** Everyone, the owner first; generated extra people (a larger SANDBOX_FOLLOWERS) last. */
  people: SandboxPerson[];
  companies: SandboxCompany[];
  /** Newest first. */
  posts: SandboxPost[];
  /** person id -> ids of the people who follow them. */
  followers: Record<string, string[]>;
  /** person id -> ids of the people they follow. */
  following: Record<string, string[]>;
  /** LinkedIn only (empty elsewhere): person id -> 1st-degree connections, most recent first. */
  connections: Record<string, SandboxConnection[]>;
  /** What the world was generated for. */
  size: SandboxWorldSize;
}

/** The owners: the accounts whose sessions the app uses. Sign-in with handle or e-mail and the password. */
export const SANDBOX_PASSWORD = 'sandbox-password';
export const SANDBOX_OWNERS: Record<
  SandboxPlatform,
  { firstName: string; lastName: string; handle: string }
> = {
  linkedin: { firstName: 'Sandra', lastName: 'Box', handle: 'sandra-box' },
  x: { firstName: 'Xavier', lastName: 'Box', handle: 'xavier_sandbox' },
  instagram: { firstName: 'Ines', lastName: 'Box', handle: 'ines.sandbox' },
};
