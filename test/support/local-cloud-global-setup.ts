import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../scripts/local-cloud';
import { buildWeb, webBuildIsStale, webDist } from '../../scripts/web-build';
import { SHARED_SERVICES } from './shared-services';

interface E2eCloud {
  url: string;
  stateDir: string;
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * Both e2e projects (parallel and serial, vitest.config.ts) list this setup, and vitest runs it once per
 * project, each from its own copy of this module: the first starts the cloud and the last to finish stops
 * it. Kept on globalThis, which the copies share.
 */
interface Shared {
  cloud: Promise<E2eCloud>;
  users: number;
}
const SHARED = Symbol.for('trobly.e2e-local-cloud');
const shared = globalThis as { [SHARED]?: Shared };

/**
 * The stack `npm start` runs (fresh state, free port), built web app and browser extension included,
 * for browser tests.
 */
export default async function setup(project: TestProject) {
  shared[SHARED] ??= { cloud: startCloud(), users: 0 };
  const entry = shared[SHARED];
  entry.users++;
  const cloud = await entry.cloud;
  // The address PUBLIC_APP_URL names, so links and checkout return addresses are same-origin.
  project.provide('appUrl', cloud.url);
  // Browser tests read the e-mails the app sends from the outbox, as a developer would.
  project.provide('stateDir', cloud.stateDir);
  // The sandbox LinkedIn, X and Instagram sites, where a browser test signs in as a user would.
  project.provide('sandboxUrls', {
    linkedin: cloud.env.SANDBOX_LINKEDIN_URL ?? '',
    x: cloud.env.SANDBOX_X_URL ?? '',
    instagram: cloud.env.SANDBOX_INSTAGRAM_URL ?? '',
  });
  return async () => {
    if (--entry.users > 0) return;
    delete shared[SHARED];
    await cloud.stop();
  };
}

async function startCloud(): Promise<E2eCloud> {
  if (webBuildIsStale()) await buildWeb();
  // A fiftieth of a person's spacing (npm start's is a tenth): a flow's paced writes end in seconds, and
  // the journeys that watch a run slow the sandbox itself (slowMs) instead.
  process.env.PACING_SCALE ??= '0.02';
  // Sign-ups and sign-ins hash at a test-only cost (functions/auth/password.ts; refused in AWS).
  process.env.SCRYPT_TEST_LOG_N ??= '10';
  const stateDir = mkdtempSync(join(tmpdir(), 'trobly-e2e-'));
  // Under npm test, the DynamoDB Local and Chromium the stages share (scripts/test-stages.ts).
  const dynamoEndpoint = process.env[SHARED_SERVICES.dynamo];
  if (process.env[SHARED_SERVICES.chromium])
    process.env.CHROMIUM_ENDPOINT = process.env[SHARED_SERVICES.chromium];
  const cloud = await startLocalCloud({
    port: 0,
    stateDir,
    persist: false,
    webRoot: webDist,
    ...(dynamoEndpoint ? { dynamoEndpoint } : {}),
  });
  return { url: cloud.url, stateDir, env: cloud.env, stop: () => cloud.stop() };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    stateDir: string;
    sandboxUrls: { linkedin: string; x: string; instagram: string };
  }
}
