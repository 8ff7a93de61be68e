import puppeteer from 'puppeteer-core';
import type { TestProject } from 'vitest/node';
import { LOCAL_CHROMIUM_FLAGS, localEngineChromium } from '../../functions/platforms/browser';
import { holdShared, SHARED_SERVICES } from './shared-services';

/**
 * One Chromium for the whole integration run: the run worker's warm browser in every test file connects
 * to it (CHROMIUM_ENDPOINT, functions/platforms/browser.ts) instead of starting its own; each run still
 * gets an incognito context of its own. Under `npm test` it is the one the stages share, else one started
 * here. Tests of launching itself (withBrowser) start their own.
 */
export default async function setup(project: TestProject) {
  const shared = process.env[SHARED_SERVICES.chromium];
  if (shared) {
    project.provide('chromiumEndpoint', shared);
    return;
  }
  // Both integration projects list this setup: one Chromium serves them.
  const browser = await holdShared('chromium', startChromium, async (started) => {
    await started.close().catch(() => started.process()?.kill('SIGKILL'));
  });
  project.provide('chromiumEndpoint', browser.value.wsEndpoint());
  return browser.release;
}

/** The engine's Chromium, as the local cloud launches it (the deploy's headless shell unless CHROMIUM_PATH). */
export async function startChromium() {
  return puppeteer.launch({ ...(await localEngineChromium()), args: LOCAL_CHROMIUM_FLAGS });
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}
