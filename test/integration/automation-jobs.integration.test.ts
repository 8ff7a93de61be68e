import { describe, expect, it } from 'vitest';
import { failUnclaimed } from '../../functions/jobs/job-state/job-end-repository';
import { settleLeadCount } from '../../functions/leads/lead-count-repository';
import { storeLeads } from '../../functions/leads/lead-repository';
import { AUTOMATION_TEXTS, JOB_TEXTS } from '../../shared/automations';
import type { TestUser } from '../support/api-client';
import {
  api,
  expectRefused,
  FOLLOWERS,
  LIMIT_MESSAGE,
  listOf,
  runMessagesOf,
  setStatus,
  start,
  startAutomationsSuite,
  started,
} from '../support/automations-suite';
import { newUser } from '../support/users';

/**
 * The automation and job calls around a run (part 2 section 7, part 1 section 7, DECISIONS 20, 23):
 * the queue, the leads page, pause, the job list, pause/resume/cancel and run again. Every call is
 * also made with another user's session, which must find nothing.
 */
startAutomationsSuite({ poolSize: 8 });

const as = (user: TestUser) => ({ token: user.accessToken });

describe('GET /api/automation/queue', () => {
  it('counts the user’s waiting job and gives its place; another user has nothing waiting', async () => {
    const [ada, bob] = await Promise.all([newUser({ connect: ['linkedin'] }), newUser()]);
    await started(ada, { templateId: FOLLOWERS });
    const mine = await api.get('/api/automation/queue', as(ada));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toMatchObject({ yourWaiting: 1, yourRunning: 0 });
    expect(mine.body.data.waiting).toBeGreaterThanOrEqual(1);
    expect(mine.body.data.yourPosition).toBeGreaterThanOrEqual(1);
    const theirs = await api.get('/api/automation/queue', as(bob));
    expect(theirs.body.data).toMatchObject({ yourWaiting: 0, yourRunning: 0, yourPosition: null });
  });
});

describe('GET /api/automation/leads/{jobId}', () => {
  it('answers the job’s leads page with its total, and 404 for another user’s job', async () => {
    const [ada, bob] = await Promise.all([newUser({ connect: ['linkedin'] }), newUser()]);
    const automation = await started(ada, { templateId: FOLLOWERS });
    const own = await api.get(`/api/automation/leads/${automation.jobId}?page=1&limit=5`, as(ada));
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({
      success: true,
      data: { leads: [], totalLeads: 0, page: 1, limit: 5, totalPages: 0 },
    });
    expectRefused(
      await api.get(`/api/automation/leads/${automation.jobId}`, as(bob)),
      404,
      AUTOMATION_TEXTS.notFound,
    );
  });

  it('refuses a limit of 0 and one past the maximum with a clear message, and takes the maximum', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const { jobId } = await started(ada, { templateId: FOLLOWERS });
    const message = 'limit must be a whole number from 1 to 1,000';
    expectRefused(await api.get(`/api/automation/leads/${jobId}?limit=0`, as(ada)), 400, message);
    expectRefused(await api.get(`/api/automation/leads/${jobId}?limit=1001`, as(ada)), 400, message);
    expect((await api.get(`/api/automation/leads/${jobId}?limit=1000`, as(ada))).status).toBe(200);
    expectRefused(
      await api.get(`/api/automation/leads/${jobId}?after=`, as(ada)),
      400,
      'after must not be empty',
    );
    expectRefused(
      await api.get(`/api/automation/leads/${jobId}?page=-1`, as(ada)),
      400,
      'page must be a whole number from 1 to 1,000,000',
    );
  });

  it('reads a whole automation in chunks after a cursor: every lead once, in key order, then no cursor', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const automation = await started(ada, { templateId: FOLLOWERS });
    const leads = Array.from({ length: 7 }, (_, i) => ({
      id: `p${i}`,
      profileId: `p${i}`,
      name: `Person ${i}`,
      profileUrl: `https://www.linkedin.com/in/p${i}`,
      extractedAt: new Date().toISOString(),
    }));
    await storeLeads({ userId: ada.id, automationId: automation.id }, leads);
    await settleLeadCount(ada.id, automation.id);
    const seen: string[] = [];
    let after: string | undefined;
    const cursors: (string | undefined)[] = [];
    do {
      const res = await api.get(
        `/api/automation/leads/${automation.jobId}?limit=3${after ? `&after=${after}` : ''}`,
        as(ada),
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.totalLeads).toBe(7);
      seen.push(...res.body.data.leads.map((lead: { id: string }) => lead.id));
      after = res.body.data.nextAfter;
      cursors.push(after);
    } while (after);
    expect(seen).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(cursors).toEqual(['p2', 'p5', undefined]);
    const last = await api.get(`/api/automation/leads/${automation.jobId}?limit=3&after=p6`, as(ada));
    expect(last.body.data.leads).toEqual([]);
  });
});

describe('POST /api/automation/{id}/pause', () => {
  it('pauses only an active automation, with the spec’s message; 409 otherwise; 404 for another user', async () => {
    const [ada, bob] = await Promise.all([newUser({ connect: ['linkedin'] }), newUser()]);
    const automation = await started(ada, { templateId: FOLLOWERS });
    expectRefused(
      await api.post(`/api/automation/${automation.id}/pause`, undefined, as(ada)),
      409,
      AUTOMATION_TEXTS.onlyActiveCanPause,
    );
    await setStatus(ada.id, automation.id, 'active');
    expectRefused(
      await api.post(`/api/automation/${automation.id}/pause`, undefined, as(bob)),
      404,
      AUTOMATION_TEXTS.notFound,
    );
    const paused = await api.post(`/api/automation/${automation.id}/pause`, undefined, as(ada));
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ success: true, message: 'Automation paused successfully' });
    expect(paused.body.data.automation.status).toBe('paused');
    expect((await listOf(ada)).body.data.automations[0].status).toBe('paused');
  });
});

