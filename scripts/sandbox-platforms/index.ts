import { PLATFORM_TABLE } from '../../shared/platforms';
import type { SandboxFailureRequest } from './failures';
import { type IssuedSession, SANDBOX_ADMIN_PREFIX, type SandboxSite, startSandboxSite } from './server';
import {
  platformOfSandbox,
  SANDBOX_PLATFORMS,
  type SandboxPlatform,
  type SandboxWorldSize,
} from './world-types';

export type { SandboxAccount } from './accounts';
export { LINKEDIN_FREE_ACCOUNT_EMAIL, linkedInFreeAccount } from './accounts';
export type { SandboxClock } from './clock';
export type { SandboxFailureRequest, SandboxFailures, SessionActions } from './failures';
export { INSTAGRAM, instagramMediaId, instagramShortcode } from './instagram';
export { LINKEDIN } from './linkedin';
export { COMPANY_SIZE_BUCKETS, companySizeOf, countryOf, facetedSearch } from './linkedin-facets';
export { INVITE_ERRORS, invitationFate, OUTREACH_RULES, replyFate } from './linkedin-outreach';
export { parseRestli, type RestliValue, restliVariables, toRestli } from './restli';
export type { IssuedSession, SandboxCookie, SandboxSite } from './server';
export { SANDBOX_USER_AGENT, startSandboxSite } from './server';
export { generateWorld } from './world';
export { DEFAULT_LIST_CAP, sandboxListCapFromEnv, sandboxWorldSizeFromEnv } from './world-extras';
export { geoIdOf } from './world-index';
export type {
  SandboxPerson,
  SandboxPlatform,
  SandboxPost,
  SandboxWorld,
  SandboxWorldSize,
} from './world-types';
export {
  DEFAULT_WORLD_SIZE,
  platformOfSandbox,
  SANDBOX_OWNERS,
  SANDBOX_PASSWORD,
  SANDBOX_PLATFORMS,
  SANDBOX_SITE_NAMES,
} from './world-types';
export { X } from './x';

/**
 * The sandbox platforms: simulated LinkedIn, X and Instagram sites, one HTTP server each, started by
 * the local cloud next to the app. See README.md in this folder for routes and credentials.
 */
export const SANDBOX_URL_ENV = Object.fromEntries(
  SANDBOX_PLATFORMS.map((site) => [site, PLATFORM_TABLE[platformOfSandbox(site)].sandboxUrlEnv]),
) as Record<SandboxPlatform, string>;

export interface SandboxPlatformsOptions {
  host?: string;
  /** Fixed ports keep stored profile URLs valid across restarts; 0 or absent picks free ports. */
  ports?: Partial<Record<SandboxPlatform, number>>;
  stateDir?: string;
  /** The owner's list sizes; default SANDBOX_FOLLOWERS and SANDBOX_CONNECTIONS (or the pinned 200 and 120). */
  size?: Partial<SandboxWorldSize>;
  /** LinkedIn's follower and people-search cap; default SANDBOX_LIST_CAP or 1000; 0: none. */
  listCap?: number;
  log?: (line: string) => void;
}

