import type { AutomationStatus } from '../../../shared/automations-values';
import { type LifecycleActor, statusesBefore } from '../../../shared/job-lifecycle';

/**
 * The conditions of the writes that move a job's status (issue 37 point 1), derived from the lifecycle
 * table (shared/job-lifecycle.ts) when the write is made: a write may move the status only from where
 * the table lets its actor move it to its target. A write that asks for a move the table does not have
 * throws, so a status write can neither drift from the table nor widen it.
 */
export interface MoveCondition {
  /** `#status IN (...)`, for a ConditionExpression. */
  expression: string;
  names: { '#status': 'status' };
  values: Record<string, AutomationStatus>;
}

export class UnknownMoveError extends Error {
  constructor(from: string, to: string, by: LifecycleActor) {
    super(`The job lifecycle has no move from ${from} to ${to} by the ${by}`);
    this.name = 'UnknownMoveError';
  }
}

/**
 * The condition of moving the status to `to` as `by`: from every status the table allows, or only from
 * `only` (each of which the table must allow). `orStay` also accepts `to` itself: a write that keeps
 * the status (a later segment of a job that already runs is claimed as running again).
 */
export function moveCondition(
  to: AutomationStatus,
  by: LifecycleActor,
  options: { only?: readonly string[]; orStay?: boolean } = {},
): MoveCondition {
  const allowed = statusesBefore(to, by);
  for (const from of options.only ?? []) {
    if (!(allowed as string[]).includes(from)) throw new UnknownMoveError(from, to, by);
  }
  const from = options.only ? allowed.filter((status) => options.only?.includes(status)) : allowed;
  if (from.length === 0) throw new UnknownMoveError('anywhere', to, by);
  // No move of the table goes from a status to itself, so `to` is never among `from` already.
  const statuses = options.orStay ? [...from, to] : from;
  const values: Record<string, AutomationStatus> = {};
  statuses.forEach((status, i) => {
    values[`:moveFrom${i}`] = status;
  });
  return {
    expression: `#status IN (${Object.keys(values).join(', ')})`,
    names: { '#status': 'status' },
    values,
  };
}
