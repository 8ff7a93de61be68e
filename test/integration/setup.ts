import { afterAll } from 'vitest';
import { forgetPerFunctionValues } from '../../functions/core/local-runtime';
import { waitForQueuedMailWith } from '../support/outbox';
import { bindUsers } from '../support/users';

/**
 * Integration files share their worker's modules (isolate: false in vitest.config.ts), and each file
 * starts functions of its own: its own tables, queues, secrets and keys under the same function names. So
 * every file starts without the copies the file before it made per function (the parsed env, the SDK
 * clients, secrets, the chosen ports) and without the variables it set. process.env stays the object it
 * is: the local cloud's env scopes (scripts/local-cloud/function-runtime/env-scope.ts) wrap it once per
 * process, so only its values are put back. Nor does a file inherit what the file before registered with
 * the shared test helpers.
 */
const state = globalThis as { integrationEnv?: NodeJS.ProcessEnv };
state.integrationEnv ??= { ...process.env };
const baseline = state.integrationEnv;

function restore(): void {
  for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
  Object.assign(process.env, baseline);
  forgetPerFunctionValues();
  // What a test env registered with the shared helpers: the file before's mail queue (its poller stopped,
  // so waiting on it timed out a file without one: mail-worker's tests, run after an accounts file) and
  // its users' gateway.
  waitForQueuedMailWith(async () => undefined);
  bindUsers(undefined);
}

restore();
afterAll(restore);
