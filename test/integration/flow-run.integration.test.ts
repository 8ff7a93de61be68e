import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { activitiesOf } from '../../functions/flows/activity-repository';
import { flowScheduleName } from '../../functions/flows/run/flow-schedule';
import { INDUSTRY } from '../../functions/flows/templates/audiences';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { BUDGETS } from '../../functions/safety/budgets';
import { invitationFate } from '../../scripts/sandbox-platforms/linkedin-outreach';
import { FLOW_RUN_TEXTS } from '../../shared/flow-run-texts';
import { RUN_TEXTS } from '../../shared/run-texts';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliver,
  sandbox,
  startEngineSuite,
  takeRunMessages,
} from '../support/engine-suite';
import { onAutopilot } from '../support/flows';
import { setEnv } from '../support/integration-env';

/**
 * A flow's run on the sandbox LinkedIn (issue 20 point 6; DECISIONS 27): the real worker, real
 * Chromium, DynamoDB Local and the local AI. The run discovers people who match the targeting within
 * the account's search budget, never one any flow of the account reached before (the contact ledger),
 * scores each with the AI, ends as a job in the flow's history and waits for its next run.
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;

async function startedFlow(user: TestUser, config = onAutopilot(template.defaultConfig)) {
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow as { id: string };
}

async function itemsOf(pk: string): Promise<Record<string, unknown>[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** A flow's prospects (its partition also holds its activities). */
async function prospectsOf(userId: string, flowId: string) {
  return (await itemsOf(keys.prospectsPartition(userId, flowId))).filter((i) =>
    String(i.sk).startsWith(keys.prospectSortPrefix),
  );
}

async function runFlow(user: TestUser): Promise<void> {
  const messages = await takeRunMessages(user.id, 'flow-runs');
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(await deliver(message)).toEqual([]);
}

