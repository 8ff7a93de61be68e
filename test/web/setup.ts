import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
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
