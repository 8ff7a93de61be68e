import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { addProspect } from '../../functions/flows/prospect-repository';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { budgetUsed, takeBudget } from '../../functions/safety/budget-repository';
import { BUDGETS } from '../../functions/safety/budgets';
import { periodsOf } from '../../functions/safety/governor';
import type { DayPlan } from '../../shared/day-plan';
import { DAY_PLAN_ACTIONS } from '../../shared/day-plan';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliverFlowRuns,
  startEngineSuite,
} from '../support/engine-suite';
import { onAutopilot } from '../support/flows';

/**
 * The day plan ("Tomorrow's plan", issue 23 point 4) on the sandbox LinkedIn: the day plan of a
 * connected account names its flows' runs of the next 24 hours with what each will take of the
 * account's budgets, and a run does what the day plan said: the same planner sizes it as it starts.
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-thought-leader-warmup-flow')!;
/** Issue 36 found 5: a template that invites and messages, and neither likes nor comments. */
const prospecting = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;

const connectionOf = async (user: TestUser) =>
  (await api.get('/api/users/platforms', as(user))).body.data.platforms[0] as {
    id: string;
    timeZone?: string;
  };

async function dayPlanOf(user: TestUser, connectionId: string): Promise<DayPlan> {
  const res = await api.get(`/api/users/platforms/${connectionId}/plan`, as(user));
  expect(res.status, res.text).toBe(200);
  return res.body.data.plan as DayPlan;
}

async function prospectsOf(userId: string, flowId: string) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prospect)',
      ExpressionAttributeValues: {
        ':pk': keys.prospectsPartition(userId, flowId),
        ':prospect': keys.prospectSortPrefix,
      },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as Array<{ distance?: number }>;
}

