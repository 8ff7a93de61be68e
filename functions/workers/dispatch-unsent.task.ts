import { withRequestLogFields } from '../core/logger';
import { runDispatch } from './run-dispatch-deps';

/** Scheduled every minute (functions/scheduled-tasks.ts): the net under the run dispatch, stalled jobs included. */
export function handler(): Promise<{ sent: number; failed: number; stalled: number; woken: number }> {
  // A timer run is not a request: its lines carry the task's name, and no request's fields.
  return withRequestLogFields({ task: 'dispatch-unsent-automations' }, () => runDispatch.dispatchUnsent());
}
