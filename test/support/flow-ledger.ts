import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { budgetUsed, takeBudget } from '../../functions/safety/budget-repository';
import { BUDGETS, type GovernedAction } from '../../functions/safety/budgets';
import { periodsOf } from '../../functions/safety/governor';

/**
 * What the flows' integration tests read straight from the table and set on an account's budgets: a
 * partition's items, a flow's prospects, and a budget spent down to what a test needs left.
 */

export type LedgerAccount = { workspaceId: string; connectionId: string };

/** Every item of a partition, each page of it, read consistently. */
export async function itemsOf(pk: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A flow's prospects (its partition also holds its activities). */
export async function prospectsOf(userId: string, flowId: string) {
  return (await itemsOf(keys.prospectsPartition(userId, flowId))).filter((i) =>
    String(i.sk).startsWith(keys.prospectSortPrefix),
  );
}

/** Spends the account's budget of an action for the day `at` falls in, so that only `left` remain. */
export async function leaveOnly(
  account: LedgerAccount,
  action: GovernedAction,
  left: number,
  at = new Date(),
) {
  const budget = BUDGETS.linkedin[action];
  const used = (await budgetUsed(account, action, periodsOf(at))).daily;
  const taken = await takeBudget(account, action, periodsOf(at), budget, at, budget.daily - used - left);
  expect(taken.ok).toBe(true);
}
