import { describe, expect, it } from 'vitest';
import { moveCondition, UnknownMoveError } from '../../../../functions/jobs/job-state/job-moves';

/** The statuses a condition lets the write move from, in the order the table lists them. */
const fromOf = (condition: ReturnType<typeof moveCondition>) => Object.values(condition.values);

describe('the conditions of a job’s status writes', () => {
  it('lets a move start from every status the lifecycle table gives its actor, and no other', () => {
    expect(fromOf(moveCondition('paused', 'user'))).toEqual(['pending', 'running', 'active']);
    expect(fromOf(moveCondition('cancelled', 'user'))).toEqual(['pending', 'running', 'active', 'paused']);
    expect(fromOf(moveCondition('pending', 'scheduler'))).toEqual(['active']);
    expect(fromOf(moveCondition('failed', 'engine'))).toEqual(['running', 'pending']);
  });

  it('writes the statuses as one IN condition on #status, a value each', () => {
    const condition = moveCondition('pending', 'user');
    expect(condition.expression).toBe('#status IN (:moveFrom0, :moveFrom1, :moveFrom2, :moveFrom3)');
    expect(condition.names).toEqual({ '#status': 'status' });
    expect(condition.values).toEqual({
      ':moveFrom0': 'paused',
      ':moveFrom1': 'completed',
      ':moveFrom2': 'failed',
      ':moveFrom3': 'cancelled',
    });
  });

  it('narrows to the statuses a write names, each of which the table must allow', () => {
    expect(fromOf(moveCondition('paused', 'user', { only: ['active'] }))).toEqual(['active']);
    expect(fromOf(moveCondition('pending', 'user', { only: ['failed', 'completed'] }))).toEqual([
      'completed',
      'failed',
    ]);
    expect(() => moveCondition('paused', 'user', { only: ['active', 'completed'] })).toThrow(
      new UnknownMoveError('completed', 'paused', 'user'),
    );
    expect(() => moveCondition('paused', 'user', { only: ['completed'] })).toThrow(UnknownMoveError);
  });

  it('refuses a move no actor may make, and one the actor may not', () => {
    expect(() => moveCondition('completed', 'user')).toThrow(
      'The job lifecycle has no move from anywhere to completed by the user',
    );
    expect(() => moveCondition('cancelled', 'engine')).toThrow(UnknownMoveError);
    expect(() => moveCondition('paused', 'user', { only: [] })).toThrow(UnknownMoveError);
  });

  it('also keeps the target status when the write may leave it as it is', () => {
    expect(fromOf(moveCondition('running', 'engine'))).toEqual(['pending']);
    expect(fromOf(moveCondition('running', 'engine', { orStay: true }))).toEqual(['pending', 'running']);
    expect(fromOf(moveCondition('pending', 'engine', { orStay: true }))).toEqual(['paused', 'pending']);
    expect(fromOf(moveCondition('paused', 'user', { orStay: false }))).toEqual([
      'pending',
      'running',
      'active',
    ]);
  });
});
