import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetRealtimeConfig } from '../../web/src/lib/realtime';
import { forgetSessionCalls } from '../../web/src/lib/session/session-client';
import { setProductName } from '../../web/src/lib/workspace/page-title';

// jsdom lacks the browser APIs Mantine reads for colour scheme, reduced motion and sizing.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};

/**
 * React's development build records where every element was created (an Error's stack, kept for its
 * warnings' "owner stacks"), for the first 10,000 elements after each render. Tests read no owner stack,
 * and making them was a fifth of the web files' time (the wizard's tests: 41 s against 33 s). The counter
 * set past React's limit makes it use its shared "unknown owner" stack, as it does past 10,000 anyway;
 * warnings still name the component, without the stack of who rendered it.
 */
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => {},
    configurable: true,
  });
}

/**
 * Web files share their worker's modules and jsdom window (isolate: false in vitest.config.ts), and a
 * helper module's own hooks would run for the first file that imports it only: so every per-test and
 * per-file reset lives here, and this file runs before each test file.
 */
function afterEveryTest(): void {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  // The notification store outlives a rendered tree: start every test with an empty area.
  notifications.clean();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
}

function afterEveryFile(): void {
  afterEveryTest();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  forgetSessionCalls();
  resetRealtimeConfig();
  setProductName(undefined);
  document.title = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
}

afterEach(afterEveryTest);
afterAll(afterEveryFile);
