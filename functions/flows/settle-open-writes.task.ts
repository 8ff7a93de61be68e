import { logger, setRequestLogFields } from '../core/logger';
import { startRunsForOpenWrites } from './open-write-sweep';

/** Scheduled every minute (functions/scheduled-tasks.ts): a run for each flow with a write nobody settles. */
export async function handler(): Promise<{ open: number; started: number }> {
  // A timer run is not a request: no request's fields may carry over into its lines.
  setRequestLogFields({ task: 'settle-open-writes' });
  const result = await startRunsForOpenWrites(new Date());
  if (result.started > 0) logger.info('runs started to settle open writes', result);
  return result;
}
