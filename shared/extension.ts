// No zod here: a value import of a zod module would pull zod into the extension's content script
// (shared/platforms.ts imports nothing).
import { isPlatform, type Platform } from './platforms';

/**
 * The browser extension's page protocol (issue 4 point 7): `window.postMessage` between the app's own
 * pages and the extension's content script, which runs on the app's origin only (never on a
 * platform's page). Both sides post to their own window with `targetOrigin = location.origin` and
 * accept a message only when `event.source === window` and `event.origin === location.origin`.
 *
 *   page → extension  {source:'trobly-app', type:'hello'}
 *   extension → page  {source:'trobly-extension', type:'ready', version, paired, userId?}
 *   page → extension  {source:'trobly-app', type:'pair', requestId, accessToken, refreshToken, expiresIn, userId}
 *   extension → page  {source:'trobly-extension', type:'paired', requestId, ok, synced, failed, error?}
 *
 * The page gets the tokens from `POST /api/users/extension/pair` (a session of the extension's own);
 * the extension takes the API's origin from the page's location, never from the message.
 * Pure: the web app and the extension both import it.
 */

/** Where the Download Extension buttons lead: the zip `npm run build:extension` writes into web/dist. */
export const EXTENSION_DOWNLOAD_PATH = '/extension/trobly-extension.zip';

export const APP_MESSAGE_SOURCE = 'trobly-app';
export const EXTENSION_MESSAGE_SOURCE = 'trobly-extension';

/** `document.documentElement.dataset[EXTENSION_MARKER]`: the version, set by the content script. */
export const EXTENSION_MARKER = 'troblyExtension';

/**
 * Pairing rules (issue 8): a pairing may not out-rank the sign-in it comes from. A sign-in older than
 * `recentSignInSeconds` gives the password again; a user keeps at most `maxSessions` paired
 * extensions (one per browser, a few browsers), and pairing again ends the oldest.
 */
export const PAIRING = { recentSignInSeconds: 15 * 60, maxSessions: 3 } as const;

export const PAIRING_TEXTS = {
  passwordNeeded: 'For your security, enter your password to pair the extension.',
  notFromExtension: 'The extension cannot pair itself. Pair it from the Platforms page of the app.',
} as const;

/** How long the page waits for the extension's answer to a pairing (it syncs every platform first). */
export const PAIR_TIMEOUT_MS = 30_000;

export interface HelloMessage {
  source: typeof APP_MESSAGE_SOURCE;
  type: 'hello';
}

export interface PairMessage {
  source: typeof APP_MESSAGE_SOURCE;
  type: 'pair';
  requestId: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds, as the API answered. */
  expiresIn: number;
  /** The account the tokens belong to, so the page can tell whether the extension is paired with it. */
  userId: string;
}

export type AppMessage = HelloMessage | PairMessage;

export interface ReadyMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: 'ready';
  version: string;
  /** Paired with an account on this origin. */
  paired: boolean;
  userId?: string;
}

export interface SyncFailure {
  platform: Platform;
  message: string;
}

export interface PairedMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: 'paired';
  requestId: string;
  ok: boolean;
  /** The platforms whose session reached the API. */
  synced: Platform[];
  /** Signed-in platforms the API refused (plan, expired session...), with its message. */
  failed: SyncFailure[];
  error?: string;
}

export type ExtensionMessage = ReadyMessage | PairedMessage;

const MAX_TOKEN = 4096;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value);

/** A page message the extension acts on, or undefined for anything else. */
export function readAppMessage(data: unknown): AppMessage | undefined {
  if (!isRecord(data) || data.source !== APP_MESSAGE_SOURCE) return undefined;
  if (data.type === 'hello') return { source: APP_MESSAGE_SOURCE, type: 'hello' };
  if (
    data.type === 'pair' &&
    isRequestId(data.requestId) &&
    isText(data.accessToken, MAX_TOKEN) &&
    isText(data.refreshToken, MAX_TOKEN) &&
    typeof data.expiresIn === 'number' &&
    Number.isFinite(data.expiresIn) &&
    data.expiresIn > 0 &&
    isText(data.userId, 128)
  ) {
    return {
      source: APP_MESSAGE_SOURCE,
      type: 'pair',
      requestId: data.requestId,
      accessToken: data.accessToken,
      refreshToken: data.refreshToken,
      expiresIn: data.expiresIn,
      userId: data.userId,
    };
  }
  return undefined;
}

/** An extension message the page acts on, or undefined for anything else. */
export function readExtensionMessage(data: unknown): ExtensionMessage | undefined {
  if (!isRecord(data) || data.source !== EXTENSION_MESSAGE_SOURCE) return undefined;
  if (data.type === 'ready' && isText(data.version, 32)) {
    return {
      source: EXTENSION_MESSAGE_SOURCE,
      type: 'ready',
      version: data.version,
      paired: data.paired === true,
      ...(isText(data.userId, 128) ? { userId: data.userId } : {}),
    };
  }
  if (data.type === 'paired' && isRequestId(data.requestId)) {
    const synced = Array.isArray(data.synced) ? data.synced.filter(isPlatform) : [];
    const failed = Array.isArray(data.failed)
      ? data.failed.flatMap((item): SyncFailure[] =>
          isRecord(item) && isPlatform(item.platform) && isText(item.message, 1024)
            ? [{ platform: item.platform, message: item.message }]
            : [],
        )
      : [];
    return {
      source: EXTENSION_MESSAGE_SOURCE,
      type: 'paired',
      requestId: data.requestId,
      ok: data.ok === true,
      synced,
      failed,
      ...(isText(data.error, 1024) ? { error: data.error } : {}),
    };
  }
  return undefined;
}
