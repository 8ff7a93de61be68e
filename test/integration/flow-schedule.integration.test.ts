import { beforeAll, describe, expect, it } from 'vitest';
import { localScheduler } from '../../functions/core/adapters/local-scheduler';
import {
  type FlowExecution,
  flowScheduleName,
  flowScheduleSpec,
  nextFlowRunAt,
} from '../../functions/flows/run/flow-schedule';
import { useIntegrationEnv } from '../support/integration-env';

/**
 * A flow's next run through the local scheduler (DynamoDB Local): the one-off schedule is stored with
 * exactly the instant nextFlowRunAt computed, around the zone's next clock changes from now on (the
 * local scheduler stores no next run for an at() already past, so the dates cannot be fixed ones).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const execution = (
  runsPerDay: number,
  start: string,
  end: string,
  timezone: string,
  enableWeekends = false,
): FlowExecution => ({ runsPerDay, workingHours: { start, end, timezone }, enableWeekends });

/** The UTC offset of a zone at an instant, in minutes (Intl's 'GMT+1', 'GMT-4', 'GMT+10:30'). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetMinutes(at: number, timezone: string): number {
  let format = offsetFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
    offsetFormats.set(timezone, format);
  }
  const name = format.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The zone's next clock change after now in each direction: the first instant of the new offset. */
function nextChanges(timezone: string): { forward: number; back: number } {
  const found: { forward?: number; back?: number } = {};
  const from = Math.ceil(Date.now() / HOUR) * HOUR;
  for (let t = from; t < from + 400 * DAY && !(found.forward && found.back); t += HOUR) {
    const before = offsetMinutes(t - HOUR, timezone);
    const after = offsetMinutes(t, timezone);
    if (after > before) found.forward ??= t;
    if (after < before) found.back ??= t;
  }
  if (!found.forward || !found.back) throw new Error(`No clock changes in ${timezone} within 400 days`);
  return { forward: found.forward, back: found.back };
}

const wallClock = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'medium',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(' ', 'T');

let scheduler: ReturnType<typeof localScheduler>;

beforeAll(async () => {
  await useIntegrationEnv();
  scheduler = localScheduler();
});

/** Puts the flow's next run after `after`; checks the stored next run is that instant to the millisecond. */
async function putNextRun(flowId: string, settings: FlowExecution, after: number) {
  const at = nextFlowRunAt(new Date(after), settings, flowId);
  const payload = {
    kind: 'flow-run',
    jobId: `${flowId}.1`,
    automationId: flowId,
    workspaceId: 'u1',
    segment: 0,
  };
  const spec = flowScheduleSpec(flowId, at, settings.workingHours.timezone, payload);
  await scheduler.put(spec);
  expect(await scheduler.get(flowScheduleName(flowId))).toEqual(spec);
  const stored = (await scheduler.due(at.getTime())).filter((s) => s.name === spec.name);
  expect(stored.map((s) => s.nextRunAt)).toEqual([at.getTime()]);
  // Not a millisecond earlier.
  expect((await scheduler.due(at.getTime() - 1)).filter((s) => s.name === spec.name)).toEqual([]);
  return { at, spec };
}

describe('flow schedules on the local scheduler', () => {
  it.each(['Europe/London', 'America/New_York'])(
    'stores the run just after each of the next clock changes in %s at the computed instant',
    async (timezone) => {
      const settings = execution(3, '09:00', '17:00', timezone);
      const changes = nextChanges(timezone);
      for (const change of [changes.forward, changes.back]) {
        const flowId = `flow-${timezone.replace('/', '-')}-${change}`;
        const { at, spec } = await putNextRun(flowId, settings, change);
        // The first weekday after the change (both fall on a Sunday here), at its first slot, 10:20 ± 15,
        // on the new offset.
        expect(at.getTime()).toBeGreaterThan(change);
        expect(at.getTime() - change).toBeLessThan(4 * DAY);
        expect(offsetMinutes(at.getTime(), timezone)).toBe(offsetMinutes(change, timezone));
        const wall = wallClock(at, timezone);
        expect([1, 2, 3, 4, 5]).toContain(new Date(wall.slice(0, 10)).getUTCDay());
        const minute = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
        expect(Math.abs(minute - (10 * 60 + 20))).toBeLessThanOrEqual(15);
        expect(spec).toMatchObject({ expression: `at(${wall})`, timezone, target: { queue: 'flow-runs' } });
      }
    },
  );

  it('stores a run whose wall time the spring-forward skips one gap later', async () => {
    const timezone = 'America/New_York';
    const { forward } = nextChanges(timezone);
    // 02:00 to 03:00 every day: on the change day 02:30 ± 15 does not exist and becomes 03:15 to 03:45.
    const settings = execution(1, '02:00', '03:00', timezone, true);
    const { at, spec } = await putNextRun('flow-spring', settings, forward - 3 * HOUR);
    expect(at.getTime()).toBeGreaterThanOrEqual(forward + 15 * 60_000);
    expect(at.getTime()).toBeLessThanOrEqual(forward + 45 * 60_000);
    expect(spec.timezone).toBe(timezone);
    expect(spec.expression).toMatch(/^at\(\d{4}-\d{2}-\d{2}T03:[1-4]\d:00\)$/);
  });

  it('stores a run in the hour the fall-back repeats at its first occurrence, written in UTC', async () => {
    const timezone = 'Europe/London';
    const { back } = nextChanges(timezone);
    // 01:00 to 02:00 every day: on the change day 01:30 ± 15 comes twice; the first one, in BST.
    const settings = execution(1, '01:00', '02:00', timezone, true);
    const { at, spec } = await putNextRun('flow-autumn', settings, back - 3 * HOUR);
    expect(at.getTime()).toBeGreaterThanOrEqual(back - 45 * 60_000);
    expect(at.getTime()).toBeLessThanOrEqual(back - 15 * 60_000);
    expect(spec).toMatchObject({ expression: `at(${at.toISOString().slice(0, 19)})`, timezone: 'UTC' });
  });

  it('leaves nothing due once the schedule is removed', async () => {
    const settings = execution(4, '09:00', '17:00', 'Europe/London');
    const { at } = await putNextRun('flow-removed', settings, Date.now());
    await scheduler.remove(flowScheduleName('flow-removed'));
    expect(await scheduler.get(flowScheduleName('flow-removed'))).toBeUndefined();
    const due = await scheduler.due(at.getTime() + 400 * DAY);
    expect(due.filter((s) => s.name === flowScheduleName('flow-removed'))).toEqual([]);
  });

  it('replaces the flow schedule when the next run is put, one schedule per flow', async () => {
    const settings = execution(2, '08:00', '18:00', 'America/New_York');
    const first = await putNextRun('flow-chain', settings, Date.now());
    const second = await putNextRun('flow-chain', settings, first.at.getTime());
    expect(second.at.getTime()).toBeGreaterThan(first.at.getTime());
    const due = await scheduler.due(second.at.getTime());
    expect(due.filter((s) => s.name === flowScheduleName('flow-chain')).map((s) => s.nextRunAt)).toEqual([
      second.at.getTime(),
    ]);
  });
});
