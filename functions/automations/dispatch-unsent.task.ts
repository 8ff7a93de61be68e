import { runDispatch } from './run-dispatch-deps';

/** Scheduled every minute (functions/scheduled-tasks.ts): re-sends run messages that failed at start. */
export async function handler(): Promise<{ sent: number; failed: number }> {
  return runDispatch.dispatchUnsent();
}
