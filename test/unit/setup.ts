import { afterAll, vi } from 'vitest';
import { resetClients } from '../../functions/core/clients/local';
import { resetEnvCache } from '../../functions/core/env';
import { resetAiPort } from '../../functions/core/ports/ai';
import { resetProspectAi } from '../../functions/core/ports/prospect-ai';

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
  resetEnvCache();
  resetClients();
  resetAiPort();
  resetProspectAi();
}

restore();
afterAll(restore);
