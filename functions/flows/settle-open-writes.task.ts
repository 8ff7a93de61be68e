import { logger, withRequestLogFields } from '../core/logger';
import { startRunsForOpenWrites } from './open-write-sweep';

/** Scheduled every minute (functions/scheduled-tasks.ts): a run for each flow with a write nobody settles. */
export function handler(): Promise<{ open: number; started: number }> {
  // A timer run is not a request: its lines carry the task's name, and no request's fields.
  return withRequestLogFields({ task: 'settle-open-writes' }, async () => {
    const result = await startRunsForOpenWrites(new Date());
    if (result.started > 0) logger.info('runs started to settle open writes', result);
    return result;
  });
}
