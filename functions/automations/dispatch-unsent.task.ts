import { setRequestLogFields } from '../core/logger';
import { runDispatch } from './run-dispatch-deps';

/** Scheduled every minute (functions/scheduled-tasks.ts): the net under the run dispatch, stalled jobs included. */
export async function handler(): Promise<{ sent: number; failed: number; stalled: number }> {
  // A timer run is not a request: no request's fields may carry over into its lines.
  setRequestLogFields({ task: 'dispatch-unsent-automations' });
  return runDispatch.dispatchUnsent();
}
