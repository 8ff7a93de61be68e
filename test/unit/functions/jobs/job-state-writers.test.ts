import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The job state is the only writer of a job's status, lease, segment, cursor and progress (issue 37
 * point 1): no file of functions/ outside functions/jobs/job-state/ writes them to an automation item
 * or to a job item (which holds the running job's state).
 * The import rule (job-state-through-its-face) keeps its parts its own; this keeps their work there.
 */
const root = join(import.meta.dirname, '../../../..');
const JOB_STATE = 'functions/jobs/job-state/';
const FIELDS =
  /(#status\s*=|\bleaseToken\b|\bleaseUntil\b|\brunSegment\b|#segment\b|\bqueuedSegment\b|\brunCursor\b|\brunCounters\b|\bprogress\s*=|\bstageHistory\b)/;

/** Whether a source writes a job-state field in an update of an automation item or a job item. */
function writesJobState(source: string): boolean {
  if (!source.includes('keys.automation(') && !source.includes('keys.job(')) return false;
  return [
    ...source.matchAll(/UpdateExpression\s*:([\s\S]{0,600}?)(ConditionExpression|ExpressionAttribute|\}\))/g),
  ].some(([, expression]) => FIELDS.test(expression ?? ''));
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the job state', () => {
  it('is written by no file outside functions/jobs/job-state/', () => {
    const writers = sources('functions')
      .filter((file) => !file.startsWith(JOB_STATE))
      .filter((file) => writesJobState(readFileSync(join(root, file), 'utf8')));
    expect(writers).toEqual([]);
  });

  // A job's end and a segment's checkpoints build their updates from fields (run-state-repository.ts
  // fencedUpdate), which the scan does not read: it sees the written-out expressions.
  it('is written by the job state’s own parts (the scan sees their writes)', () => {
    const parts = sources('functions/jobs/job-state').filter((file) =>
      writesJobState(readFileSync(join(root, file), 'utf8')),
    );
    expect(parts.map((file) => relative(JOB_STATE, file)).sort()).toEqual([
      'claim-repository.ts',
      'job-end-repository.ts',
      'resume-repository.ts',
      'unsent-repository.ts',
      'user-move-repository.ts',
    ]);
  });

  it('tells a write of a job field from a write of another field of the automation', () => {
    const update = (expression: string) =>
      `new UpdateCommand({ Key: keys.automation(userId, id), UpdateExpression: '${expression}', ConditionExpression: 'x' })`;
    expect(writesJobState(update('SET #status = :paused, updatedAt = :at'))).toBe(true);
    expect(writesJobState(update('SET leaseUntil = :epoch'))).toBe(true);
    expect(writesJobState(update('SET displayName = :name, updatedAt = :at'))).toBe(false);
    expect(writesJobState(update('ADD #total :n'))).toBe(false);
    const jobUpdate = (expression: string) =>
      `new UpdateCommand({ Key: keys.job(userId, createdAt, id), UpdateExpression: '${expression}', ConditionExpression: 'x' })`;
    expect(writesJobState(jobUpdate('SET #segment = :segment, leaseToken = :token'))).toBe(true);
    expect(writesJobState(jobUpdate('SET leadsAdded = :n'))).toBe(false);
  });
});
