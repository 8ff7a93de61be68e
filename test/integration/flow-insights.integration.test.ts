import { beforeAll, describe, expect, it } from 'vitest';
import { activitiesOf, recordActivity } from '../../functions/flows/activity-repository';
import { addProspect, recordProfileView } from '../../functions/flows/prospect-repository';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { replyFate } from '../../scripts/sandbox-platforms/linkedin-outreach';
import type {
  FlowActivity,
  FlowAnalytics,
  ProspectDetail,
  ProspectSummary,
} from '../../shared/flow-insights';
import { INSIGHT_MESSAGES } from '../../shared/flow-insights';
import { INVALID_CURSOR } from '../../shared/paging';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  connectedUser,
  deliver,
  sandbox,
  startEngineSuite,
  takeRunMessages,
} from '../support/engine-suite';
import { onAutopilot } from '../support/flows';
import { tamperedCursors } from '../support/tampered-cursors';

/**
 * Issue 21 point 1 on a flow that really ran on the sandbox LinkedIn (two runs three simulated days
 * apart, so invitations were answered and messages sent): the analytics agree exactly with what the
 * runs recorded, the activity feed and the prospects page with their filters and cursors, one
 * prospect's whole story, and another user sees none of it.
 */
// A world of 3,000 followers: an audience large enough for accepted invitations and replies.
startEngineSuite({ sandboxSize: { followers: 3000 } });

const template = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;
let ada: TestUser;
let flowId: string;
let idleFlowId: string;
let stored: FlowActivity[];
let repliers: string[];

async function runFlow(user: TestUser): Promise<void> {
  const messages = await takeRunMessages(user.id, 'flow-runs');
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(await deliver(message)).toEqual([]);
}

const get = async (path: string, user = ada) => {
  const res = await api.get(path, as(user));
  return res;
};

async function allPages<T>(path: string, key: 'activities' | 'prospects'): Promise<T[]> {
  const items: T[] = [];
  let page = 1;
  let cursor: string | undefined;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${sep}page=${page}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('success');
    items.push(...res.body.data[key]);
    if (!res.body.data.pagination.hasNext) {
      expect(res.body.data.nextCursor).toBeUndefined();
      return items;
    }
    cursor = res.body.data.nextCursor;
    page++;
  }
}

beforeAll(async () => {
  ada = await connectedUser('PLUS');
  const config = onAutopilot(template.defaultConfig);
  config.executionSettings!.prospectsPerRun = 15;
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(ada));
  expect(res.status, res.text).toBe(201);
  flowId = res.body.data.flow.id;
  await runFlow(ada);
  sandbox.advanceClock(72 * 3600_000);
  expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
  await runFlow(ada);
  // A day and more later the people messaged in run 2 who reply have replied: run 3 reads them.
  repliers = (await activitiesOf(ada.id, flowId, 1000))
    .filter((a) => a.type === 'MESSAGE_SENT' && a.wasSuccessful)
    .map((a) => a.prospect.id)
    .filter((id) => replyFate(sandbox.sites.linkedin.world.seed, sandbox.sites.linkedin.world.owner.id, id));
  sandbox.advanceClock(30 * 3600_000);
  expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
  await runFlow(ada);
  stored = (await activitiesOf(ada.id, flowId, 1000)) as unknown as FlowActivity[];
  const idle = await api.post('/api/flows', { templateId: template.id, config }, as(ada));
  idleFlowId = idle.body.data.flow.id;
  // Its first run is never delivered: a flow with no run yet.
  await api.post(`/api/flows/${idleFlowId}/pause`, {}, as(ada));
}, 300_000);

const ofType = (type: string, ok = true) => stored.filter((a) => a.type === type && a.wasSuccessful === ok);

