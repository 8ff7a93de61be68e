import { createHash } from 'node:crypto';
import type { FlowTickMessage } from '../../../shared/run-messages';
import type { ScheduleSpec } from '../../core/ports/scheduler';
import type { QueueName } from '../../core/queues';
import { isKnownTimeZone } from '../../core/schedule-expression';
import {
  DAY_MS,
  instantOf,
  instantsOf,
  isoDay,
  MINUTE_MS,
  wallClockOf,
  wallDayOf,
} from '../../core/zone-clock';

/**
 * When a flow runs (issue 20 point 5). A flow runs `runsPerDay` times on each working day, inside its
 * working hours read in its own time zone: the working span is cut in `runsPerDay` equal parts and a
 * run sits in the middle of each part, moved by a small jitter that is the same every time it is
 * computed for one flow, one local date and one slot, so a flow does not run at the same minute every
 * day but the runner can compute its next run again and find the same instant.
 *
 * The first run of a flow (within 5 minutes of its start) is sent by the flow service; each later one
 * is a one-off `at(...)` schedule (`flowScheduleSpec`) put by the runner after a run, for
 * `nextFlowRunAt(<the run's own slot instant, or now if later>)`.
 *
 * Pure: Intl gives the zone offsets (Node's full ICU), nothing here talks to AWS. Runs are whole
 * minutes, so a schedule that fires a little late (EventBridge fires within the minute) is still at or
 * after its slot and never finds that slot again as "the next one".
 */

/** A flow's execution settings (the shared flow schema is being written in shared/flows.ts). */
export interface FlowExecution {
  /** 1 to 4. */
  runsPerDay: number;
  /** 'HH:MM' (00:00 to 23:59), start before end, in an IANA zone. */
  workingHours: { start: string; end: string; timezone: string };
  /** Off: no runs on Saturday and Sunday of the flow's zone. */
  enableWeekends: boolean;
}

/** The queue flow runs ride (functions/core/queues.ts; one of the scheduler role's targets). */
export const FLOW_RUN_QUEUE: QueueName = 'flow-runs';

/** At most this many minutes of jitter either way, and never more than a quarter of the gap between runs. */
export const MAX_JITTER_MINUTES = 15;

export const MIN_RUNS_PER_DAY = 1;
export const MAX_RUNS_PER_DAY = 4;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function minutesOf(time: string, what: string): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`The working hours' ${what} must be 'HH:MM', not '${time}'`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A flow's run slots in a day: its execution settings, checked, in minutes of the day. */
interface RunSlots {
  start: number;
  end: number;
  /** Minutes between two runs' slots: the span over runsPerDay (may be fractional). */
  gap: number;
  /** Each run's minute of the day before jitter. */
  slots: number[];
  /** The jitter bound in whole minutes. */
  bound: number;
  timezone: string;
  enableWeekends: boolean;
}

function runSlotsOf(execution: FlowExecution): RunSlots {
  const { runsPerDay, workingHours } = execution;
  if (!Number.isInteger(runsPerDay) || runsPerDay < MIN_RUNS_PER_DAY || runsPerDay > MAX_RUNS_PER_DAY) {
    throw new RangeError(`runsPerDay must be an integer from ${MIN_RUNS_PER_DAY} to ${MAX_RUNS_PER_DAY}`);
  }
  if (!isKnownTimeZone(workingHours.timezone)) {
    throw new RangeError(`Unknown time zone '${workingHours.timezone}'`);
  }
  const start = minutesOf(workingHours.start, 'start');
  const end = minutesOf(workingHours.end, 'end');
  if (end <= start) throw new RangeError('The working hours must end after they start');
  const gap = (end - start) / runsPerDay;
  return {
    start,
    end,
    gap,
    // The middle of each equal part, rounded down to the minute.
    slots: Array.from({ length: runsPerDay }, (_, i) => start + Math.floor(gap * (i + 0.5))),
    bound: Math.floor(Math.min(MAX_JITTER_MINUTES, gap / 4)),
    timezone: workingHours.timezone,
    enableWeekends: execution.enableWeekends,
  };
}

/** `YYYY-MM-DD` as the epoch ms of its midnight read as UTC (a wall clock, not an instant). */
function wallDay(localDate: string): number {
  const match = LOCAL_DATE.exec(localDate);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== localDate) {
    throw new RangeError(`Invalid local date '${localDate}'`);
  }
  return ms;
}

