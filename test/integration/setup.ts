import { afterAll } from 'vitest';
import { forgetPerFunctionValues } from '../../functions/core/local-runtime';

/**
 * Integration files share their worker's modules (isolate: false in vitest.config.ts), and each file
 * starts functions of its own: its own tables, queues, secrets and keys under the same function names. So
 * every file starts without the copies the file before it made per function (the parsed env, the SDK
 * clients, secrets, the chosen ports) and without the variables it set. process.env stays the object it
 * is: the local cloud's env scopes (scripts/local-cloud/function-runtime/env-scope.ts) wrap it once per
 * process, so only its values are put back.
 */
const state = globalThis as { integrationEnv?: NodeJS.ProcessEnv };
state.integrationEnv ??= { ...process.env };
const baseline = state.integrationEnv;

function restore(): void {
  for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
  Object.assign(process.env, baseline);
  forgetPerFunctionValues();
}

restore();
afterAll(restore);
