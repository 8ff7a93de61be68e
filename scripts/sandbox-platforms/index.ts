import { PLATFORM_TABLE } from '../../shared/platforms';
import { type IssuedSession, SANDBOX_ADMIN_PREFIX, type SandboxSite, startSandboxSite } from './server';
import { platformOfSandbox, SANDBOX_PLATFORMS, type SandboxPlatform } from './world-types';

export type { IssuedSession, SandboxCookie, SandboxSite } from './server';
export { SANDBOX_USER_AGENT, startSandboxSite } from './server';
export { generateWorld } from './world';
export type { SandboxPlatform, SandboxWorld } from './world-types';
export {
  platformOfSandbox,
  SANDBOX_OWNERS,
  SANDBOX_PASSWORD,
  SANDBOX_PLATFORMS,
  SANDBOX_SITE_NAMES,
} from './world-types';

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
  log?: (line: string) => void;
}

export interface SandboxPlatforms {
  sites: Record<SandboxPlatform, SandboxSite>;
  /** SANDBOX_LINKEDIN_URL, SANDBOX_X_URL, SANDBOX_INSTAGRAM_URL. */
  env: Record<string, string>;
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
 * Signs the seeded owner in on a sandbox site and returns the cookies, as the extension would send
 * them: what "Connect sandbox account" stores. Works from any process that can reach the site.
 */
export async function issueSession(
  platform: SandboxPlatform,
  options: { baseUrl?: string; userAgent?: string } = {},
): Promise<IssuedSession> {
  const base = options.baseUrl ?? sandboxUrl(platform);
  const response = await fetch(`${base}${SANDBOX_ADMIN_PREFIX}sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (response.status !== 201)
    throw new Error(`The sandbox ${platform} refused a session (${response.status})`);
  return (await response.json()) as IssuedSession;
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