function isWorkingDay(runs: RunSlots, wallDayMs: number): boolean {
  if (runs.enableWeekends) return true;
  const weekday = new Date(wallDayMs).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

const hhmm = (minuteOfDay: number): string =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

/**
 * The local wall times ('HH:MM', in the flow's zone) of the runs of `localDate` ('YYYY-MM-DD'), before
 * jitter: the working span split in `runsPerDay` equal parts, one run in the middle of each (rounded
 * down to the minute). None on a Saturday or Sunday unless weekends are enabled. 09:00 to 17:00, 3 a
 * day: 10:20, 13:00, 15:40. These are what the day's clock should read; on a day whose clock skips
 * one, `nextFlowRunAt` says where that run goes.
 */
export function flowRunSlots(execution: FlowExecution, localDate: string): string[] {
  const runs = runSlotsOf(execution);
  return isWorkingDay(runs, wallDay(localDate)) ? runs.slots.map(hhmm) : [];
}

/** The jitter bound in whole minutes: min(15, a quarter of the gap between runs), rounded down. */
export function maxFlowRunJitterMinutes(execution: FlowExecution): number {
  return runSlotsOf(execution).bound;
}

function jitterOf(flowId: string, localDate: string, slot: number, bound: number): number {
  const hash = createHash('sha256').update(`${flowId}|${localDate}|${slot}`).digest().readUInt32BE(0);
  return Math.floor((hash / 2 ** 32) * (2 * bound + 1)) - bound;
}

/**
 * The jitter (whole minutes, from -bound to +bound, each as likely; bound = `maxFlowRunJitterMinutes`)
 * of run `slot` (0-based) of `localDate` of one flow: the first 32 bits of SHA-256 over
 * `<flowId>|<localDate>|<slot>`, u in [0, 1), gives floor(u * (2 * bound + 1)) - bound.
 */
export function flowRunJitterMinutes(
  flowId: string,
  localDate: string,
  slot: number,
  execution: FlowExecution,
): number {
  wallDay(localDate);
  return jitterOf(flowId, localDate, slot, runSlotsOf(execution).bound);
}

/** The run instants of one local date, in slot order; none on a day off. */
function runInstantsOn(wallDayMs: number, runs: RunSlots, flowId: string): number[] {
  if (!isWorkingDay(runs, wallDayMs)) return [];
  const localDate = isoDay(wallDayMs);
  return runs.slots.map((minute, slot) => {
    const jittered = minute + jitterOf(flowId, localDate, slot, runs.bound);
    // The bound keeps a run inside its own part of the span; this only says it in so many words.
    const within = Math.min(runs.end, Math.max(runs.start, jittered));
    return instantOf(wallDayMs + within * MINUTE_MS, runs.timezone);
  });
}

/**
 * The first run of the flow strictly after `after`: the jittered slots of each local date in the
 * flow's zone (`flowRunSlots` plus `flowRunJitterMinutes`), skipping weekends unless enabled and days
 * whose runs are all past. A jittered wall time is then made an instant in the zone: on a fall-back day
 * an ambiguous one is its first occurrence, on a spring-forward day one the clock skips moves forward by
 * the gap. Always a whole minute.
 */
export function nextFlowRunAt(after: Date, execution: FlowExecution, flowId: string): Date {
  const afterMs = after.getTime();
  if (Number.isNaN(afterMs)) throw new RangeError('Invalid date');
  const runs = runSlotsOf(execution);
  const today = wallDayOf(afterMs, runs.timezone);
  let best: number | undefined;
  let foundOn: number | undefined;
  // From the day before (a run a skipped hour pushed past midnight) to at most a week on; a run found
  // on one day is compared with the next day's too, in case a skipped hour reordered them.
  for (let day = today - DAY_MS; day <= today + 8 * DAY_MS; day += DAY_MS) {
    if (foundOn !== undefined && day > foundOn + DAY_MS) break;
    for (const instant of runInstantsOn(day, runs, flowId)) {
      if (instant > afterMs && (best === undefined || instant < best)) {
        best = instant;
        foundOn ??= day;
      }
    }
  }
  // Unreachable: Monday to Friday always have runs.
  if (best === undefined) throw new Error('No flow run within a week');
  return new Date(best);
}

// --- The schedule ---

/** The schedule of a flow's next run: one per flow, so a pause or a stop removes it by this name. */
export function flowScheduleName(flowId: string): string {
  const name = `flow-${flowId}`;
  // The port's rule: letters, digits, '-', '_', '.', at most 64; another id is named by its hash.
  if (/^[0-9a-zA-Z._-]{1,64}$/.test(name)) return name;
  return `flow-h-${createHash('sha256').update(flowId).digest('hex').slice(0, 40)}`;
}

const wallText = (wall: number): string => new Date(wall).toISOString().slice(0, 19);

/**
 * The one-off schedule of a flow run at `at`: `at(yyyy-mm-ddThh:mm:ss)` with the wall clock of `at` in
 * `timezone` (the flow's), to the flow-runs queue. A wall clock that does not name `at` alone (`at` in
 * the hour a fall-back repeats) would be read as another instant, or left to the scheduler to choose,
 * so such a run is written in UTC instead. A fraction of a second is rounded up: a run never fires early.
 */
export function flowScheduleSpec(flowId: string, at: Date, timezone: string, payload: unknown): ScheduleSpec {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  if (!isKnownTimeZone(timezone)) throw new RangeError(`Unknown time zone '${timezone}'`);
  const instant = Math.ceil(at.getTime() / 1000) * 1000;
  const wall = wallClockOf(instant, timezone);
  const instants = instantsOf(wall, timezone);
  const unambiguous = instants.length === 1 && instants[0] === instant;
  return {
    name: flowScheduleName(flowId),
    expression: `at(${wallText(unambiguous ? wall : instant)})`,
    timezone: unambiguous ? timezone : 'UTC',
    target: { queue: FLOW_RUN_QUEUE },
    payload,
  };
}

/** The execution settings a stored flow keeps in its config (validated by shared/flows.ts when it started). */
export function flowExecutionOf(flow: { config?: unknown }): FlowExecution {
  return (flow.config as { executionSettings: FlowExecution }).executionSettings;
}

/** What a flow's schedule sends when it fires (shared/run-messages.ts, flowTickMessage). */
export function flowTickOf(flow: { id: string; userId: string }): FlowTickMessage {
  return { kind: 'flow-tick', automationId: flow.id, workspaceId: flow.userId };
}

/** The schedule of a flow's next run after `after`, in its working hours and time zone. */
export function nextFlowSchedule(
  flow: { id: string; userId: string; config?: unknown },
  after: Date,
): { at: Date; spec: ScheduleSpec } {
  const execution = flowExecutionOf(flow);
  const at = nextFlowRunAt(after, execution, flow.id);
  return { at, spec: flowScheduleSpec(flow.id, at, execution.workingHours.timezone, flowTickOf(flow)) };
}
