import type { BuildConfig } from './src/config';
import { platformHosts } from './src/platforms';

/**
 * The extension's manifest (Manifest V3) for a build. What it asks for, and why (platform-notes.md,
 * "The extension"):
 * - `cookies` with host permissions for the platforms' domains: read the session cookies;
 * - `storage`: the pairing and the last sync of each platform; `alarms`: the health re-sync;
 * - the app's origin: its content script (the pairing hand-off) and calls to its API.
 * No web-accessible resources (a platform cannot probe for the extension), no `externally_connectable`
 * (no page can message it directly), and no content script on any platform's page.
 */
export interface ManifestInput extends BuildConfig {
  name: string;
  description: string;
}

/** A match pattern for an app origin. Chrome ignores ports in patterns; the scripts check the exact origin. */
export function originMatch(origin: string): string {
  const url = new URL(origin.endsWith(':*') ? origin.slice(0, -2) : origin);
  return `${url.protocol}//${url.hostname}/*`;
}

export const ICON_SIZES = [16, 32, 48, 128] as const;

export function extensionManifest(input: ManifestInput): Record<string, unknown> {
  const appMatches = [...new Set(input.appOrigins.map(originMatch))];
  const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));
  return {
    manifest_version: 3,
    name: input.name,
    version: input.version,
    description: input.description,
    minimum_chrome_version: '120',
    icons,
    action: {
      default_title: input.name,
      default_popup: 'popup.html',
      default_icon: { '16': icons['16'], '32': icons['32'] },
    },
    background: { service_worker: 'background.js' },
    permissions: ['cookies', 'storage', 'alarms'],
    host_permissions: [...new Set([...platformHosts(input.target), ...appMatches])],
    content_scripts: [
      { matches: appMatches, js: ['content.js'], run_at: 'document_start', all_frames: false },
    ],
  };
}