async function startFlow(user: TestUser, prospectsPerRun: number, of = template) {
  const config = onAutopilot(of.defaultConfig);
  config.executionSettings = {
    ...config.executionSettings!,
    prospectsPerRun,
    runsPerDay: 3,
    enableWeekends: true,
    workingHours: { start: '00:00', end: '23:59', timezone: 'UTC' },
  };
  const res = await api.post('/api/flows', { templateId: of.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow.id as string;
}

describe('the day plan (tomorrow’s plan)', () => {
  it('a new flow’s first run takes of each budget what the day plan said it would', async () => {
    const ada = await connectedUser('PLUS');
    const connection = await connectionOf(ada);
    const flowId = await startFlow(ada, 5);
    const dayPlan = await dayPlanOf(ada, connection.id);
    const [first, ...later] = dayPlan.runs;
    // Its first run, queued now, then its schedule's runs in the next 24 hours.
    expect(first).toMatchObject({ flowId, prospects: 5 });
    expect(Math.abs(Date.parse(first!.at) - Date.now())).toBeLessThan(60_000);
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const run of later) expect(run.flowId).toBe(flowId);

    const account = { workspaceId: ada.id, connectionId: connection.id };
    const periods = periodsOf(new Date(), connection.timeZone ?? 'UTC');
    await deliverFlowRuns(ada);
    const taken: Record<string, number> = {};
    for (const action of DAY_PLAN_ACTIONS) taken[action] = (await budgetUsed(account, action, periods)).daily;
    // Exactly as planned, but for invitations to people the search found already connected (1st
    // degree): nothing to invite, and no plan can know them before the search.
    const connected = (await prospectsOf(ada.id, flowId)).filter((p) => p.distance === 1).length;
    expect(taken).toEqual({ ...first!.planned, invitations: first!.planned.invitations - connected });
    // The run planned itself with the same planner: its share is the preview's.
    expect(((await currentJobItem(ada.id, flowId)).counters as { planShare?: unknown }).planShare).toEqual({
      prospects: 5,
      takes: first!.planned,
    });
  });

  it('a run that starts with every search of the day spent searches nothing and says its budget is spent', async () => {
    const ada = await connectedUser('PLUS');
    const connection = await connectionOf(ada);
    const flowId = await startFlow(ada, 5);
    const account = { workspaceId: ada.id, connectionId: connection.id };
    const periods = periodsOf(new Date(), connection.timeZone ?? 'UTC');
    const searches = BUDGETS.linkedin.searches;
    // Another run of the account spent the day's searches before this one started.
    expect((await takeBudget(account, 'searches', periods, searches, new Date(), searches.daily)).ok).toBe(
      true,
    );

    await deliverFlowRuns(ada);
    const item = await automationItem(ada.id, flowId);
    expect(
      ((await currentJobItem(ada.id, flowId)).counters as { planShare?: { prospects: number } }).planShare
        ?.prospects,
    ).toBe(0);
    expect(item).toMatchObject({ status: 'active', totalRuns: 1, successfulRuns: 1 });
    const stages = ((await currentJobItem(ada.id, flowId)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(stages).toContain('budget-spent');
    expect(stages).not.toContain('discovering');
    expect((await budgetUsed(account, 'searches', periods)).daily).toBe(searches.daily);
    expect(await prospectsOf(ada.id, flowId)).toEqual([]);
  });

  it('plans only the writes of the flow’s template, and first the prospects its earlier runs left waiting', async () => {
    const ada = await connectedUser('PLUS');
    const connection = await connectionOf(ada);
    const flowId = await startFlow(ada, 5, prospecting);
    // Issue 36 point 6: three prospects of an earlier run, scored hot, whose invitation waited for a budget.
    const at = new Date().toISOString();
    for (const n of [1, 2, 3]) {
      const added = await addProspect(ada.id, flowId, {
        id: `waiting-${n}`,
        name: `Waiting ${n}`,
        profileUrl: `https://www.linkedin.com/in/waiting-${n}`,
        distance: 2,
        jobId: `${flowId}.0`,
        discoveredAt: at,
        aiScore: 90,
        matchQuality: 'hot',
        scoredAt: at,
      });
      expect(added).toBe(true);
    }
    const dayPlan = await dayPlanOf(ada, connection.id);
    const [first] = dayPlan.runs;
    const invitations = dayPlan.budgets.find((b) => b.action === 'invitations')!;
    expect(invitations.remainingToday).toBeGreaterThanOrEqual(3);
    // The three first; then only as many new people as the invitations left still reach.
    expect(first).toMatchObject({
      flowId,
      backlog: 3,
      prospects: Math.min(5, invitations.remainingToday - 3),
    });
    // AI Prospecting invites and messages: each new profile is read once, no post, like or comment.
    expect(first!.planned).toMatchObject({
      invitations: 3 + first!.prospects,
      'profile-views': first!.prospects,
      likes: 0,
      comments: 0,
    });
  });

  it('shows no run of a paused flow, answers a flow’s day plan, and keeps one user’s day plan from another', async () => {
    const ada = await connectedUser('PLUS');
    const eve = await connectedUser('PLUS');
    const connection = await connectionOf(ada);
    const flowId = await startFlow(ada, 5);
    await deliverFlowRuns(ada);
    const viaFlow = await api.get(`/api/flows/${flowId}/plan`, as(ada));
    expect(viaFlow.status, viaFlow.text).toBe(200);
    expect(viaFlow.body.data.plan.runs.length).toBeGreaterThanOrEqual(2);
    expect(viaFlow.body.data.plan.accountId).toBe(connection.id);
    // Every budget line: what is left today and this week, and what the runs plan of it.
    expect(viaFlow.body.data.plan.budgets.map((b: { action: string }) => b.action).sort()).toEqual(
      [...DAY_PLAN_ACTIONS].sort(),
    );

    expect((await api.post(`/api/flows/${flowId}/pause`, {}, as(ada))).status).toBe(200);
    expect((await dayPlanOf(ada, connection.id)).runs).toEqual([]);
    expect((await api.get(`/api/users/platforms/${connection.id}/plan`, as(eve))).status).toBe(404);
    expect((await api.get(`/api/flows/${flowId}/plan`, as(eve))).status).toBe(404);
    expect((await api.get('/api/users/platforms/nope/plan', as(ada))).status).toBe(404);
  });
});
