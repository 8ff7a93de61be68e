import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../../../functions/core/ports/scheduler';
import { nextRunAfter } from '../../../../functions/core/schedule-next-run';
import {
  type FlowExecution,
  flowRunJitterMinutes,
  flowRunSlots,
  flowScheduleName,
  flowScheduleSpec,
  maxFlowRunJitterMinutes,
  nextFlowRunAt,
} from '../../../../functions/flows/run/flow-schedule';

const MINUTE = 60_000;
const FLOW = 'flow-3f1c2a9e';
const OTHER_FLOW = 'flow-7b40d11c';

const execution = (
  runsPerDay: number,
  start: string,
  end: string,
  timezone: string,
  enableWeekends = false,
): FlowExecution => ({ runsPerDay, workingHours: { start, end, timezone }, enableWeekends });

const london = execution(3, '09:00', '17:00', 'Europe/London');
const newYork = execution(3, '09:00', '17:00', 'America/New_York');

/** Every run of a flow from `from` (exclusive) to `to` (exclusive), chained as the runner does. */
function runs(flowId: string, settings: FlowExecution, from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = nextFlowRunAt(new Date(from), settings, flowId); at < new Date(to); ) {
    out.push(at.toISOString());
    at = nextFlowRunAt(at, settings, flowId);
  }
  return out;
}

const z = (minuteIso: string) => `${minuteIso}:00.000Z`;

/** The wall clock of an instant in a zone, 'YYYY-MM-DD hh:mm' (Swedish dates are ISO). */
const wallClock = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Checks what the exact lists below say, without the jitter: each run lies on a working day of the
 * zone, within the bound of one of that day's slots (each slot used once), and inside working hours.
 */
function expectWithinBounds(list: string[], settings: FlowExecution, flowId = FLOW) {
  const { timezone, start, end } = settings.workingHours;
  const bound = maxFlowRunJitterMinutes(settings);
  const byDay = new Map<string, number[]>();
  for (const iso of list) {
    const [date, time] = wallClock(iso, timezone).split(' ') as [string, string];
    byDay.set(date, [...(byDay.get(date) ?? []), minutes(time)]);
  }
  for (const [date, times] of byDay) {
    const slots = flowRunSlots(settings, date).map(minutes);
    expect(times).toHaveLength(slots.length);
    times.forEach((time, slot) => {
      expect(Math.abs(time - slots[slot]!)).toBeLessThanOrEqual(bound);
      expect(time - slots[slot]!).toBe(flowRunJitterMinutes(flowId, date, slot, settings));
      expect(time).toBeGreaterThanOrEqual(minutes(start));
      expect(time).toBeLessThanOrEqual(minutes(end));
    });
  }
}

