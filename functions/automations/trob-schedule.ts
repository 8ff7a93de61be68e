import { type AutomationInterval, INTERVAL_MINUTES } from '../../shared/automations-values';
import type { TrobTickMessage } from '../../shared/run-messages';
import type { ScheduleSpec } from '../core/ports/scheduler';

/**
 * A recurring automation's schedule (issue 11 point 14): every interval it sends a tick to the
 * trob-runs queue, and the worker starts the next job if the automation is still active and its last
 * job is done. One schedule per automation, named after it, so pause and cancel find it.
 */
export const scheduleNameOf = (automationId: string): string => `trob-${automationId}`;

export function rateOf(interval: AutomationInterval): string {
  const minutes = INTERVAL_MINUTES[interval];
  return minutes === 60 ? 'rate(1 hour)' : `rate(${minutes} minutes)`;
}

export function recurringSchedule(automation: {
  id: string;
  userId: string;
  interval: AutomationInterval;
}): ScheduleSpec {
  const payload: TrobTickMessage = {
    kind: 'trob-tick',
    automationId: automation.id,
    workspaceId: automation.userId,
  };
  return {
    name: scheduleNameOf(automation.id),
    expression: rateOf(automation.interval),
    timezone: 'UTC',
    target: { queue: 'trob-runs' },
    payload,
  };
}

export function nextRunAfter(at: Date, interval: AutomationInterval): string {
  return new Date(at.getTime() + INTERVAL_MINUTES[interval] * 60_000).toISOString();
}
