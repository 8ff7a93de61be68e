import type { Platform } from '../../../shared/platforms';
import { ApiCallError, createApiClient, NotPairedError, type Pairing, type PairingStore } from './api';
import { BUILD } from './build';
import { isAppOrigin } from './config';
import type { BackgroundRequest, PageStatus, PairResult, PopupStatus } from './messages';
import { PLATFORM_COOKIES, PLATFORM_ORDER, platformOfCookie } from './platforms';
import {
  COOKIE_DEBOUNCE_MS,
  createSyncer,
  HEALTH_PERIOD_MINUTES,
  type KeyValueStore,
  type PlatformStatus,
  type SyncResult,
  statusKey,
  syncStateKeys,
} from './sync';

/**
 * The service worker: keeps the pairing, and syncs a platform's session cookies to the API when the
 * extension is paired, when the browser starts, when one of those cookies changes (after 2 s of
 * quiet) and every 6 hours as a health check. It reads cookies only; it never touches a platform's
 * page and takes no message from one (the content script runs on the app's origin only).
 */
const PAIRING_KEY = 'pairing';
const HEALTH_ALARM = 'trobly-health-sync';

const storage = chrome.storage.local;
const store: KeyValueStore = {
  async get<T>(key: string) {
    return (await storage.get(key))[key] as T | undefined;
  },
  set: (key, value) => storage.set({ [key]: value }),
  remove: (keys) => storage.remove(keys),
};
const pairingStore: PairingStore = {
  load: () => store.get<Pairing>(PAIRING_KEY),
  save: (pairing) => store.set(PAIRING_KEY, pairing),
  clear: () => store.remove([PAIRING_KEY]),
};
const api = createApiClient({ store: pairingStore, fetch: (input, init) => fetch(input, init) });
const syncer = createSyncer({
  target: BUILD.target,
  api,
  pairing: pairingStore,
  store,
  readCookies: (url) => chrome.cookies.getAll({ url }),
  userAgent: navigator.userAgent,
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
});

function summary(results: SyncResult[]): Pick<PairResult, 'synced' | 'failed'> {
  return {
    synced: results.flatMap((r) => (r.result === 'synced' ? [r.platform] : [])),
    failed: results.flatMap((r) =>
      r.result === 'failed' ? [{ platform: r.platform, message: r.message }] : [],
    ),
  };
}

interface MeAnswer {
  data?: { user?: { id?: string; email?: string } };
}

/** Stores the tokens the app's page handed over, checks them with the API, then syncs every platform. */
async function pair(
  request: Extract<BackgroundRequest, { type: 'pair' }>,
  apiOrigin: string,
): Promise<PairResult> {
  const previous = await pairingStore.load();
  const now = Date.now();
  await pairingStore.save({
    apiOrigin,
    accessToken: request.accessToken,
    refreshToken: request.refreshToken,
    accessExpiresAt: now + request.expiresIn * 1000,
    userId: request.userId,
    pairedAt: now,
  });
  await store.remove(syncStateKeys());
  // The session of an earlier pairing is not needed any more.
  if (previous && previous.refreshToken !== request.refreshToken) await api.logout(previous);
  try {
    const user = (await api.call<MeAnswer>('/auth/me')).data?.user;
    const current = await pairingStore.load();
    if (!current || !user?.id) throw new ApiCallError(0, 'Trobly did not say who the pairing is for');
    await pairingStore.save({ ...current, userId: user.id, ...(user.email ? { email: user.email } : {}) });
  } catch (error) {
    await pairingStore.clear();
    const message =
      error instanceof NotPairedError
        ? 'Trobly refused the pairing. Please try again.'
        : error instanceof Error
          ? error.message
          : 'The pairing failed';
    return { ok: false, synced: [], failed: [], error: message };
  }
  return { ok: true, ...summary(await syncer.syncAll({ force: true })) };
}