describe('GET /api/jobs', () => {
  it('lists the user’s jobs with the status, platform and search filters, never another user’s', async () => {
    const [ada, bob] = await Promise.all([newUser({ connect: ['linkedin'] }), newUser()]);
    const automation = await started(ada, { templateId: FOLLOWERS });
    const all = await api.get('/api/jobs', as(ada));
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.jobs).toEqual([
      expect.objectContaining({
        id: automation.jobId,
        automationId: automation.id,
        name: 'LinkedIn Follower Extractor',
        platform: 'linkedin',
        status: 'pending',
        progress: 0,
      }),
    ]);
    const ids = async (query: string) =>
      (await api.get(`/api/jobs${query}`, as(ada))).body.data.jobs.map((j: { id: string }) => j.id);
    expect(await ids('?status=pending')).toEqual([automation.id]);
    expect(await ids('?status=all')).toEqual([automation.id]);
    expect(await ids('?status=running')).toEqual([]);
    expect(await ids('?platform=linkedin&search=follower')).toEqual([automation.id]);
    expect(await ids('?platform=twitter')).toEqual([]);
    expect(await ids('?search=connections')).toEqual([]);
    expect((await api.get('/api/jobs', as(bob))).body.data.jobs).toEqual([]);
    expect((await api.get('/api/jobs?status=finished', as(ada))).status).toBe(400);
  });
});

describe('PUT /api/jobs/{id}', () => {
  it('pauses, resumes (a run message of the next segment) and cancels; a cancelled job frees the plan’s limit', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const automation = await started(ada, { templateId: FOLLOWERS });
    await runMessagesOf(ada.id);
    const put = (status: string) => api.put(`/api/jobs/${automation.jobId}`, { status }, as(ada));

    const paused = await put('paused');
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.data.job.status).toBe('paused');
    // FREE allows one running automation: a paused one does not count (DECISIONS 20).
    const resumed = await put('running');
    expect(resumed.body.data.job.status).toBe('pending');
    expect((await runMessagesOf(ada.id)).at(-1)).toEqual({
      kind: 'trob-run',
      jobId: automation.id,
      automationId: automation.id,
      workspaceId: ada.id,
      segment: 0,
    });
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));
    const cancelled = await put('cancelled');
    expect(cancelled.body.data.job.status).toBe('cancelled');
    expect((await start(ada, { templateId: FOLLOWERS })).status).toBe(201);
  });

  it('leaves every other status to the engine (409) and refuses a change its status does not allow', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const automation = await started(ada, { templateId: FOLLOWERS });
    for (const status of ['completed', 'failed', 'active', 'pending']) {
      expectRefused(
        await api.put(`/api/jobs/${automation.id}`, { status }, as(ada)),
        409,
        JOB_TEXTS.engineOwnsStatus,
      );
    }
    expectRefused(
      await api.put(`/api/jobs/${automation.id}`, { status: 'running' }, as(ada)),
      409,
      JOB_TEXTS.cannotChange('pending', 'running'),
    );
    expect((await api.put(`/api/jobs/${automation.id}`, { status: 'done' }, as(ada))).status).toBe(400);
  });

  it('answers 404 to another user and changes nothing', async () => {
    const [ada, bob] = await Promise.all([newUser({ connect: ['linkedin'] }), newUser()]);
    const automation = await started(ada, { templateId: FOLLOWERS });
    expectRefused(
      await api.put(`/api/jobs/${automation.id}`, { status: 'cancelled' }, as(bob)),
      404,
      AUTOMATION_TEXTS.notFound,
    );
    expect((await listOf(ada)).body.data.automations[0].status).toBe('pending');
  });
});

describe('POST /api/jobs: run an automation again', () => {
  it('refuses a job that still runs, runs a failed one again, and applies the plan limit', async () => {
    const [ada, bob] = await Promise.all([
      newUser({ connect: ['linkedin'] }),
      newUser({ connect: ['linkedin'] }),
    ]);
    const automation = await started(ada, { templateId: FOLLOWERS });
    await runMessagesOf(ada.id);
    expectRefused(
      await api.post('/api/jobs', { automationId: automation.id }, as(ada)),
      409,
      JOB_TEXTS.notFinished,
    );
    expectRefused(
      await api.post('/api/jobs', { automationId: automation.id }, as(bob)),
      404,
      AUTOMATION_TEXTS.notFound,
    );

    // A job that failed for good stops counting: the user may start or run again.
    await failUnclaimed(ada.id, automation.id, 'The run failed', new Date());
    const again = await api.post('/api/jobs', { automationId: automation.id }, as(ada));
    expect(again.status, again.text).toBe(201);
    // The second run of the automation is a job of its own.
    expect(again.body.data.job).toMatchObject({
      id: `${automation.id}.2`,
      automationId: automation.id,
      status: 'pending',
      progress: 0,
    });
    expect((await runMessagesOf(ada.id)).at(-1)).toMatchObject({ jobId: `${automation.id}.2`, segment: 0 });
    // Now it runs again, a second automation is over FREE's limit.
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));
    expect((await api.post('/api/jobs', {}, as(ada))).status).toBe(400);
  });
});
