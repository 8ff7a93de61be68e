import type { Platform } from '../../../shared/platforms';
import { ApiCallError, type ApiClient, NotPairedError, type PairingStore } from './api';
import type { BuildTarget } from './config';
import {
  type BrowserCookie,
  cookieFingerprint,
  PLATFORM_COOKIES,
  PLATFORM_ORDER,
  pickSessionCookies,
} from './platforms';

/**
 * Reading one platform's session cookies and sending them to `POST /api/users/platforms/sync`. The
 * server asks the platform who the session belongs to, so only cookies (and the browser's user agent,
 * which must match the one that made them) are sent. No chrome API here: the cookie reader and the
 * storage are passed in.
 */

/** Quiet time after a session cookie changes before its platform is synced (a sign-in sets several). */
export const COOKIE_DEBOUNCE_MS = 2000;
/** The health re-sync period (a chrome.alarms alarm); also how long an unchanged session is not re-sent. */
export const HEALTH_PERIOD_MINUTES = 6 * 60;
export const UNCHANGED_WINDOW_MS = HEALTH_PERIOD_MINUTES * 60_000;

/** The last outcome per platform, shown by the popup. */
export interface PlatformStatus {
  /** Epoch ms. */
  at: number;
  state: 'synced' | 'signed-out' | 'failed';
  message: string;
  /** The account the API saw (its username), after a sync. */
  account?: string;
}

/** What was last sent successfully: a digest of the cookies, never a value. */
export interface SentRecord {
  fingerprint: string;
  at: number;
}

export type SyncResult =
  | { platform: Platform; result: 'synced'; message: string; account?: string }
  | { platform: Platform; result: 'failed'; message: string }
  | { platform: Platform; result: 'unchanged' | 'signed-out' | 'not-paired' };

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export const statusKey = (platform: Platform) => `status:${platform}`;
export const sentKey = (platform: Platform) => `sent:${platform}`;
export const syncStateKeys = (): string[] => PLATFORM_ORDER.flatMap((p) => [statusKey(p), sentKey(p)]);

interface SyncAnswer {
  data?: { platform?: { accountUsername?: string | null } };
  message?: string;
}

export interface SyncerDeps {
  target: BuildTarget;
  api: ApiClient;
  pairing: PairingStore;
  store: KeyValueStore;
  /** `chrome.cookies.getAll({ url })`. */
  readCookies(url: string): Promise<BrowserCookie[]>;
  userAgent: string;
  /** The browser's IANA zone now: the account's budgets reset at its midnight (DECISIONS 29). */
  timeZone?: () => string | undefined;
  now?: () => number;
}

export function createSyncer(deps: SyncerDeps) {
  const { target, api, pairing, store, readCookies, userAgent, now = Date.now } = deps;
  // One sync per platform at a time: a cookie change and the health alarm may meet.
  const queues = new Map<Platform, Promise<unknown>>();

  function serialised<T>(platform: Platform, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(platform) ?? Promise.resolve();
    const next = previous.then(work, work);
    queues.set(
      platform,
      next.catch(() => undefined),
    );
    return next;
  }

  async function run(platform: Platform, force: boolean): Promise<SyncResult> {
    const spec = PLATFORM_COOKIES[platform];
    if (!(await pairing.load())) return { platform, result: 'not-paired' };
    const bySource = await Promise.all(spec.sources[target].map((url) => readCookies(url)));
    const cookies = pickSessionCookies(spec, bySource);
    if (!cookies) {
      await store.set(statusKey(platform), {
        at: now(),
        state: 'signed-out',
        message: `Not signed in to ${spec.label} in this browser`,
      } satisfies PlatformStatus);
      return { platform, result: 'signed-out' };
    }
    const timeZone = deps.timeZone?.();
    // A new zone (the user travelled) is news for the server even with the same cookies.
    const fingerprint = await cookieFingerprint(cookies, timeZone ? `${userAgent}\n${timeZone}` : userAgent);
    const last = await store.get<SentRecord>(sentKey(platform));
    if (!force && last?.fingerprint === fingerprint && now() - last.at < UNCHANGED_WINDOW_MS) {
      return { platform, result: 'unchanged' };
    }
    try {
      const answer = await api.call<SyncAnswer | undefined>('/users/platforms/sync', {
        method: 'POST',
        body: { platform, cookies, userAgent, ...(timeZone ? { timeZone } : {}) },
      });
      const account = answer?.data?.platform?.accountUsername ?? undefined;
      const message = answer?.message || `${spec.label} synced`;
      await store.set(sentKey(platform), { fingerprint, at: now() } satisfies SentRecord);
      await store.set(statusKey(platform), {
        at: now(),
        state: 'synced',
        message,
        ...(account ? { account } : {}),
      } satisfies PlatformStatus);
      return { platform, result: 'synced', message, ...(account ? { account } : {}) };
    } catch (error) {
      if (error instanceof NotPairedError) return { platform, result: 'not-paired' };
      const message = error instanceof ApiCallError ? error.message : 'The sync failed';
      await store.remove([sentKey(platform)]);
      await store.set(statusKey(platform), { at: now(), state: 'failed', message } satisfies PlatformStatus);
      return { platform, result: 'failed', message };
    }
  }

  /** Syncs one platform; `force` sends the session even when it has not changed. */
  const syncPlatform = (platform: Platform, { force = false }: { force?: boolean } = {}) =>
    serialised(platform, () => run(platform, force));

  return {
    syncPlatform,
    syncAll: (options: { force?: boolean } = {}): Promise<SyncResult[]> =>
      Promise.all(PLATFORM_ORDER.map((platform) => syncPlatform(platform, options))),
  };
}

export type Syncer = ReturnType<typeof createSyncer>;
