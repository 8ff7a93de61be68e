import type { ScheduledTask } from '../../functions/scheduled-tasks';
import { lambdaContext, loadHandler } from './lambda-runtime';

/**
 * The local stand-in for an EventBridge rule with a rate: calls the task's handler every
 * `everyMinutes` (and once at start, so work left from before a restart is not kept waiting). A run
 * never overlaps the previous one; a failure is logged and the next tick tries again.
 */
export function startTaskTimer(
  task: ScheduledTask,
  options: { log?: (message: string, error?: unknown) => void; intervalMs?: number } = {},
): { stop(): Promise<void> } {
  const log = options.log ?? ((message, error) => console.error(`[local-cloud] ${message}`, error ?? ''));
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const handler = (await loadHandler(task.handler, '.task.ts')) as (
          event: unknown,
          context: unknown,
        ) => Promise<unknown>;
        await handler(
          { source: 'local.task-timer', 'detail-type': 'Scheduled Event', detail: {} },
          lambdaContext(task.name),
        );
      } catch (error) {
        log(`task ${task.name} failed`, error);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, options.intervalMs ?? task.everyMinutes * 60_000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
