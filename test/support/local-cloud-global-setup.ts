import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../scripts/local-cloud';
import { buildWeb, webBuildIsStale, webDist } from '../../scripts/web-build';

/** The stack `npm start` runs (fresh state, free port), built web app included, for browser tests. */
export default async function setup(project: TestProject) {
  if (webBuildIsStale()) await buildWeb();
  const stateDir = mkdtempSync(join(tmpdir(), 'trobly-e2e-'));
  const cloud = await startLocalCloud({
    port: 0,
    stateDir,
    persist: false,
    webRoot: webDist,
  });
  // The address PUBLIC_APP_URL names, so links and checkout return addresses are same-origin.
  project.provide('appUrl', cloud.url);
  // Browser tests read the e-mails the app sends from the outbox, as a developer would.
  project.provide('stateDir', stateDir);
  return async () => {
    await cloud.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    stateDir: string;
  }
}
