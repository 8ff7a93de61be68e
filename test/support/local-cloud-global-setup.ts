import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../scripts/local-cloud';
import { ensureWebBuild, webDist } from '../../scripts/web-build';
import { holdShared, SHARED_SERVICES } from './shared-services';

interface E2eCloud {
  url: string;
  stateDir: string;
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * The stack `npm start` runs (fresh state, free port), built web app and browser extension included,
 * for browser tests. Every e2e project (the parallel one, and 'e2e:serial' when a file needs it:
 * vitest.config.ts) lists this setup; one cloud serves them (holdShared).
 */
export default async function setup(project: TestProject) {
  const held = await holdShared('e2e-local-cloud', startCloud, (cloud) => cloud.stop());
  const cloud = held.value;
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
  return held.release;
}

async function startCloud(): Promise<E2eCloud> {
  await ensureWebBuild();
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