describe('a flow’s run', () => {
  it('finds its prospects, scores them, ends as a job of the flow and waits for its next run', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada);
    await runFlow(ada);

    const item = await automationItem(ada.id, flow.id);
    expect(item).toMatchObject({
      status: 'active',
      totalRuns: 1,
      successfulRuns: 1,
      prospectsFound: expect.any(Number),
    });
    const prospects = await prospectsOf(ada.id, flow.id);
    const perRun = template.defaultConfig.executionSettings!.prospectsPerRun!;
    expect(prospects.length).toBeGreaterThan(0);
    expect(prospects.length).toBeLessThanOrEqual(perRun);
    expect(item.prospectsFound).toBe(prospects.length);
    for (const prospect of prospects) {
      expect(prospect.aiScore).toEqual(expect.any(Number));
      // Issue 36 point 1: the search found them by the targeting's facets, so each of those matched.
      expect(['hot', 'warm']).toContain(prospect.matchQuality);
      const factors = prospect.relevanceFactors as Array<{ factor: string; detail: string }>;
      expect(factors.find((f) => f.factor === 'Industry')?.detail).toMatch(
        /^(Found by the search's industry filter|The industry ".+" is a targeted one)/,
      );
      expect(String(prospect.matchReason).length).toBeGreaterThan(0);
    }
    // The stage history and the API.
    const stages = ((await currentJobItem(ada.id, flow.id)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(stages).toEqual(expect.arrayContaining(['discovering', 'scoring', 'completed']));
    const shown = (await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow;
    expect(shown).toMatchObject({
      status: 'ACTIVE',
      state: {
        prospectTracking: { totalProspectsFound: prospects.length },
        executionStats: { totalRuns: 1, successfulRuns: 1, failedRuns: 0, successRate: '100%' },
      },
    });
    expect(new Date(shown.nextScheduledRun).getTime()).toBeGreaterThan(Date.now());
    expect((await schedulerPort().get(flowScheduleName(flow.id)))?.expression).toMatch(/^at\(/);
  });

  it('says nobody matched, and what to widen, when its search finds nobody (issue 36)', async () => {
    const ada = await connectedUser('PLUS');
    const config = onAutopilot(template.defaultConfig);
    config.targetingSettings = { ...config.targetingSettings!, keywords: 'zyxwvut' };
    const flow = await startedFlow(ada, config);
    await runFlow(ada);
    expect(await automationItem(ada.id, flow.id)).toMatchObject({
      status: 'active',
      message: FLOW_RUN_TEXTS.noMatch,
    });
    expect(FLOW_RUN_TEXTS.noMatch).toBe(
      'Nobody matched the targeting: widen it (more industries or locations, fewer job titles or company sizes, or other keywords)',
    );
  });

  it('never approaches a person another flow of the account already found', async () => {
    const ada = await connectedUser('PLUS');
    const engagers = flowTemplates.find((t) => t.id === 'linkedin-engager-follow-up-flow')!;
    const config = onAutopilot(engagers.defaultConfig);
    config.executionSettings!.prospectsPerRun = 5;
    const start = async () => {
      const res = await api.post('/api/flows', { templateId: engagers.id, config }, as(ada));
      expect(res.status, res.text).toBe(201);
      return res.body.data.flow.id as string;
    };
    const first = await start();
    await runFlow(ada);
    const second = await start();
    await runFlow(ada);
    const ids = async (flowId: string) => (await prospectsOf(ada.id, flowId)).map((p) => String(p.id));
    const a = await ids(first);
    const b = await ids(second);
    expect(a).toHaveLength(5);
    expect(b).toHaveLength(5);
    expect(b.filter((id) => a.includes(id))).toEqual([]);
    // The same search, in the same order: the second run passed over the first one's five.
    expect((await currentJobItem(ada.id, second)).counters).toMatchObject({ stored: 5, duplicates: 5 });
  });

  it('ends its discovery early at a spent search budget, says so, and never searches past it', async () => {
    const ada = await connectedUser('PLUS');
    // 15 prospects of an audience of about 30: more than one page of 10 to search.
    const engagers = flowTemplates.find((t) => t.id === 'linkedin-engager-follow-up-flow')!;
    const config = onAutopilot(engagers.defaultConfig);
    config.executionSettings!.prospectsPerRun = 15;
    const res = await api.post('/api/flows', { templateId: engagers.id, config }, as(ada));
    expect(res.status, res.text).toBe(201);
    const flow = res.body.data.flow as { id: string };
    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    // The account's searches of the day are all used but one.
    const { takeBudget } = await import('../../functions/safety/budget-repository');
    const { periodsOf } = await import('../../functions/safety/governor');
    const daily = BUDGETS.linkedin.searches.daily;
    const now = new Date();
    const taken = await takeBudget(
      { workspaceId: ada.id, connectionId: connection.id },
      'searches',
      periodsOf(now),
      BUDGETS.linkedin.searches,
      now,
      daily - 1,
    );
    expect(taken.ok).toBe(true);
    await runFlow(ada);
    const item = await automationItem(ada.id, flow.id);
    expect(item.status).toBe('active');
    const stages = ((await currentJobItem(ada.id, flow.id)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(stages).toContain('budget-spent');
    // One search page's people, scored: fewer than asked, and the run still completes.
    expect((await currentJobItem(ada.id, flow.id)).counters).toMatchObject({ stored: 10 });
    expect(item.message).toBe('Found and scored 10 new prospects');
    // The flow's page shows its last run as that run's item holds it: at its end, 100% (issue 37 point 1).
    const shown = (await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow;
    expect(shown.currentRun).toMatchObject({ progress: 100, stage: 'completed', message: item.message });
    const { budgetUsed } = await import('../../functions/safety/budget-repository');
    expect(
      (
        await budgetUsed(
          { workspaceId: ada.id, connectionId: connection.id },
          'searches',
          periodsOf(new Date()),
        )
      ).daily,
    ).toBe(daily);
  });

  it('invites its prospects once each with a note, then sees who accepted or declined and messages who accepted', async () => {
    const ada = await connectedUser('PLUS');
    // An audience the other tests do not reach: they share the sandbox's one account.
    const warmup = flowTemplates.find((t) => t.id === 'linkedin-thought-leader-warmup-flow')!;
    // New Connection Nurture makes every write (like, comment, invitation, message).
    const nurture = flowTemplates.find((t) => t.id === 'linkedin-connection-nurture-flow')!;
    const config = onAutopilot(warmup.defaultConfig);
    config.executionSettings!.prospectsPerRun = 8;
    const res = await api.post('/api/flows', { templateId: nurture.id, config }, as(ada));
    expect(res.status, res.text).toBe(201);
    const flowId = res.body.data.flow.id as string;
    await runFlow(ada);
    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    const ledger = keys.ledgerPartition(ada.id, connection.id);
    const writes = async (prefix: string) =>
      (await itemsOf(ledger)).filter((i) => String(i.sk).startsWith(`WRITE#${prefix}`));
    const written = await writes('invite:');
    // Every prospect but those already connected to the account got an invitation's write.
    const strangers = (await prospectsOf(ada.id, flowId)).filter((p) => p.distance !== 1);
    expect(written.map((i) => i.personId).sort()).toEqual(strangers.map((p) => p.id).sort());
    // The suite's users share the sandbox's one premium account: a person an earlier test invited is
    // refused as already invited, and recorded as failed, not as sent.
    for (const refused of written.filter((i) => i.status !== 'done'))
      expect(refused).toMatchObject({ status: 'failed', failure: 'already-invited' });
    const invites = written.filter((i) => i.status === 'done');
    expect(invites.length).toBeGreaterThan(3);
    // A premium account: every invitation has its note, within 300 characters.
    for (const invite of invites) {
      expect(invite).toMatchObject({ flowId });
      expect(String(invite.text).length).toBeGreaterThan(0);
      expect([...String(invite.text)].length).toBeLessThanOrEqual(300);
    }
    expect(await automationItem(ada.id, flowId)).toMatchObject({ connectionRequests: invites.length });
    // Before connecting, the run liked and commented on each prospect's newest post, once each.
    const likes = (await writes('like:')).filter((w) => w.flowId === flowId);
    const comments = (await writes('comment:')).filter((w) => w.flowId === flowId);
    expect(likes.length).toBeGreaterThan(0);
    expect(likes.every((w) => w.status === 'done')).toBe(true);
    expect(comments.map((w) => String(w.key).replace('comment:', '')).sort()).toEqual(
      likes.map((w) => String(w.key).replace('like:', '')).sort(),
    );
    for (const comment of comments) {
      expect(comment.status).toBe('done');
      expect(String(comment.text)).not.toMatch(/[{}[\]]/);
      expect([...String(comment.text)].length).toBeLessThanOrEqual(500);
    }
    const engagedStages = ((await currentJobItem(ada.id, flowId)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(engagedStages).toEqual(
      expect.arrayContaining(['discovering', 'scoring', 'engaging', 'connecting']),
    );

    // Three simulated days: the sandbox's people answer (or not) as their fate says.
    sandbox.advanceClock(72 * 3600_000);
    const executed = await api.post(`/api/flows/${flowId}/execute`, {}, as(ada));
    expect(executed.status, executed.text).toBe(200);
    await runFlow(ada);
    const invitedIds = invites.map((i) => String(i.personId));
    const seed = sandbox.sites.linkedin.world.seed;
    const fates = new Map(invitedIds.map((id) => [id, invitationFate(seed, id).kind]));
    const people = (await itemsOf(ledger)).filter((i) => String(i.sk).startsWith('PERSON#'));
    for (const id of invitedIds) {
      const steps = (people.find((p) => p.personId === id)?.steps ?? {}) as Record<string, string>;
      expect(Boolean(steps.accepted), id).toBe(fates.get(id) === 'accept');
      expect(Boolean(steps.declined), id).toBe(fates.get(id) === 'decline');
    }
    const accepted = invitedIds.filter((id) => fates.get(id) === 'accept');
    // The sandbox's seed makes this deterministic: some accepted, so messages are sent.
    expect(accepted.length).toBeGreaterThan(0);
    const messages = await writes('message:');
    expect(messages.map((m) => String(m.personId)).sort()).toEqual([...accepted].sort());
    expect(messages.every((m) => m.status === 'done')).toBe(true);
    // Nobody was invited twice: the second run invited new prospects only.
    const allInvites = await writes('invite:');
    expect(new Set(allInvites.map((i) => i.personId)).size).toBe(allInvites.length);
    // Every write and answer is in the flow's activities, for the feed and the analytics.
    const activities = await activitiesOf(ada.id, flowId, 500);
    const ofType = (type: string) => activities.filter((a) => a.type === type);
    expect(ofType('CONNECTION_SENT').filter((a) => a.wasSuccessful)).toHaveLength(
      allInvites.filter((i) => i.status === 'done').length,
    );
    expect(ofType('CONNECTION_SENT')[0]).toMatchObject({
      stage: 'connecting',
      connection: { message: expect.any(String) },
    });
    expect(ofType('POST_LIKED').length).toBeGreaterThan(0);
    // Each prospect's profile was visited once for its recent posts (the second run visited only its own).
    const viewed = ofType('PROFILE_VIEWED').map((a) => a.prospect.id);
    expect(new Set(viewed).size).toBe(viewed.length);
    const visited = (await prospectsOf(ada.id, flowId)).filter((p) => p.viewedAt);
    expect(viewed.sort()).toEqual(visited.map((p) => String(p.id)).sort());
    expect(ofType('POST_LIKED').every((a) => viewed.includes(a.prospect.id))).toBe(true);
    for (const prospect of visited) {
      const posts = prospect.recentPosts as Array<{ postedAt: string; url: string }>;
      expect(posts.length).toBeLessThanOrEqual(3);
      const times = posts.map((p) => p.postedAt);
      expect(times).toEqual([...times].sort().reverse());
    }
    expect(visited.some((p) => (p.recentPosts as unknown[]).length > 1)).toBe(true);
    expect(
      ofType('CONNECTION_ACCEPTED')
        .map((a) => a.prospect.id)
        .sort(),
    ).toEqual([...accepted].sort());
    expect(
      ofType('MESSAGE_SENT')
        .map((a) => a.prospect.id)
        .sort(),
    ).toEqual([...accepted].sort());
    const times = activities.map((a) => a.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    const shown = (await api.get(`/api/flows/${flowId}`, as(ada))).body.data.flow;
    expect(shown.state.prospectTracking).toMatchObject({
      totalConnectionRequests: allInvites.filter((i) => i.status === 'done').length,
      connectionsAccepted: accepted.length,
      messagesSent: accepted.length,
    });
  });

  it('pauses on a challenge with what it did, flags the connection, and after a re-sync finishes the same run', async () => {
    const ada = await connectedUser('PLUS');
    const site = sandbox.sites.linkedin;
    const res = await api.post(
      '/api/flows',
      { templateId: template.id, config: onAutopilot(template.defaultConfig) },
      as(ada),
    );
    expect(res.status, res.text).toBe(201);
    const flowId = res.body.data.flow.id as string;
    // The landing page and a few calls pass; then the platform asks for a check.
    site.setFailures({ challengeAfter: 6 });
    try {
      await runFlow(ada);
    } finally {
      site.setFailures({ clear: true });
    }
    const paused = await automationItem(ada.id, flowId);
    expect(paused).toMatchObject({ status: 'paused', pausedFor: 'platform' });
    expect((await api.get(`/api/flows/${flowId}`, as(ada))).body.data.flow.status).toBe('PAUSED');
    const linkedin = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    expect(linkedin.errorCount).toBe(1);

    // The user completes the check and re-syncs: the run goes on from its cursor and completes.
    const resync = await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, as(ada));
    expect(resync.status, resync.text).toBeLessThan(300);
    await runFlow(ada);
    expect(await automationItem(ada.id, flowId)).toMatchObject({
      status: 'active',
      totalRuns: 1,
      successfulRuns: 1,
    });
    // Every write of the run was settled once: none left half-done.
    const writes = (await itemsOf(keys.ledgerPartition(ada.id, linkedin.id))).filter((i) =>
      String(i.sk).startsWith('WRITE#'),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(['done', 'failed'], String(write.key)).toContain(write.status);
  });

  it('records an invitation the account had already sent outside this app as refused, and never follows it up', async () => {
    // Bob and Ada connect the same sandbox account: Bob's invitations were sent outside Ada's app
    // (and the earlier tests' may have been too). Ada's flow finds the same people first.
    // An audience of its own (the other tests' invitations were answered days ago on the sandbox's clock).
    const audience = onAutopilot(template.defaultConfig);
    audience.targetingSettings = {
      keywords: 'at',
      industries: Object.values(INDUSTRY),
      jobTitles: [],
      locations: ['GB', 'CA'],
      companySize: [],
    };
    audience.executionSettings!.prospectsPerRun = 15;
    const bob = await connectedUser('PLUS');
    const bobs = await api.post('/api/flows', { templateId: template.id, config: audience }, as(bob));
    expect(bobs.status, bobs.text).toBe(201);
    await runFlow(bob);
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada, audience);
    await runFlow(ada);

    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    const ledger = keys.ledgerPartition(ada.id, connection.id);
    const writes = async (prefix: string) =>
      (await itemsOf(ledger)).filter((i) => String(i.sk).startsWith(`WRITE#${prefix}`));
    const invites = await writes('invite:');
    const strangers = (await prospectsOf(ada.id, flow.id)).filter((p) => p.distance !== 1);
    expect(strangers.length).toBeGreaterThan(0);
    expect(invites.map((i) => i.personId).sort()).toEqual(strangers.map((p) => p.id).sort());
    for (const invite of invites)
      expect(invite).toMatchObject({ status: 'failed', failure: 'already-invited' });
    // Recorded as refused, not as sent: no request counted, an unsuccessful activity with the reason.
    expect((await automationItem(ada.id, flow.id)).connectionRequests ?? 0).toBe(0);
    const sent = (await activitiesOf(ada.id, flow.id, 100)).filter((a) => a.type === 'CONNECTION_SENT');
    expect(sent).toHaveLength(invites.length);
    for (const activity of sent)
      expect(activity).toMatchObject({
        wasSuccessful: false,
        errorMessage: 'The platform refused it: already-invited',
      });

    // Days later some of those people accepted the account's invitation: not Ada's flow's to follow up.
    sandbox.advanceClock(72 * 3600_000);
    const seed = sandbox.sites.linkedin.world.seed;
    const accepted = strangers.filter((p) => invitationFate(seed, String(p.id)).kind === 'accept');
    expect(accepted.length).toBeGreaterThan(0);
    expect((await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada))).status).toBe(200);
    await runFlow(ada);
    const answered = (await activitiesOf(ada.id, flow.id, 200)).filter((a) =>
      ['CONNECTION_ACCEPTED', 'CONNECTION_DECLINED', 'MESSAGE_SENT'].includes(a.type),
    );
    expect(answered.filter((a) => strangers.some((p) => p.id === a.prospect.id))).toEqual([]);
    const messaged = (await writes('message:')).map((w) => w.personId);
    expect(messaged.filter((id) => strangers.some((p) => p.id === id))).toEqual([]);
  });

  it('pauses after three failed runs in a row with its schedule removed, and a resume puts it back', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada);
    const schedule = () => schedulerPort().get(flowScheduleName(flow.id));
    /** A run's last attempt, with the platform out of reach: it fails for good. */
    const failRun = async () => {
      const messages = await takeRunMessages(ada.id, 'flow-runs');
      expect(messages).toHaveLength(1);
      await deliver(messages[0]!, { receiveCount: 3 });
    };
    const tick = () => deliver({ kind: 'flow-tick', automationId: flow.id, workspaceId: ada.id });
    setEnv({ SANDBOX_LINKEDIN_URL: 'http://127.0.0.1:9' });
    try {
      await failRun();
      expect(await automationItem(ada.id, flow.id)).toMatchObject({
        status: 'active',
        failedRunsInRow: 1,
        totalRuns: 1,
        successfulRuns: 0,
      });
      expect(await schedule()).toBeDefined();
      await tick();
      await failRun();
      expect(await automationItem(ada.id, flow.id)).toMatchObject({ status: 'active', failedRunsInRow: 2 });
      expect(await schedule()).toBeDefined();
      await tick();
      await failRun();
    } finally {
      setEnv(sandbox.env);
    }
    // Two failures in a row leave it running; the third pauses it and takes its schedule away.
    expect(await automationItem(ada.id, flow.id)).toMatchObject({
      status: 'paused',
      pausedFor: 'failures',
      failedRunsInRow: 3,
      totalRuns: 3,
      errorMessage: RUN_TEXTS.pausedAfterFailures(3, RUN_TEXTS.retriesExhausted(3)),
    });
    expect((await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow.status).toBe('PAUSED');
    expect(await schedule()).toBeUndefined();

    // The user resumes it: its schedule is back, and a good run resets the count.
    const resumed = await api.post(`/api/flows/${flow.id}/resume`, {}, as(ada));
    expect(resumed.status, resumed.text).toBe(200);
    expect(await schedule()).toBeDefined();
    await tick();
    await runFlow(ada);
    expect(await automationItem(ada.id, flow.id)).toMatchObject({
      status: 'active',
      failedRunsInRow: 0,
      successfulRuns: 1,
    });
  });
});
