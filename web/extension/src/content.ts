import {
  type AppMessage,
  EXTENSION_MARKER,
  EXTENSION_MESSAGE_SOURCE,
  type PairedMessage,
  type ReadyMessage,
  readAppMessage,
} from '../../../shared/extension';
import { BUILD } from './build';
import { isAppOrigin } from './config';
import type { ContentRequest, PageStatus, PairResult } from './messages';

/**
 * The content script, on the app's pages only (the manifest matches the app's origin and nothing
 * else; the origin is checked again here). It tells the page the extension is there and relays the
 * page's pairing to the service worker. It never runs on, reads or changes a platform's page.
 * The protocol is in shared/extension.ts.
 */
function post(message: Omit<ReadyMessage, 'source'> | Omit<PairedMessage, 'source'>): void {
  window.postMessage({ source: EXTENSION_MESSAGE_SOURCE, ...message }, location.origin);
}

async function ask<T>(request: ContentRequest): Promise<T | undefined> {
  try {
    return (await chrome.runtime.sendMessage(request)) as T;
  } catch {
    // The extension was reloaded or removed under this page: it cannot answer any more.
    return undefined;
  }
}

async function answer(message: AppMessage): Promise<void> {
  if (message.type === 'hello') {
    const status = await ask<PageStatus>({ type: 'page-status' });
    post({
      type: 'ready',
      version: BUILD.version,
      paired: status?.paired === true,
      ...(status?.userId ? { userId: status.userId } : {}),
    });
    return;
  }
  const { requestId, accessToken, refreshToken, expiresIn, userId } = message;
  const result = await ask<PairResult>({ type: 'pair', accessToken, refreshToken, expiresIn, userId });
  post({
    type: 'paired',
    requestId,
    ok: result?.ok === true,
    synced: result?.synced ?? [],
    failed: result?.failed ?? [],
    ...(result?.ok
      ? {}
      : { error: result?.error ?? 'The extension did not answer. Reload the page and try again.' }),
  });
}

if (window.top === window && isAppOrigin(location.origin, BUILD.appOrigins)) {
  document.documentElement.dataset[EXTENSION_MARKER] = BUILD.version;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window || event.origin !== location.origin) return;
    const message = readAppMessage(event.data);
    if (message) void answer(message);
  });
}
