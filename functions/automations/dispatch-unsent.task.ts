import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { dispatchUnsent } from './automation-service';

/** Scheduled every minute (functions/scheduled-tasks.ts): re-sends run messages that failed at start. */
export async function handler(): Promise<{ sent: number; failed: number }> {
  return dispatchUnsent({ log: logger.child({ task: 'dispatch-unsent-automations' }), queue: queuePort() });
}