describe('GET /api/flows/{id}/analytics', () => {
  it('agrees exactly with what the runs recorded, for each period', async () => {
    const prospects = await allPages<ProspectSummary>(`/api/flows/${flowId}/prospects`, 'prospects');
    for (const period of ['7d', '30d', '90d'] as const) {
      const res = await get(`/api/flows/${flowId}/analytics?period=${period}`);
      expect(res.status, res.text).toBe(200);
      const a = res.body.data.analytics as FlowAnalytics;
      expect(a.period).toBe(period);
      expect(a.daily).toHaveLength(Number.parseInt(period, 10));
      expect(a.executionStats).toMatchObject({
        totalRuns: 3,
        successfulRuns: 3,
        failedRuns: 0,
        successRate: '100.0%',
      });
      expect(a.executionHistory.map((run) => run.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
      expect(repliers.length).toBeGreaterThan(0);
      const invited = ofType('CONNECTION_SENT').length;
      const accepted = ofType('CONNECTION_ACCEPTED').length;
      expect(accepted).toBeGreaterThan(0);
      expect(a.prospectStats).toMatchObject({
        totalProspectsFound: prospects.length,
        totalConnectionRequests: invited,
        connectionsAccepted: accepted,
        connectionRate: `${((accepted / invited) * 100).toFixed(1)}%`,
      });
      const sum = (key: keyof FlowAnalytics['daily'][number]) =>
        a.daily.reduce((n, d) => n + (typeof d[key] === 'number' ? (d[key] as number) : 0), 0);
      expect(sum('prospectsFound')).toBe(prospects.length);
      expect(sum('invitationsSent')).toBe(invited);
      expect(sum('invitationsAccepted')).toBe(accepted);
      const funnel = Object.fromEntries(a.funnel.map((s) => [s.step, s.count]));
      expect(funnel).toMatchObject({ found: prospects.length, scored: prospects.length, invited, accepted });
      expect(funnel.messaged).toBe(ofType('MESSAGE_SENT').length);
      expect(funnel.replied).toBe(repliers.length);
      expect(a.prospectStats.messagesExchanged).toBe(funnel.messaged! + funnel.replied!);
      expect(a.funnel[0]!.rateFromPrevious).toBeNull();
      expect(a.funnel[1]!.rateFromPrevious).toBe(100);
      const byQuality = a.acceptanceByQuality.reduce((n, q) => n + q.invited, 0);
      expect(byQuality).toBe(invited);
      const invitations = a.budget!.actions.find((b) => b.action === 'invitations')!;
      expect(invitations).toMatchObject({ daily: 20, weekly: 100 });
      expect(invitations.usedThisWeek).toBeGreaterThanOrEqual(invited);
    }
  });

  it('shows zeros, not errors, for a flow with no run in the period', async () => {
    const res = await get(`/api/flows/${idleFlowId}/analytics`);
    expect(res.status, res.text).toBe(200);
    const a = res.body.data.analytics as FlowAnalytics;
    expect(a.period).toBe('7d');
    expect(a.executionStats).toEqual({
      totalRuns: 0,
      successfulRuns: 0,
      failedRuns: 0,
      successRate: '0%',
      lastSuccessfulRun: null,
    });
    expect(a.prospectStats).toMatchObject({ totalProspectsFound: 0, connectionRate: '0%' });
    expect(a.daily.every((d) => d.prospectsFound === 0 && d.acceptanceRate === null)).toBe(true);
    expect(a.funnel.every((s) => s.count === 0)).toBe(true);
    expect(a.executionHistory).toEqual([]);
  });

  it('refuses a period it does not know with the message', async () => {
    const res = await get(`/api/flows/${flowId}/analytics?period=1y`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INSIGHT_MESSAGES.period);
  });
});

describe('GET /api/flows/{id}/activities', () => {
  it('pages the whole feed newest first with cursors, each activity once, with the exact total', async () => {
    const all = await allPages<FlowActivity>(`/api/flows/${flowId}/activities`, 'activities');
    expect(all.map((a) => a.id)).toEqual(stored.map((a) => a.id));
    const first = await get(`/api/flows/${flowId}/activities?limit=7`);
    expect(first.body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(stored.length / 7),
      totalItems: stored.length,
      hasNext: stored.length > 7,
    });
    expect(first.body.data.activities[0]).not.toHaveProperty('searchText');
  });

  it('filters by repeated type and by status, with their totals', async () => {
    const both = await get(`/api/flows/${flowId}/activities?type=POST_LIKED&type=POST_COMMENTED&limit=100`);
    expect(both.status, both.text).toBe(200);
    const expected = stored.filter((a) => a.type === 'POST_LIKED' || a.type === 'POST_COMMENTED');
    expect(both.body.data.activities.map((a: FlowActivity) => a.id)).toEqual(expected.map((a) => a.id));
    // Each row says what it is: its badge reads the type (issue 36).
    expect(both.body.data.activities.map((a: FlowActivity) => a.type)).toEqual(expected.map((a) => a.type));
    expect(both.body.data.pagination.totalItems).toBe(expected.length);
    const failed = await get(`/api/flows/${flowId}/activities?status=FAILED&limit=100`);
    const unsuccessful = stored.filter((a) => !a.wasSuccessful);
    expect(failed.body.data.activities.map((a: FlowActivity) => a.id)).toEqual(unsuccessful.map((a) => a.id));
    expect(failed.body.data.pagination.totalItems).toBe(unsuccessful.length);
  });

  it("searches the prospect's name, company and title in any case, and counts the matches", async () => {
    const someone = ofType('CONNECTION_SENT')[0]!.prospect;
    const res = await get(
      `/api/flows/${flowId}/activities?search=${encodeURIComponent(someone.name.toUpperCase())}&limit=3`,
    );
    expect(res.status, res.text).toBe(200);
    const theirs = stored.filter((a) => a.prospect.name.toLowerCase().includes(someone.name.toLowerCase()));
    expect(res.body.data.pagination.totalItems).toBe(theirs.length);
    expect(res.body.data.activities.map((a: FlowActivity) => a.id)).toEqual(
      theirs.slice(0, 3).map((a) => a.id),
    );
    const none = await get(`/api/flows/${flowId}/activities?search=nobody-is-called-this`);
    expect(none.body.data).toMatchObject({ activities: [], pagination: { totalItems: 0, hasNext: false } });
  });

  it('refuses a later page without its cursor, a cursor of other filters, and a type it does not know', async () => {
    const first = await get(`/api/flows/${flowId}/activities?limit=5`);
    const cursor = first.body.data.nextCursor as string;
    expect(cursor).toBeTruthy();
    const withIt = await get(`/api/flows/${flowId}/activities?limit=5&page=2&cursor=${cursor}`);
    expect(withIt.status).toBe(200);
    expect(withIt.body.data.activities.map((a: FlowActivity) => a.id)).toEqual(
      stored.slice(5, 10).map((a) => a.id),
    );
    for (const query of [
      'page=2',
      `page=3&cursor=${cursor}`,
      `page=2&type=POST_LIKED&cursor=${cursor}`,
      'page=2&cursor=abc',
    ]) {
      const res = await get(`/api/flows/${flowId}/activities?limit=5&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(query === 'page=2' ? INSIGHT_MESSAGES.cursor : INVALID_CURSOR);
    }
    for (const list of ['activities', 'prospects']) {
      for (const [what, bad] of Object.entries(tamperedCursors(`USER#${ada.id}#PROSPECTS#${flowId}`))) {
        const res = await get(`/api/flows/${flowId}/${list}?page=2&cursor=${encodeURIComponent(bad)}`);
        expect(res.status, `${list}, ${what}: ${res.text}`).toBe(400);
        expect(res.body.message, `${list}, ${what}`).toBe(INVALID_CURSOR);
      }
    }
    // A cursor of the activities is not one of the prospects.
    const crossed = await get(`/api/flows/${flowId}/prospects?limit=5&page=2&cursor=${cursor}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe(INVALID_CURSOR);
    const bogus = await get(`/api/flows/${flowId}/activities?type=POST_LIKED&type=BOGUS`);
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe(INSIGHT_MESSAGES.type);
  });
});

describe('GET /api/flows/{id}/prospects and /prospects/{prospectId}', () => {
  it('filters by status and search, with exact totals', async () => {
    const all = await allPages<ProspectSummary>(`/api/flows/${flowId}/prospects`, 'prospects');
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const acceptedIds = ofType('CONNECTION_ACCEPTED')
      .map((a) => a.prospect.id)
      .sort();
    for (const status of ['ACCEPTED', 'PENDING', 'DECLINED', 'CONTACTED'] as const) {
      const res = await get(`/api/flows/${flowId}/prospects?status=${status}&limit=100`);
      expect(res.status, res.text).toBe(200);
      const expected = all.filter((p) => p.status === status);
      expect(res.body.data.prospects.map((p: ProspectSummary) => p.id)).toEqual(expected.map((p) => p.id));
      expect(res.body.data.pagination.totalItems).toBe(expected.length);
    }
    expect(
      all
        .filter((p) => p.status === 'ACCEPTED')
        .map((p) => p.id)
        .sort(),
    ).toEqual(acceptedIds);
    const pending = all
      .filter((p) => p.status === 'PENDING')
      .map((p) => p.id)
      .sort();
    const sent = ofType('CONNECTION_SENT').map((a) => a.prospect.id);
    const answered = new Set([...acceptedIds, ...ofType('CONNECTION_DECLINED').map((a) => a.prospect.id)]);
    expect(pending).toEqual(sent.filter((id) => !answered.has(id)).sort());
    const one = all[0]!;
    const found = await get(
      `/api/flows/${flowId}/prospects?search=${encodeURIComponent(one.name.toLowerCase())}`,
    );
    expect(found.body.data.prospects.map((p: ProspectSummary) => p.id)).toContain(one.id);
    expect(all.every((p) => p.recentPosts.length <= 3)).toBe(true);
  });

  it("tells one accepted prospect's whole story, and 'Prospect not found' for one the flow does not have", async () => {
    const acceptedId = ofType('CONNECTION_ACCEPTED')[0]!.prospect.id;
    const res = await get(`/api/flows/${flowId}/prospects/${acceptedId}`);
    expect(res.status, res.text).toBe(200);
    const p = res.body.data.prospect as ProspectDetail;
    expect(p).toMatchObject({ id: acceptedId, status: 'ACCEPTED', aiScore: expect.any(Number) });
    expect(p.connection).toMatchObject({ sentAt: expect.any(String), acceptedAt: expect.any(String) });
    expect(p.connection.sentAt! < p.connection.acceptedAt!).toBe(true);
    const types = p.timeline.map((t) => t.type);
    expect(types[0]).toBe('profile_discovered');
    expect(types).toEqual(
      expect.arrayContaining(['ai_scoring_completed', 'connection_sent', 'connection_accepted']),
    );
    const times = p.timeline.map((t) => t.timestamp);
    expect(times).toEqual([...times].sort());
    expect(p.relevanceFactors.length).toBeGreaterThan(0);
    const missing = await get(`/api/flows/${flowId}/prospects/ACoAAnobody`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Prospect not found');
  });
});

describe("an engaged prospect's page (issue 36)", () => {
  /**
   * What a run records of one prospect it engaged, through the same repositories: found by the search
   * (no company of its own, a headline naming one), its posts read before it engaged (nothing of the
   * account's on them), then its done like and comment, and a refused like on another post.
   */
  async function engagedProspect(user: TestUser, flow: string) {
    const id = 'ACoAAengaged';
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
    const post = (n: string) => ({
      id: n,
      url: `${sandbox.sites.linkedin.url}/feed/update/urn:li:activity:${n}/`,
      text: `Post ${n}`,
      postedAt: at(0),
      likes: 3,
      comments: 0,
      shares: 0,
      likedByMe: false,
      commentedByMe: false,
    });
    const posts = [post('7001'), post('7002')];
    const who = { id, name: 'Erin Engaged' };
    await addProspect(user.id, flow, {
      ...who,
      headline: 'Head of Growth at Quill Analytics | Speaker',
      profileUrl: `${sandbox.sites.linkedin.url}/in/erin-engaged/`,
      jobId: flow,
      status: 'CONTACTED',
      discoveredAt: at(1),
    });
    await recordProfileView(user.id, flow, id, posts, at(2));
    const engagement = { postText: posts[0]!.text, postUrl: posts[0]!.url };
    const base = { stage: 'engaging', jobId: flow, prospect: who, wasSuccessful: true };
    await recordActivity(user.id, flow, {
      ...base,
      id: 'like:7001',
      type: 'POST_LIKED',
      timestamp: at(3),
      engagement,
      description: 'Liked',
    });
    await recordActivity(user.id, flow, {
      ...base,
      id: 'comment:7001',
      type: 'POST_COMMENTED',
      timestamp: at(4),
      engagement: { ...engagement, comment: 'Well put.' },
      description: 'Commented',
    });
    await recordActivity(user.id, flow, {
      ...base,
      id: 'like:7002',
      type: 'POST_LIKED',
      wasSuccessful: false,
      timestamp: at(5),
      errorMessage: 'The platform refused it',
      engagement: { postText: posts[1]!.text, postUrl: posts[1]!.url },
      description: 'Liked',
    });
    return id;
  }

  it('shows the posts the flow liked and commented as such, though read before it did, and the company its headline names', async () => {
    const erin = await connectedUser('PLUS');
    const config = onAutopilot(template.defaultConfig);
    const created = await api.post('/api/flows', { templateId: template.id, config }, as(erin));
    expect(created.status, created.text).toBe(201);
    const flow = created.body.data.flow.id as string;
    const id = await engagedProspect(erin, flow);

    const res = await get(`/api/flows/${flow}/prospects/${id}`, erin);
    expect(res.status, res.text).toBe(200);
    const p = res.body.data.prospect as ProspectDetail;
    expect(p.recentPosts.map((post) => [post.id, post.engagement])).toEqual([
      ['7001', { liked: true, commented: true }],
      ['7002', { liked: false, commented: false }],
    ]);
    expect(p.companies).toEqual([{ name: 'Quill Analytics' }]);
    expect(p).toMatchObject({ status: 'CONTACTED', title: 'Head of Growth', company: 'Quill Analytics' });

    // The prospects list shows the same posts the same way.
    const list = await get(`/api/flows/${flow}/prospects`, erin);
    const listed = (list.body.data.prospects as ProspectSummary[]).find((one) => one.id === id)!;
    expect(listed.recentPosts.map((post) => post.engagement)).toEqual(
      p.recentPosts.map((post) => post.engagement),
    );
  });
});

describe('the dashboard', () => {
  it('counts automations as the spec does (2.8), not flows', async () => {
    const res = await get('/api/jobs/dashboard/stats');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      totalAutomations: 0,
      completedAutomations: 0,
      activeAutomations: 0,
    });
  });
});

describe('access', () => {
  it("keeps a flow's insights from another user: 'Flow not found' on every route", async () => {
    const bob = await connectedUser('PLUS');
    const someone = stored[0]!.prospect.id;
    for (const path of ['analytics', 'activities', 'prospects', `prospects/${someone}`]) {
      const res = await get(`/api/flows/${flowId}/${path}`, bob);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Flow not found');
    }
  });
});
