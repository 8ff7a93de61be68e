import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { createGovernor } from '../../functions/safety/governor';
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
 * A flow's follow-up messages on the sandbox LinkedIn: a person who accepted while the account's
 * message budget was spent is not forgotten; the next run with budget messages them, once.
 */
startEngineSuite();

// The warm-up's audience (one no other test of the file reaches), under New Connection Nurture, which
// sends the follow-up message (the warm-up sends none: issue 36 found 5).
const audience = flowTemplates.find((t) => t.id === 'linkedin-thought-leader-warmup-flow')!;
const template = flowTemplates.find((t) => t.id === 'linkedin-connection-nurture-flow')!;
const DAY = 24 * 3600 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function people(pk: string): Promise<Array<{ personId: string; steps: Record<string, string> }>> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :person)',
      ExpressionAttributeValues: { ':pk': pk, ':person': 'PERSON#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as Array<{ personId: string; steps: Record<string, string> }>;
}

describe('follow-up messages', () => {
  it('messages next run, once, whoever accepted while the message budget was spent', async () => {
    const ada = await connectedUser('PLUS');
    const config = onAutopilot(audience.defaultConfig);
    config.executionSettings = { ...config.executionSettings!, prospectsPerRun: 12 };
    const res = await api.post('/api/flows', { templateId: template.id, config }, as(ada));
    expect(res.status, res.text).toBe(201);
    const flowId = res.body.data.flow.id as string;
    await deliverFlowRuns(ada);
    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    const ledger = keys.ledgerPartition(ada.id, connection.id);

    // The account's messages are spent for today (another tool, another flow: it does not matter).
    const governor = createGovernor({
      account: { workspaceId: ada.id, connectionId: connection.id },
      platform: 'linkedin',
      now: () => new Date(),
      pacingScale: 0,
      timeZone: connection.timeZone ?? 'UTC',
    });
    for (let i = 0; i < 100 && (await governor.take('messages')).ok; i++);
    expect((await governor.take('messages')).ok).toBe(false);

    // Three days on the sandbox: some accepted. The run sees them, and messages nobody.
    sandbox.advanceClock(3 * DAY);
    expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada);
    const accepted = (await people(ledger)).filter((p) => p.steps.accepted).map((p) => p.personId);
    expect(accepted.length).toBeGreaterThan(0);
    expect((await people(ledger)).filter((p) => p.steps.messaged)).toEqual([]);
    const stages = ((await currentJobItem(ada.id, flowId)).stages as Array<{ stage: string }>).map(
      (s) => s.stage,
    );
    expect(stages).toContain('budget-spent');

    // The next day the budget is back: each of them gets the message, once.
    sandbox.advanceClock(DAY);
    expect((await api.post(`/api/flows/${flowId}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada, { daysLater: 1 });
    const after = await people(ledger);
    for (const id of accepted) expect(after.find((p) => p.personId === id)?.steps.messaged, id).toBeTruthy();
    const writes = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :message)',
        ExpressionAttributeValues: { ':pk': ledger, ':message': 'WRITE#message:' },
        ConsistentRead: true,
      }),
    );
    const sent = (writes.Items ?? []).filter((w) => w.status === 'done').map((w) => String(w.personId));
    expect(sent.sort()).toEqual(
      after
        .filter((p) => p.steps.accepted)
        .map((p) => p.personId)
        .sort(),
    );
  });
});
