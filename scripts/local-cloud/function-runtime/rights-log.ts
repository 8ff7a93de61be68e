import { join } from 'node:path';

/**
 * Where a test run records the rights its functions used (one JSON line per decision and process), read
 * by `npm run rights` and by the test run's own check. vitest.config.ts empties it when a run starts and
 * sets RIGHTS_LOG_DIR to it, which turns the recording on.
 */
export const RIGHTS_LOG_DIR = join(import.meta.dirname, '..', '..', '..', '.local', 'rights');
