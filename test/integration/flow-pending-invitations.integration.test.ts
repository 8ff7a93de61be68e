import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { invitationFate } from '../../scripts/sandbox-platforms/linkedin-outreach';
import { prospectsWithin } from '../../shared/pending-invitations';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  connectedUser,
  currentJobItem,
  deliverFlowRuns,
  sandbox,
  startEngineSuite,
} from '../support/engine-suite';
import { onAutopilot } from '../support/flows';

/**
 * Pending invitations kept tidy (issue 23 point 2) through a flow's runs on the sandbox LinkedIn: an
 * invitation still pending after the flow's days is withdrawn by a later run, through the same write
 * (intent, governor, perform, verify) and recorded as an activity, and the person is never invited
 * again by any flow of the account, also past the platform's own 3 weeks; near the account's limit of
 * pending invitations discovery slows down, and at it the run finds nobody new.
 * Days pass on both clocks: the sandbox's (its people answer on it) and the worker's (a faked Date).
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;
const DAY = 24 * 3600 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function items(pk: string, prefix = ''): Promise<Record<string, unknown>[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).filter((i) => String(i.sk).startsWith(prefix));
}

async function startFlow(user: TestUser, execution: Record<string, unknown>) {
  const config = onAutopilot(template.defaultConfig);
  config.executionSettings = { ...config.executionSettings!, ...execution };
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow.id as string;
}

const stepsOf = (people: Record<string, unknown>[], id: string) =>
  (people.find((p) => p.personId === id)?.steps ?? {}) as Record<string, string>;

const connectionOf = async (user: TestUser) =>
  (await api.get('/api/users/platforms', as(user))).body.data.platforms[0] as { id: string };

describe('pending invitations kept tidy', () => {
  it('withdraws what is still pending after the flow’s days, records it, and never invites that person again', async () => {
    const ada = await connectedUser('PLUS');
    const flowId = await startFlow(ada, { withdrawAfterDays: 7, prospectsPerRun: 10 });
    await deliverFlowRuns(ada);
    const connection = await connectionOf(ada);
    const ledger = keys.ledgerPartition(ada.id, connection.id);
    const invited = (await items(ledger, 'WRITE#invite:'))
      .filter((w) => w.status === 'done')
      .map((w) => String(w.personId));
    expect(invited.length).toBeGreaterThan(2);
    const seed = sandbox.sites.linkedin.world.seed;
    const fateOf = (id: string) => invitationFate(seed, id).kind;
    const stillPending = invited.filter((id) => fateOf(id) === 'pending');
    expect(stillPending.length).toBeGreaterThan(0);

    // Six days on: nothing is due yet (7 days).
    sandbox.advanceClock(6 * DAY);
    expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada, { daysLater: 6 });
    expect(await items(ledger, 'WRITE#withdraw:')).toEqual([]);

    // Eight days on: every invitation still pending is withdrawn, once, and shows so everywhere.
    sandbox.advanceClock(2 * DAY);
    expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada, { daysLater: 8 });
    const withdrawals = await items(ledger, 'WRITE#withdraw:');
    expect(withdrawals.map((w) => String(w.personId)).sort()).toEqual([...stillPending].sort());
    expect(withdrawals.every((w) => w.status === 'done' && w.flowId === flowId)).toBe(true);
    const people = await items(ledger, 'PERSON#');
    for (const id of stillPending) expect(stepsOf(people, id).withdrawn, id).toBeTruthy();
    for (const id of invited.filter((i) => fateOf(i) === 'accept'))
      expect(stepsOf(people, id).withdrawn, id).toBeUndefined();
    const activities = (await items(keys.flowActivitiesPartition(ada.id, flowId), 'ACTIVITY#')).filter(
      (a) => a.type === 'CONNECTION_WITHDRAWN',
    );
    expect(activities.map((a) => (a.prospect as { id: string }).id).sort()).toEqual([...stillPending].sort());

    // Four weeks on (past LinkedIn's 3): a second flow of the account on the same audience finds them
    // and never invites them; the first flow withdraws nothing twice.
    const second = await startFlow(ada, { withdrawAfterDays: 7, prospectsPerRun: 15 });
    sandbox.advanceClock(20 * DAY);
    await deliverFlowRuns(ada, { daysLater: 28 });
    const invites = await items(ledger, 'WRITE#invite:');
    for (const id of stillPending) expect(invites.filter((w) => w.personId === id)).toHaveLength(1);
    const secondProspects = (await items(keys.prospectsPartition(ada.id, second), 'PROSPECT#')).map((p) =>
      String(p.id),
    );
    for (const id of stillPending) expect(secondProspects).not.toContain(id);
    expect((await items(ledger, 'WRITE#withdraw:')).length).toBe(stillPending.length);
  });

  it('looks for fewer new prospects near the account’s 300 pending invitations, and none at 300', async () => {
    const ada = await connectedUser('PLUS');
    const connection = await connectionOf(ada);
    const pendingFor = async (count: number, from: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          dynamo().send(
            new PutCommand({
              TableName: tableName(),
              Item: {
                ...keys.ledgerPerson(ada.id, connection.id, `earlier-${from + i}`),
                personId: `earlier-${from + i}`,
                name: `Earlier ${from + i}`,
                flowId: 'an-earlier-flow',
                steps: { invited: new Date(Date.now() - DAY).toISOString() },
              },
            }),
          ),
        ),
      );
    // 270 pending: 30 of the last 60 places are free, so half of the run's 10.
    await pendingFor(270, 0);
    expect(prospectsWithin(10, 270)).toBe(5);
    const flowId = await startFlow(ada, { prospectsPerRun: 10 });
    await deliverFlowRuns(ada);
    const found = await items(keys.prospectsPartition(ada.id, flowId), 'PROSPECT#');
    expect(found).toHaveLength(5);

    // 300 pending (with the run's own invitations): no new prospect, and the history says why.
    const before = (await items(keys.ledgerPartition(ada.id, connection.id), 'PERSON#')).filter((p) => {
      const steps = p.steps as Record<string, string>;
      return steps.invited && !steps.accepted && !steps.declined;
    }).length;
    await pendingFor(300 - before, 1000);
    expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada);
    expect(await items(keys.prospectsPartition(ada.id, flowId), 'PROSPECT#')).toHaveLength(5);
    const stages = ((await currentJobItem(ada.id, flowId)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(stages).toContain('budget-spent');
  });
});
