import { afterAll, vi } from 'vitest';
import { forgetPerFunctionValues } from '../../functions/core/local-runtime';

/**
 * Unit files share their worker's modules (isolate: false in vitest.config.ts), so each file starts from
 * the same state: this runs before every file. Whatever a file changed in the environment, the parsed env,
 * the clients and ports built from it, timers and spies is put back when the file ends.
 */
const state = globalThis as { unitEnv?: { object: NodeJS.ProcessEnv; values: NodeJS.ProcessEnv } };
state.unitEnv ??= { object: process.env, values: { ...process.env } };
const { object, values: baseline } = state.unitEnv;

function restore(): void {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Some files replace process.env itself (process.env = { ...saved }): bring back the real one.
  process.env = object;
  for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
  Object.assign(process.env, baseline);
  // The parsed env, the clients, secrets and the chosen ports, all built from the environment.
  forgetPerFunctionValues();
}

restore();
afterAll(restore);