describe('flowRunSlots', () => {
  it('splits the working span in equal parts and puts a run in the middle of each', () => {
    expect(flowRunSlots(london, '2026-10-22')).toEqual(['10:20', '13:00', '15:40']);
    expect(flowRunSlots(execution(1, '09:00', '17:00', 'UTC'), '2026-10-22')).toEqual(['13:00']);
    expect(flowRunSlots(execution(2, '08:00', '18:00', 'UTC'), '2026-10-22')).toEqual(['10:30', '15:30']);
    expect(flowRunSlots(execution(4, '09:00', '17:00', 'UTC'), '2026-10-22')).toEqual([
      '10:00',
      '12:00',
      '14:00',
      '16:00',
    ]);
  });

  it('rounds a slot down to the minute', () => {
    // 7 minutes in 2 parts of 3.5: middles at 1.75 and 5.25.
    expect(flowRunSlots(execution(2, '09:00', '09:07', 'UTC'), '2026-10-22')).toEqual(['09:01', '09:05']);
  });

  it('has no runs on Saturday and Sunday unless weekends are enabled', () => {
    expect(flowRunSlots(london, '2026-10-24')).toEqual([]);
    expect(flowRunSlots(london, '2026-10-25')).toEqual([]);
    expect(flowRunSlots(london, '2026-10-26')).toEqual(['10:20', '13:00', '15:40']);
    const weekends = { ...london, enableWeekends: true };
    expect(flowRunSlots(weekends, '2026-10-24')).toEqual(['10:20', '13:00', '15:40']);
    expect(flowRunSlots(weekends, '2026-10-25')).toEqual(['10:20', '13:00', '15:40']);
  });

  it.each([
    [{ ...london, runsPerDay: 0 }, /runsPerDay/],
    [{ ...london, runsPerDay: 5 }, /runsPerDay/],
    [{ ...london, runsPerDay: 2.5 }, /runsPerDay/],
    [execution(3, '9:00', '17:00', 'UTC'), /'HH:MM'/],
    [execution(3, '09:00', '24:00', 'UTC'), /'HH:MM'/],
    [execution(3, '17:00', '09:00', 'UTC'), /end after/],
    [execution(3, '09:00', '09:00', 'UTC'), /end after/],
    [execution(3, '09:00', '17:00', 'Mars/Olympus'), /Unknown time zone/],
  ])('refuses settings it cannot schedule (%#)', (settings, message) => {
    expect(() => flowRunSlots(settings, '2026-10-22')).toThrow(message);
    expect(() => nextFlowRunAt(new Date('2026-10-22T00:00:00Z'), settings, FLOW)).toThrow(message);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => flowRunSlots(london, '2026-02-30')).toThrow(/Invalid local date/);
    expect(() => flowRunSlots(london, '22/10/2026')).toThrow(/Invalid local date/);
  });
});

describe('jitter', () => {
  it('is at most min(15 minutes, a quarter of the gap between runs)', () => {
    expect(maxFlowRunJitterMinutes(london)).toBe(15); // gap 160 min
    expect(maxFlowRunJitterMinutes(execution(4, '09:00', '11:00', 'UTC'))).toBe(7); // gap 30: 7.5
    expect(maxFlowRunJitterMinutes(execution(1, '09:00', '09:40', 'UTC'))).toBe(10);
    expect(maxFlowRunJitterMinutes(execution(1, '09:00', '09:03', 'UTC'))).toBe(0);
  });

  it('is deterministic per flow, date and slot, spread over the whole range', () => {
    const seen = new Set<number>();
    for (let day = 1; day <= 28; day++) {
      const date = `2027-02-${String(day).padStart(2, '0')}`;
      for (let slot = 0; slot < 3; slot++) {
        const jitter = flowRunJitterMinutes(FLOW, date, slot, london);
        expect(jitter).toBe(flowRunJitterMinutes(FLOW, date, slot, london));
        expect(Math.abs(jitter)).toBeLessThanOrEqual(15);
        seen.add(jitter);
      }
    }
    // 84 draws from 31 values: most of them, both ends included.
    expect(seen.size).toBeGreaterThan(20);
    expect(Math.min(...seen)).toBeLessThan(-10);
    expect(Math.max(...seen)).toBeGreaterThan(10);
  });
});

