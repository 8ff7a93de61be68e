/**
 * What a build of the extension is for, fixed at build time (scripts/build-extension.ts fills
 * `__TROBLY_BUILD__` through esbuild's `define`):
 *
 * - `local`: the app of `npm start` on `http://localhost:<any port>`, and the sandbox platform sites
 *   (127.0.0.1, ports app + 11..13) as the cookie sources;
 * - `production`: the app at PUBLIC_APP_URL, and the real LinkedIn, X and Instagram.
 *
 * The cookie sources of each target are in platforms.ts.
 */
export type BuildTarget = 'local' | 'production';

export interface BuildConfig {
  target: BuildTarget;
  version: string;
  /** Where the popup sends a user who has not paired yet. */
  appUrl: string;
  /**
   * The origins the app is served from: an exact origin (`https://app.example.com`), or a host on any
   * port (`http://localhost:*`). Only pages of these origins may pair the extension.
   */
  appOrigins: readonly string[];
}

/** Whether `origin` (a page's `location.origin`, a sender's origin) is one of the app's. */
export function isAppOrigin(origin: string | undefined, appOrigins: readonly string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return appOrigins.some((rule) => {
    if (!rule.endsWith(':*')) return rule === origin;
    const base = new URL(rule.slice(0, -2));
    return base.protocol === url.protocol && base.hostname === url.hostname;
  });
}
