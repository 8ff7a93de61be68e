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

export interface SandboxPerson {
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

export interface SandboxCompany {
  id: string;
  slug: string;
  name: string;
  industry: string;
  location: string;
  employees: number;
}

export interface SandboxComment {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
}

export interface SandboxPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  likerIds: string[];
  comments: SandboxComment[];
}

export interface SandboxConnection {
  personId: string;
  connectedAt: string;
}

export interface SandboxWorld {
  platform: SandboxPlatform;
  seed: number;
  owner: SandboxPerson;
  /** Everyone, the owner first. */
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
