import type { Env } from './env';

/**
 * The origins the web app is served from, which checkout return addresses must name (anything else
 * would be an open redirect). In AWS exactly the distribution's (PUBLIC_APP_URL); on the local cloud
 * also every address `npm start` really serves it at (LOCAL_APP_ORIGINS: localhost and 127.0.0.1 at
 * the app's port, and the host it listens on), since a browser may open any of them.
 */
export function appOrigins(
  source: Pick<Env, 'APP_RUNTIME' | 'PUBLIC_APP_URL' | 'LOCAL_APP_ORIGINS'>,
): Set<string> {
  const origins = new Set([new URL(source.PUBLIC_APP_URL).origin]);
  if (source.APP_RUNTIME === 'local') {
    for (const origin of (source.LOCAL_APP_ORIGINS ?? '').split(',')) {
      const trimmed = origin.trim();
      if (URL.canParse(trimmed)) origins.add(new URL(trimmed).origin);
    }
  }
  return origins;
}

/** Whether `url` is a page of the app: its origin is one the app is served from. */
export function isAppUrl(url: string, origins: Set<string>): boolean {
  if (!URL.canParse(url)) return false;
  return origins.has(new URL(url).origin);
}