async function unpair(): Promise<void> {
  const pairing = await pairingStore.load();
  await pairingStore.clear();
  await store.remove(syncStateKeys());
  if (pairing) await api.logout(pairing);
}

async function pageStatus(origin: string): Promise<PageStatus> {
  const pairing = await pairingStore.load();
  if (!pairing || pairing.apiOrigin !== origin) return { paired: false };
  return { paired: true, userId: pairing.userId };
}

async function popupStatus(error?: string): Promise<PopupStatus> {
  const pairing = await pairingStore.load();
  const platforms = await Promise.all(
    PLATFORM_ORDER.map(async (slug) => {
      const status = await store.get<PlatformStatus>(statusKey(slug));
      return { slug, label: PLATFORM_COOKIES[slug].label, ...(status ? { status } : {}) };
    }),
  );
  return {
    version: BUILD.version,
    appUrl: pairing?.apiOrigin ?? BUILD.appUrl,
    paired: pairing !== undefined,
    ...(pairing?.email ? { email: pairing.email } : {}),
    platforms,
    ...(error ? { error } : {}),
  };
}

/** The app origin of a content script's message: a top frame of an app page, else undefined. */
function appSender(sender: chrome.runtime.MessageSender): string | undefined {
  if (sender.id !== chrome.runtime.id || !sender.tab || sender.frameId !== 0) return undefined;
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : undefined);
  return isAppOrigin(origin, BUILD.appOrigins) ? origin : undefined;
}

/** Whether a message comes from the extension's own popup (as a popup, or opened in a tab). */
function fromPopup(sender: chrome.runtime.MessageSender): boolean {
  return (
    sender.id === chrome.runtime.id && (sender.url ?? '').startsWith(chrome.runtime.getURL('popup.html'))
  );
}

async function handle(request: BackgroundRequest, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const origin = appSender(sender);
  if (origin && request.type === 'pair') return pair(request, origin);
  if (origin && request.type === 'page-status') return pageStatus(origin);
  if (!fromPopup(sender)) return { ok: false, error: 'Not allowed' };
  switch (request.type) {
    case 'status':
      return popupStatus();
    case 'sync-now': {
      const failed = (await syncer.syncAll({ force: true })).filter((r) => r.result === 'not-paired');
      return popupStatus(failed.length > 0 ? 'The extension is not paired' : undefined);
    }
    case 'unpair':
      await unpair();
      return popupStatus();
    default:
      return { ok: false, error: 'Unknown request' };
  }
}

chrome.runtime.onMessage.addListener((request: BackgroundRequest, sender, sendResponse) => {
  handle(request, sender).then(sendResponse, (error: Error) =>
    sendResponse({ ok: false, synced: [], failed: [], error: error.message }),
  );
  return true; // answers asynchronously
});

// A session cookie changed (sign-in, sign-out, rotation): sync that platform once things settle.
const pending = new Map<Platform, ReturnType<typeof setTimeout>>();
chrome.cookies.onChanged.addListener(({ cookie }) => {
  const platform = platformOfCookie(BUILD.target, cookie);
  if (!platform) return;
  clearTimeout(pending.get(platform));
  pending.set(
    platform,
    setTimeout(() => {
      pending.delete(platform);
      void syncer.syncPlatform(platform);
    }, COOKIE_DEBOUNCE_MS),
  );
});

async function ensureHealthAlarm(): Promise<void> {
  if (await chrome.alarms.get(HEALTH_ALARM)) return;
  await chrome.alarms.create(HEALTH_ALARM, {
    delayInMinutes: HEALTH_PERIOD_MINUTES,
    periodInMinutes: HEALTH_PERIOD_MINUTES,
  });
}

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === HEALTH_ALARM) void syncer.syncAll({ force: true });
});

const onBrowserStart = () => {
  void ensureHealthAlarm();
  void syncer.syncAll();
};
chrome.runtime.onInstalled.addListener(onBrowserStart);
chrome.runtime.onStartup.addListener(onBrowserStart);
