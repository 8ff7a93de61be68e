import { describe, expect, it } from 'vitest';
import { AUTOMATION_STATUSES } from '../../../shared/automations-values';
import {
  ACTIVE_LIST_STATUSES,
  ACTIVE_STATUSES,
  canMove,
  FINISHED_STATUSES,
  LIFECYCLE,
  type LifecycleActor,
  statusesBefore,
} from '../../../shared/job-lifecycle';
import { countsAsRunning } from '../../../shared/plan-policy';

const ACTORS: LifecycleActor[] = ['user', 'engine', 'scheduler'];

/** Every move the table allows, written out: a change to the table must change this list too. */
const ALLOWED = [
  'pending>running:engine',
  'running>completed:engine',
  'running>active:engine',
  'running>failed:engine',
  'pending>failed:engine',
  'pending>active:engine',
  'pending>paused:engine',
  'running>paused:engine',
  'paused>pending:engine',
  'active>pending:scheduler',
  'pending>paused:user',
  'running>paused:user',
  'active>paused:user',
  'paused>pending:user',
  'paused>active:user',
  'pending>cancelled:user',
  'running>cancelled:user',
  'active>cancelled:user',
  'paused>cancelled:user',
  'completed>pending:user',
  'failed>pending:user',
  'cancelled>pending:user',
];

describe('the job lifecycle', () => {
  it('allows exactly the listed moves, each to its actor', () => {
    expect(LIFECYCLE.map((m) => `${m.from}>${m.to}:${m.by}`).sort()).toEqual([...ALLOWED].sort());
  });

  it('refuses every other move of every status to every status by every actor', () => {
    let refused = 0;
    for (const from of AUTOMATION_STATUSES)
      for (const to of AUTOMATION_STATUSES)
        for (const by of ACTORS) {
          const allowed = ALLOWED.includes(`${from}>${to}:${by}`);
          expect(canMove(from, to, by), `${from}>${to}:${by}`).toBe(allowed);
          if (!allowed) refused++;
        }
    expect(refused).toBe(7 * 7 * 3 - ALLOWED.length);
  });

  it('never lets a user finish a job or the engine cancel one', () => {
    for (const from of AUTOMATION_STATUSES) {
      expect(canMove(from, 'completed', 'user')).toBe(false);
      expect(canMove(from, 'failed', 'user')).toBe(false);
      expect(canMove(from, 'cancelled', 'engine')).toBe(false);
    }
  });

  it('reaches and leaves every status', () => {
    for (const status of AUTOMATION_STATUSES) {
      expect(
        LIFECYCLE.some((m) => m.to === status),
        `${status} reached`,
      ).toBe(true);
      expect(
        LIFECYCLE.some((m) => m.from === status),
        `${status} left`,
      ).toBe(true);
    }
  });

  it('names the statuses a move leaves from', () => {
    expect(statusesBefore('paused', 'user').sort()).toEqual(['active', 'pending', 'running']);
    expect(statusesBefore('cancelled', 'user').sort()).toEqual(['active', 'paused', 'pending', 'running']);
    expect(statusesBefore('pending', 'user').sort()).toEqual(['cancelled', 'completed', 'failed', 'paused']);
    expect(statusesBefore('cancelled', 'engine')).toEqual([]);
  });

  it('keeps the sets apart: active counts against the plan, finished may run again, paused is on the Active list', () => {
    expect([...ACTIVE_STATUSES].sort()).toEqual(['active', 'pending', 'running']);
    expect([...FINISHED_STATUSES].sort()).toEqual(['cancelled', 'completed', 'failed']);
    expect(ACTIVE_STATUSES.filter((s) => (FINISHED_STATUSES as readonly string[]).includes(s))).toEqual([]);
    expect([...ACTIVE_LIST_STATUSES].sort()).toEqual(['active', 'paused', 'pending', 'running']);
    for (const status of AUTOMATION_STATUSES)
      expect(countsAsRunning(status), status).toBe((ACTIVE_STATUSES as readonly string[]).includes(status));
    // Only the finished statuses may run again.
    for (const status of AUTOMATION_STATUSES)
      expect(canMove(status, 'pending', 'user') && status !== 'paused', status).toBe(
        (FINISHED_STATUSES as readonly string[]).includes(status),
      );
  });
});