describe('nextFlowRunAt: 3 runs a day, 09:00 to 17:00 Europe/London, weekends off', () => {
  // Thursday 22 to Wednesday 28 October 2026; the clocks go back on Sunday 25 (BST, UTC+1 -> GMT, UTC+0).
  // Slots 10:20, 13:00, 15:40 local: 09:20, 12:00, 14:40 UTC before the change, 10:20, 13:00, 15:40 after.
  const week = ['2026-10-22T00:00:00Z', '2026-10-29T00:00:00Z'] as const;

  it('fires on these instants over the week of the October change', () => {
    const list = runs(FLOW, london, ...week);
    expect(list).toEqual(
      [
        // Thursday 22 (BST): 10:09, 13:14, 15:44 local
        '2026-10-22T09:09',
        '2026-10-22T12:14',
        '2026-10-22T14:44',
        // Friday 23 (BST): 10:25, 12:46, 15:48
        '2026-10-23T09:25',
        '2026-10-23T11:46',
        '2026-10-23T14:48',
        // Saturday 24, Sunday 25: none. Monday 26 (GMT): 10:18, 13:08, 15:55
        '2026-10-26T10:18',
        '2026-10-26T13:08',
        '2026-10-26T15:55',
        // Tuesday 27
        '2026-10-27T10:11',
        '2026-10-27T12:55',
        '2026-10-27T15:35',
        // Wednesday 28
        '2026-10-28T10:15',
        '2026-10-28T13:06',
        '2026-10-28T15:42',
      ].map(z),
    );
    expectWithinBounds(list, london);
  });

  it('gives the same instants every time for one flow, other ones within the same bounds for another', () => {
    expect(runs(FLOW, london, ...week)).toEqual(runs(FLOW, london, ...week));
    const other = runs(OTHER_FLOW, london, ...week);
    expect(other).toEqual(
      [
        '2026-10-22T09:23',
        '2026-10-22T11:46',
        '2026-10-22T14:46',
        '2026-10-23T09:20',
        '2026-10-23T11:46',
        '2026-10-23T14:54',
        '2026-10-26T10:05',
        '2026-10-26T12:54',
        '2026-10-26T15:53',
        '2026-10-27T10:13',
        '2026-10-27T13:12',
        '2026-10-27T15:47',
        '2026-10-28T10:25',
        '2026-10-28T12:48',
        '2026-10-28T15:28',
      ].map(z),
    );
    expectWithinBounds(other, london, OTHER_FLOW);
    const mine = runs(FLOW, london, ...week);
    expect(other.filter((iso, i) => iso !== mine[i]).length).toBeGreaterThan(10);
  });

  it('returns the first run strictly after the given instant', () => {
    const tuesday = ['2026-10-27T10:11', '2026-10-27T12:55', '2026-10-27T15:35'].map(z);
    const next = (iso: string) => nextFlowRunAt(new Date(iso), london, FLOW).toISOString();
    // Before the working hours: the day's first run.
    expect(next('2026-10-27T06:00:00Z')).toBe(tuesday[0]);
    // Inside them: the next of the day's runs.
    expect(next('2026-10-27T11:00:00Z')).toBe(tuesday[1]);
    // Exactly on a run: the one after it; a millisecond before: that run.
    expect(next(tuesday[1]!)).toBe(tuesday[2]);
    expect(next(new Date(Date.parse(tuesday[1]!) - 1).toISOString())).toBe(tuesday[1]);
    // After them (a slot's jitter never passes the end): the next working day's first.
    expect(next('2026-10-27T17:00:00Z')).toBe(z('2026-10-28T10:15'));
    // A Friday evening, a Saturday, a Sunday: Monday's first.
    expect(next('2026-10-23T14:48:00Z')).toBe(z('2026-10-26T10:18'));
    expect(next('2026-10-24T12:00:00Z')).toBe(z('2026-10-26T10:18'));
    expect(next('2026-10-25T23:59:59Z')).toBe(z('2026-10-26T10:18'));
  });

  it('reads the working day in the flow zone, not in UTC', () => {
    // 23:30 UTC on Sunday 28 March 2027 is already Monday 00:30 in London (BST since that morning).
    expect(nextFlowRunAt(new Date('2027-03-28T23:30:00Z'), london, FLOW).toISOString().slice(0, 10)).toBe(
      '2027-03-29',
    );
    const tokyo = execution(1, '09:00', '17:00', 'Asia/Tokyo');
    // Friday 15:00 UTC is Saturday 00:00 in Tokyo: no run until Monday 13:00 ± 15 JST (04:00 UTC).
    const next = nextFlowRunAt(new Date('2026-10-23T15:00:00Z'), tokyo, FLOW).getTime();
    expect(Math.abs(next - Date.parse('2026-10-26T04:00:00Z'))).toBeLessThanOrEqual(15 * MINUTE);
  });

  it('runs on Saturday and Sunday too when weekends are enabled, Sunday already on GMT', () => {
    const weekends = { ...london, enableWeekends: true };
    const list = runs(FLOW, weekends, '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z');
    expect(list).toEqual(
      [
        '2026-10-23T09:25',
        '2026-10-23T11:46',
        '2026-10-23T14:48',
        // Saturday 24 (BST)
        '2026-10-24T09:23',
        '2026-10-24T12:05',
        '2026-10-24T14:43',
        // Sunday 25 (GMT from 01:00 UTC)
        '2026-10-25T10:30',
        '2026-10-25T13:09',
        '2026-10-25T15:28',
        '2026-10-26T10:18',
        '2026-10-26T13:08',
        '2026-10-26T15:55',
      ].map(z),
    );
    expectWithinBounds(list, weekends);
  });

  it('runs once a day in the middle of the working hours with runsPerDay 1', () => {
    const once = { ...london, runsPerDay: 1 };
    const list = runs(FLOW, once, '2026-10-22T00:00:00Z', '2026-10-29T00:00:00Z');
    // 13:00 ± 15 local.
    expect(list).toEqual(
      [
        '2026-10-22T11:49',
        '2026-10-23T12:05',
        '2026-10-26T12:58',
        '2026-10-27T12:51',
        '2026-10-28T12:55',
      ].map(z),
    );
    expectWithinBounds(list, once);
  });

  it('runs four times a day with runsPerDay 4', () => {
    const four = { ...london, runsPerDay: 4 };
    const list = runs(FLOW, four, '2026-10-22T00:00:00Z', '2026-10-27T00:00:00Z');
    // 10:00, 12:00, 14:00, 16:00 ± 15 local.
    expect(list).toEqual(
      [
        '2026-10-22T08:49',
        '2026-10-22T11:14',
        '2026-10-22T13:04',
        '2026-10-22T14:49',
        '2026-10-23T09:05',
        '2026-10-23T10:46',
        '2026-10-23T13:08',
        '2026-10-23T15:01',
        '2026-10-26T09:58',
        '2026-10-26T12:08',
        '2026-10-26T14:15',
        '2026-10-26T16:12',
      ].map(z),
    );
    expectWithinBounds(list, four);
  });
});

