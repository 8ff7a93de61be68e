import { setRequestLogFields } from '../core/logger';
import { runDispatch } from './run-dispatch-deps';

/** Scheduled every minute (functions/scheduled-tasks.ts): re-sends run messages that failed at start. */
export async function handler(): Promise<{ sent: number; failed: number }> {
  // A timer run is not a request: no request's fields may carry over into its lines.
  setRequestLogFields({ task: 'dispatch-unsent-automations' });
  return runDispatch.dispatchUnsent();
}
