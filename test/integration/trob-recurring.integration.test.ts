import { describe, expect, it } from 'vitest';
import { scheduleNameOf } from '../../functions/automations/trob-schedule';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import type { TrobTickMessage } from '../../shared/run-messages';
import {
  api,
  as,
  automationItem,
  deliver,
  dispatchRuns,
  FOLLOWERS,
  followersConfig,
  runQueued,
  startEngineSuite,
  storedLeads,
} from '../support/engine-suite';
import { newUser } from '../support/users';

/**
 * Issue 11 point 14: a recurring automation has a schedule that ticks every interval; each tick runs
 * the next job into the same dataset without duplicates, the run counters and times are kept, and a
 * pause removes the schedule.
 */
startEngineSuite();

const config = followersConfig(40);

/**
 * Hands the worker the tick the schedule would send (the local scheduler fires it when due); the job it
 * creates is sent by the run dispatch and run.
 */
const tick = async (given: unknown) => {
  const payload = given as TrobTickMessage;
  await deliver(payload);
  await runQueued(payload.workspaceId);
};

describe('recurring automations', () => {
  it('schedules every interval, runs each tick as a new job into the same dataset, and pauses by removing the schedule', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const res = await api.post(
      '/api/automation/start',
      { templateId: FOLLOWERS, config, interval: '2_minutes' },
      as(ada),
    );
    expect(res.status, res.text).toBe(201);
    const automation = res.body.data.automation;
    expect(automation).toMatchObject({ interval: '2_minutes', status: 'pending' });
    // The start only stores it; the run dispatch puts the schedule with the first run message.
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeUndefined();
    await dispatchRuns();

    const schedule = await schedulerPort().get(scheduleNameOf(automation.id));
    expect(schedule).toMatchObject({
      expression: 'rate(2 minutes)',
      target: { queue: 'trob-runs' },
      payload: { kind: 'trob-tick', automationId: automation.id, workspaceId: ada.id },
    });

    // The first run starts at once; done, the automation is active until its next run.
    await runQueued(ada.id);
    const first = await automationItem(ada.id, automation.id);
    expect(first).toMatchObject({ status: 'active', totalRuns: 1, successfulRuns: 1, totalLeads: 40 });
    const nextRun = Date.parse(String(first.nextRunAt)) - Date.parse(String(first.lastRunAt));
    expect(nextRun).toBe(2 * 60_000);

    await tick(schedule!.payload);
    const second = await automationItem(ada.id, automation.id);
    expect(second).toMatchObject({
      status: 'active',
      jobId: `${automation.id}.2`,
      totalRuns: 2,
      successfulRuns: 2,
      totalLeads: 40,
    });
    expect(Date.parse(String(second.lastRunAt))).toBeGreaterThan(Date.parse(String(first.lastRunAt)));
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(40);
    // The second run's profiles count again (DECISIONS 22): 40 + 40.
    expect((await api.get('/api/users/usage', as(ada))).body.data.usage.profilesUsed).toBe(80);

    const paused = await api.post(`/api/automation/${automation.id}/pause`, undefined, as(ada));
    expect(paused.status, paused.text).toBe(200);
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeUndefined();
    await tick(schedule!.payload);
    const whilePaused = await automationItem(ada.id, automation.id);
    expect(whilePaused).toMatchObject({ status: 'paused', totalRuns: 2 });
    // Paused, it is not scheduled: no next run to show.
    expect(whilePaused).not.toHaveProperty('nextRunAt');

    // Resumed between runs, it waits for its next tick: the finished job does not run again.
    const resumedAt = Date.now();
    const resumed = await api.put(`/api/jobs/${automation.id}.2`, { status: 'running' }, as(ada));
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.data.job).toMatchObject({ status: 'active' });
    const waiting = await automationItem(ada.id, automation.id);
    expect(waiting).toMatchObject({
      status: 'active',
      totalRuns: 2,
      successfulRuns: 2,
      jobId: `${automation.id}.2`,
    });
    const nextAfterResume = Date.parse(String(waiting.nextRunAt)) - resumedAt;
    expect(nextAfterResume).toBeGreaterThanOrEqual(2 * 60_000 - 1_000);
    expect(nextAfterResume).toBeLessThanOrEqual(2 * 60_000 + 5_000);
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toMatchObject({
      expression: 'rate(2 minutes)',
    });
    expect(await runQueued(ada.id)).toBe(0);

    // The next tick runs the next job, numbered on from the last.
    await tick(schedule!.payload);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'active',
      jobId: `${automation.id}.3`,
      totalRuns: 3,
      successfulRuns: 3,
    });
  });

  it('drops a tick while the automation’s job has not finished', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const res = await api.post(
      '/api/automation/start',
      { templateId: FOLLOWERS, config, interval: 'hourly' },
      as(ada),
    );
    const automation = res.body.data.automation;
    await dispatchRuns();
    expect((await schedulerPort().get(scheduleNameOf(automation.id)))?.expression).toBe('rate(1 hour)');
    const payload: TrobTickMessage = { kind: 'trob-tick', automationId: automation.id, workspaceId: ada.id };
    // Still pending (its first run not taken yet): the tick starts nothing.
    await deliver(payload);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({ status: 'pending', totalRuns: 0 });
  });

  it('refuses an interval that is not one of the spec’s five', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const res = await api.post(
      '/api/automation/start',
      { templateId: FOLLOWERS, config, interval: '1_minute' },
      as(ada),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'interval must be one of 2_minutes, 5_minutes, 10_minutes, 30_minutes, hourly',
    );
  });
});