describe('nextFlowRunAt: America/New_York', () => {
  it('fires on these instants across the November change (Sunday 1 Nov 2026, EDT -> EST)', () => {
    const list = runs(FLOW, newYork, '2026-10-29T00:00:00Z', '2026-11-05T00:00:00Z');
    expect(list).toEqual(
      [
        // Thursday 29 Oct (EDT, UTC-4): 10:12, 13:01, 15:25 local
        '2026-10-29T14:12',
        '2026-10-29T17:01',
        '2026-10-29T19:25',
        '2026-10-30T14:24',
        '2026-10-30T16:57',
        '2026-10-30T19:43',
        // Monday 2 Nov (EST, UTC-5): 10:27, 12:48, 15:29 local
        '2026-11-02T15:27',
        '2026-11-02T17:48',
        '2026-11-02T20:29',
        '2026-11-03T15:05',
        '2026-11-03T18:14',
        '2026-11-03T20:41',
        '2026-11-04T15:17',
        '2026-11-04T17:45',
        '2026-11-04T20:32',
      ].map(z),
    );
    expectWithinBounds(list, newYork);
  });

  it('fires on these instants across the March change (Sunday 14 Mar 2027, EST -> EDT)', () => {
    const list = runs(FLOW, newYork, '2027-03-11T00:00:00Z', '2027-03-18T00:00:00Z');
    expect(list).toEqual(
      [
        // Thursday 11 (EST, UTC-5): 10:30, 13:07, 15:55 local
        '2027-03-11T15:30',
        '2027-03-11T18:07',
        '2027-03-11T20:55',
        '2027-03-12T15:14',
        '2027-03-12T18:14',
        '2027-03-12T20:54',
        // Monday 15 (EDT, UTC-4): 10:21, 12:47, 15:35 local
        '2027-03-15T14:21',
        '2027-03-15T16:47',
        '2027-03-15T19:35',
        '2027-03-16T14:11',
        '2027-03-16T17:09',
        '2027-03-16T19:55',
        '2027-03-17T14:26',
        '2027-03-17T17:01',
        '2027-03-17T19:53',
      ].map(z),
    );
    expectWithinBounds(list, newYork);
  });

  it('moves a wall time the spring-forward skips forward by the gap: 02:30 on 14 Mar 2027 is 03:30 EDT', () => {
    // 02:29 to 02:32, one run: the slot is 02:30 and the gap of 3 minutes leaves no jitter.
    const exact = execution(1, '02:29', '02:32', 'America/New_York', true);
    expect(maxFlowRunJitterMinutes(exact)).toBe(0);
    expect(flowRunSlots(exact, '2027-03-14')).toEqual(['02:30']);
    expect(runs(FLOW, exact, '2027-03-13T00:00:00Z', '2027-03-16T00:00:00Z')).toEqual(
      [
        '2027-03-13T07:30', // 02:30 EST
        '2027-03-14T07:30', // 02:30 does not exist: 03:30 EDT
        '2027-03-15T06:30', // 02:30 EDT
      ].map(z),
    );
    // With jitter (02:00 to 03:00, 02:30 ± 15): Sunday's 02:45 becomes 03:45 EDT.
    const jittered = execution(1, '02:00', '03:00', 'America/New_York', true);
    expect(runs(FLOW, jittered, '2027-03-12T12:00:00Z', '2027-03-16T12:00:00Z')).toEqual(
      ['2027-03-13T07:34', '2027-03-14T07:45', '2027-03-15T06:31', '2027-03-16T06:21'].map(z),
    );
    expect(flowRunJitterMinutes(FLOW, '2027-03-14', 0, jittered)).toBe(15);
  });

  it('takes the first occurrence of a wall time the fall-back repeats: 01:30 on 1 Nov 2026 is EDT', () => {
    const exact = execution(1, '01:29', '01:32', 'America/New_York', true);
    expect(runs(FLOW, exact, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual(
      [
        '2026-10-31T05:30', // 01:30 EDT
        '2026-11-01T05:30', // 01:30 EDT, the first of two
        '2026-11-02T06:30', // 01:30 EST
      ].map(z),
    );
    // After the first 01:30 the next run is the next day's, not the second 01:30.
    expect(nextFlowRunAt(new Date('2026-11-01T05:30:00Z'), exact, FLOW).toISOString()).toBe(
      z('2026-11-02T06:30'),
    );
  });
});

describe('nextFlowRunAt: Europe/London at the change itself', () => {
  it('runs 01:00 to 02:00 on the night of 25 Oct 2026 at the first 01:xx', () => {
    const night = execution(1, '01:00', '02:00', 'Europe/London', true);
    expect(runs(FLOW, night, '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z')).toEqual(
      [
        '2026-10-24T00:33', // 01:33 BST
        '2026-10-25T00:40', // 01:40 BST, before the clocks go back at 02:00 BST
        '2026-10-26T01:28', // 01:28 GMT
        '2026-10-27T01:21',
      ].map(z),
    );
  });
});

describe('flowScheduleSpec', () => {
  it('is a one-off schedule at the wall time in the flow zone, to the flow-runs queue', () => {
    const payload = {
      kind: 'flow-run',
      jobId: `${FLOW}.2`,
      automationId: FLOW,
      workspaceId: 'u1',
      segment: 0,
    };
    const spec = flowScheduleSpec(FLOW, new Date('2026-10-26T10:18:00Z'), 'Europe/London', payload);
    expect(spec).toEqual({
      name: `flow-${FLOW}`,
      expression: 'at(2026-10-26T10:18:00)',
      timezone: 'Europe/London',
      target: { queue: 'flow-runs' },
      payload,
    });
    expect(() => validateSpec(spec)).not.toThrow();
    expect(flowScheduleSpec(FLOW, new Date('2026-10-22T09:09:00Z'), 'Europe/London', {}).expression).toBe(
      'at(2026-10-22T10:09:00)',
    );
    expect(flowScheduleSpec(FLOW, new Date('2027-03-14T07:30:00Z'), 'America/New_York', {}).expression).toBe(
      'at(2027-03-14T03:30:00)',
    );
  });

  it('names the wall time of every run of a week so that the scheduler reads back that very instant', () => {
    const cases: [FlowExecution, string, string][] = [
      [london, '2026-10-22T00:00:00Z', '2026-10-29T00:00:00Z'],
      [newYork, '2026-10-29T00:00:00Z', '2026-11-05T00:00:00Z'],
      [newYork, '2027-03-11T00:00:00Z', '2027-03-18T00:00:00Z'],
      [
        execution(1, '02:00', '03:00', 'America/New_York', true),
        '2027-03-12T12:00:00Z',
        '2027-03-16T12:00:00Z',
      ],
      [execution(1, '01:00', '02:00', 'Europe/London', true), '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z'],
      [
        execution(4, '00:00', '23:59', 'Australia/Lord_Howe', true),
        '2027-04-01T00:00:00Z',
        '2027-04-08T00:00:00Z',
      ],
    ];
    for (const [settings, from, to] of cases) {
      for (const iso of runs(FLOW, settings, from, to)) {
        const spec = flowScheduleSpec(FLOW, new Date(iso), settings.workingHours.timezone, {});
        validateSpec(spec);
        // The local scheduler's reading of at() (croner); EventBridge reads a wall time that names one instant alike.
        expect(nextRunAfter(spec.expression, spec.timezone, new Date(Date.parse(iso) - MINUTE))).toEqual(
          new Date(iso),
        );
      }
    }
  });

  it('writes a run in the hour a fall-back repeats in UTC, where its wall time names it alone', () => {
    // 01:40 BST on 25 Oct 2026: 01:40 comes twice in London that night.
    expect(flowScheduleSpec(FLOW, new Date('2026-10-25T00:40:00Z'), 'Europe/London', {})).toMatchObject({
      expression: 'at(2026-10-25T00:40:00)',
      timezone: 'UTC',
    });
    // The second 01:40 (GMT) likewise.
    expect(flowScheduleSpec(FLOW, new Date('2026-10-25T01:40:00Z'), 'Europe/London', {})).toMatchObject({
      expression: 'at(2026-10-25T01:40:00)',
      timezone: 'UTC',
    });
    // Just after the repeated hour, the zone again.
    expect(flowScheduleSpec(FLOW, new Date('2026-10-25T02:00:00Z'), 'Europe/London', {})).toMatchObject({
      expression: 'at(2026-10-25T02:00:00)',
      timezone: 'Europe/London',
    });
  });

  it('rounds a fraction of a second up, so a run never fires before its instant', () => {
    expect(flowScheduleSpec(FLOW, new Date('2026-10-26T10:18:00.250Z'), 'UTC', {}).expression).toBe(
      'at(2026-10-26T10:18:01)',
    );
  });

  it('derives a name within the port rule from any flow id, the same every time', () => {
    expect(flowScheduleName('0b9c6f0e-4a53-4f3e-9d7c-2f0f5d8e6a11')).toBe(
      'flow-0b9c6f0e-4a53-4f3e-9d7c-2f0f5d8e6a11',
    );
    const odd = 'user#42/flow with spaces';
    const long = 'x'.repeat(80);
    for (const id of [odd, long]) {
      const name = flowScheduleName(id);
      expect(name).toMatch(/^[0-9a-zA-Z._-]{1,64}$/);
      expect(name).toBe(flowScheduleName(id));
    }
    expect(flowScheduleName(odd)).not.toBe(flowScheduleName(long));
  });

  it('refuses an unknown zone or an invalid date', () => {
    expect(() => flowScheduleSpec(FLOW, new Date('2026-10-26T10:18:00Z'), 'Nowhere/Else', {})).toThrow(
      /Unknown time zone/,
    );
    expect(() => flowScheduleSpec(FLOW, new Date(Number.NaN), 'UTC', {})).toThrow(/Invalid date/);
  });
});
