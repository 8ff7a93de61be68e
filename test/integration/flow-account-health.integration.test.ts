import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { periodsOf } from '../../functions/safety/governor';
import type { TestUser } from '../support/api-client';
import { api, as, deliver, startEngineSuite, takeRunMessages } from '../support/engine-suite';
import { onAutopilot } from '../support/flows';
import { newUser } from '../support/users';

/**
 * Issue 23 points 3 and 5 through a flow's run on the sandbox LinkedIn: an account new to write
 * actions runs its first flow at a fifth of its write budgets, and an account whose last 50
 * invitations were mostly ignored has its invitations halved, which the connections page explains.
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-thought-leader-warmup-flow')!;

async function runFirstFlow(user: TestUser, prospectsPerRun: number): Promise<void> {
  const config = onAutopilot(template.defaultConfig);
  config.executionSettings!.prospectsPerRun = prospectsPerRun;
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  const messages = await takeRunMessages(user.id, 'flow-runs');
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(await deliver(message)).toEqual([]);
}

const connectionOf = async (user: TestUser) =>
  (await api.get('/api/users/platforms', as(user))).body.data.platforms[0];

describe('account health through a flow’s run', () => {
  it('runs a new account’s first flow within a fifth of its write budgets, and shows day 1 of 14', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PLUS', freshAccounts: true });
    expect((await connectionOf(ada)).warmUp).toBeNull();
    await runFirstFlow(ada, 12);

    const connection = await connectionOf(ada);
    expect(connection.warmUp).toMatchObject({ day: 0, share: 0.2 });
    const account = { workspaceId: ada.id, connectionId: connection.id };
    const today = periodsOf(new Date(), connection.timeZone ?? 'UTC');
    // LinkedIn's 20 invitations, 50 likes and 10 comments a day: 4, 10 and 2 on the first day.
    expect((await budgetUsed(account, 'invitations', today)).daily).toBeLessThanOrEqual(4);
    expect((await budgetUsed(account, 'likes', today)).daily).toBeLessThanOrEqual(10);
    expect((await budgetUsed(account, 'comments', today)).daily).toBeLessThanOrEqual(2);
    expect((await budgetUsed(account, 'comments', today)).daily).toBeGreaterThan(0);
  });

  it('halves the invitations of an account whose last 50 invitations were mostly ignored, and says why', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PLUS' });
    const connection = await connectionOf(ada);
    // 50 people invited a week ago, 3 of them accepted: 6%.
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        dynamo().send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...keys.ledgerPerson(ada.id, connection.id, `earlier-${i}`),
              personId: `earlier-${i}`,
              name: `Earlier ${i}`,
              flowId: 'an-earlier-flow',
              steps: { invited: weekAgo, ...(i < 3 ? { accepted: weekAgo } : {}) },
            },
          }),
        ),
      ),
    );
    await runFirstFlow(ada, 12);

    const after = await connectionOf(ada);
    expect(after.invitationLimit).toMatchObject({ factor: 0.5, reason: 'low-acceptance', rate: 0.06 });
    const used = await budgetUsed(
      { workspaceId: ada.id, connectionId: connection.id },
      'invitations',
      periodsOf(new Date(), after.timeZone ?? 'UTC'),
    );
    expect(used.daily).toBeLessThanOrEqual(10);
  });
});
