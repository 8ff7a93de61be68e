import { describe, expect, it } from 'vitest';
import {
  applyJobProgress,
  applyJobProgressToList,
  parseProgress,
} from '../../../web/src/features/automations/live-job';
import { automationOf } from './automation-fixtures';

describe('live job rule (part 2 section 4)', () => {
  const running = automationOf('job-1', { status: 'running', progress: 10 });

  it('lets a push set the progress, status, stage, message and task counts', () => {
    const next = applyJobProgress(running, {
      jobId: 'job-1',
      progress: 42,
      status: 'running',
      stage: 'extract',
      message: 'Reading followers',
      completedTasks: 42,
      totalTasks: 100,
      successTasks: 40,
      failedTasks: 2,
    });
    expect(next).toMatchObject({
      progress: 42,
      status: 'running',
      stage: 'extract',
      message: 'Reading followers',
      completedTasks: 42,
      totalTasks: 100,
      successTasks: 40,
      failedTasks: 2,
    });
    expect(running.progress).toBe(10);
  });

  it("parses a progress given as text with a '%' sign", () => {
    expect(parseProgress('45%')).toBe(45);
    expect(parseProgress(' 45.5 % ')).toBe(45.5);
    expect(parseProgress('60')).toBe(60);
    expect(parseProgress('lots')).toBeUndefined();
    expect(parseProgress(Number.NaN)).toBeUndefined();
    expect(applyJobProgress(running, { jobId: 'job-1', progress: '45%' }).progress).toBe(45);
    expect(applyJobProgress(running, { jobId: 'job-1', percentage: '55%' }).progress).toBe(55);
    expect(applyJobProgress(running, { jobId: 'job-1', percent: 65 }).progress).toBe(65);
  });

  it("completes the job at 100% when the message says 'complete'", () => {
    const next = applyJobProgress(running, {
      jobId: 'job-1',
      progress: '100%',
      status: 'running',
      message: 'Extraction Complete',
    });
    expect(next.status).toBe('completed');
  });

  it('completes the job at 100% when the status is completed', () => {
    expect(applyJobProgress(running, { jobId: 'job-1', progress: 100, status: 'completed' }).status).toBe(
      'completed',
    );
  });

  it("does not complete it at 100% without 'complete' or the completed status, nor below 100", () => {
    expect(
      applyJobProgress(running, { jobId: 'job-1', progress: 100, status: 'running', message: 'Saving' })
        .status,
    ).toBe('running');
    expect(
      applyJobProgress(running, { jobId: 'job-1', progress: 99, message: 'almost complete' }).status,
    ).toBe('running');
  });

  it('keeps the status when a push names an unknown one', () => {
    expect(applyJobProgress(running, { jobId: 'job-1', status: 'exploded' }).status).toBe('running');
  });

  it('applies a push to its automation in the list answer and leaves the others', () => {
    const answer = {
      status: 'success',
      data: { automations: [running, automationOf('job-2', { progress: 5 })] },
    };
    const next = applyJobProgressToList(answer, { jobId: 'job-1', progress: 70 });
    expect(next?.data.automations.map((a) => a.progress)).toEqual([70, 5]);
    expect(next?.data.automations[1]).toBe(answer.data.automations[1]);
    expect(applyJobProgressToList(answer, { jobId: 'nobody', progress: 70 })).toBe(answer);
  });
});
