import type { Capability } from './routes';

/**
 * Housekeeping that runs on a timer, not on a request: data only, like the route table. CDK creates
 * one function and one EventBridge rule per row (lib/workers-stack.ts); the local cloud runs the same
 * handlers on an interval (scripts/local-cloud/task-timer.ts).
 *
 * `handler` names `functions/<handler>.task.ts`, which exports `handler`.
 */
export interface ScheduledTask {
  readonly name: string;
  readonly handler: string;
  readonly everyMinutes: number;
  readonly needs?: readonly Capability[];
}

/**
 * What the run dispatch (engine/run-dispatch-service.ts) reaches, wherever it runs: the stream's
 * dispatcher (lib/workers-stack.ts) and the sweep below. It sends trob runs and flow runs and puts their
 * schedules; one declaration grants both functions the rights and the variables together.
 */
export const RUN_DISPATCH_NEEDS: readonly Capability[] = ['queue:trob-runs', 'queue:flow-runs', 'scheduler'];

export const scheduledTasks: readonly ScheduledTask[] = [
  {
    // The net under the run dispatcher's stream: automations still unsent a minute on (one is never lost).
    name: 'dispatch-unsent-automations',
    handler: 'workers/dispatch-unsent',
    everyMinutes: 1,
    needs: RUN_DISPATCH_NEEDS,
  },
  {
    // Writes a stopped worker left open, with no run of their flow to settle them (issue 35 point 1).
    // It only starts the flow's run in the table; the run dispatch sends it.
    name: 'settle-open-writes',
    handler: 'flows/settle-open-writes',
    everyMinutes: 1,
  },
];

export const taskFile = (handler: string): string => `functions/${handler}.task.ts`;