export interface SandboxPlatforms {
  sites: Record<SandboxPlatform, SandboxSite>;
  /** SANDBOX_LINKEDIN_URL, SANDBOX_X_URL, SANDBOX_INSTAGRAM_URL. */
  env: Record<string, string>;
  /** Moves every site's simulated clock forward (each site also has its own: `sites.linkedin.clock`). */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

export async function startSandboxPlatforms(
  options: SandboxPlatformsOptions = {},
): Promise<SandboxPlatforms> {
  const started: SandboxSite[] = [];
  try {
    for (const platform of SANDBOX_PLATFORMS) {
      const start = (port: number) =>
        startSandboxSite({
          platform,
          port,
          ...(options.host ? { host: options.host } : {}),
          ...(options.stateDir ? { stateDir: options.stateDir } : {}),
          ...(options.size ? { size: options.size } : {}),
          ...(options.listCap !== undefined ? { listCap: options.listCap } : {}),
          ...(options.log ? { log: options.log } : {}),
        });
      const port = options.ports?.[platform] ?? 0;
      started.push(
        await start(port).catch((error: NodeJS.ErrnoException) => {
          if (port === 0 || error.code !== 'EADDRINUSE') throw error;
          options.log?.(`[sandbox ${platform}] port ${port} is in use: using a free port`);
          return start(0);
        }),
      );
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
  const sites = Object.fromEntries(started.map((s) => [s.platform, s])) as Record<
    SandboxPlatform,
    SandboxSite
  >;
  return {
    sites,
    env: Object.fromEntries(started.map((s) => [SANDBOX_URL_ENV[s.platform], s.url])),
    advanceClock: (ms) => {
      for (const site of started) site.clock.advance(ms);
    },
    stop: async () => {
      await Promise.all(started.map((s) => s.stop()));
    },
  };
}

/** The sandbox site's URL from the environment the local cloud sets. */
export function sandboxUrl(platform: SandboxPlatform, source: NodeJS.ProcessEnv = process.env): string {
  const url = source[SANDBOX_URL_ENV[platform]];
  if (!url)
    throw new Error(`${SANDBOX_URL_ENV[platform]} is not set: the sandbox platforms run with npm start`);
  return url;
}

/**
 * Signs the seeded owner (or, with `account: 'free'`, LinkedIn's free account) in on a sandbox site
 * and returns the cookies, as the extension would send them: what "Connect sandbox account" stores.
 * Works from any process that can reach the site.
 */
export async function issueSession(
  platform: SandboxPlatform,
  options: { baseUrl?: string; userAgent?: string; account?: string } = {},
): Promise<IssuedSession> {
  const base = options.baseUrl ?? sandboxUrl(platform);
  const response = await fetch(`${base}${SANDBOX_ADMIN_PREFIX}sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.account ? { account: options.account } : {}),
    }),
  });
  if (response.status !== 201)
    throw new Error(`The sandbox ${platform} refused a session (${response.status})`);
  return (await response.json()) as IssuedSession;
}

/**
 * The tokens (login cookie values) of the sessions a site issued to a browser with this User-Agent, oldest
 * first: a test gives its browser a User-Agent of its own, connects through the app, and so finds the
 * session it may slow or fail without touching anyone else's (`setSandboxFailures` with `token`).
 */
export async function sandboxSessionTokens(
  platform: SandboxPlatform,
  userAgent: string,
  baseUrl?: string,
): Promise<string[]> {
  const query = new URLSearchParams({ userAgent });
  const response = await fetch(`${baseUrl ?? sandboxUrl(platform)}${SANDBOX_ADMIN_PREFIX}sessions?${query}`);
  if (!response.ok) throw new Error(`The sandbox ${platform} refused to list sessions (${response.status})`);
  const { sessions } = (await response.json()) as { sessions: Array<{ token: string; createdAt: string }> };
  return sessions.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((session) => session.token);
}

/** Turns the challenge wall on or off (every page then answers the platform's checkpoint). */
export async function setSandboxChallenge(
  platform: SandboxPlatform,
  on: boolean,
  baseUrl?: string,
): Promise<void> {
  const response = await fetch(`${baseUrl ?? sandboxUrl(platform)}${SANDBOX_ADMIN_PREFIX}challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on }),
  });
  if (!response.ok)
    throw new Error(`The sandbox ${platform} refused the challenge switch (${response.status})`);
}

/**
 * Sets the failure switches of a sandbox site (see failures.ts): for one session (`token`, the value
 * of its login cookie: li_at, auth_token or sessionid) or, without a token, for every session; or
 * `{ clear: true }`. Setting or clearing starts the affected sessions' counts again.
 */
export async function setSandboxFailures(
  platform: SandboxPlatform,
  failures: SandboxFailureRequest,
  baseUrl?: string,
): Promise<void> {
  const response = await fetch(`${baseUrl ?? sandboxUrl(platform)}${SANDBOX_ADMIN_PREFIX}failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(failures),
  });
  if (!response.ok)
    throw new Error(
      `The sandbox ${platform} refused the failure switches (${response.status}): ${await response.text()}`,
    );
}

/**
 * Moves a sandbox site's simulated clock forward (`POST /__sandbox/clock`) and answers its new time:
 * what happens "hours later" there (LinkedIn's accepted and declined invitations, replies) follows.
 */
export async function advanceSandboxClock(
  platform: SandboxPlatform,
  ms: number,
  baseUrl?: string,
): Promise<Date> {
  const response = await fetch(`${baseUrl ?? sandboxUrl(platform)}${SANDBOX_ADMIN_PREFIX}clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!response.ok)
    throw new Error(
      `The sandbox ${platform} refused to move its clock (${response.status}): ${await response.text()}`,
    );
  return new Date(((await response.json()) as { now: string }).now);
}
