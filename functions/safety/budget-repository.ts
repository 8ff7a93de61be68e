import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { InvitationLimit } from '../../shared/invitation-limit';
import { dynamo, tableName } from '../core/clients/dynamo';
import { cancellationCodes } from '../core/dynamo-errors';
import { expiresAfter, keys } from '../core/table';

/**
 * The action counters of one connected account (access pattern 28): a daily and a weekly counter per
 * action kind, and a rest marker when the platform signalled a limit. Taking from a budget is one
 * transaction that adds to both counters only while each stays within its limit and no rest is on,
 * so concurrent runs of one account can never overrun it.
 */
export interface BudgetAccount {
  workspaceId: string;
  connectionId: string;
}

export interface Periods {
  day: string;
  week: string;
}

export type TakeRefusal = 'daily' | 'weekly' | 'resting';

const KEEP_SECONDS = 9 * 24 * 3600;

export async function takeBudget(
  account: BudgetAccount,
  action: string,
  periods: Periods,
  limits: { daily: number; weekly: number },
  now: Date,
  count = 1,
): Promise<{ ok: true } | { ok: false; refusal: TakeRefusal }> {
  // A counter not written yet in its window passes the condition below whatever it is asked for: more than
  // a whole window's limit at once is refused here (a take of several, e.g. pages taken ahead).
  if (count > limits.daily) return { ok: false, refusal: 'daily' };
  if (count > limits.weekly) return { ok: false, refusal: 'weekly' };
  const counter = (window: 'D' | 'W', period: string, limit: number) => ({
    Update: {
      TableName: tableName(),
      Key: keys.budgetCounter(account.workspaceId, account.connectionId, action, window, period),
      UpdateExpression: 'SET used = if_not_exists(used, :zero) + :n, expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(used) OR used <= :most',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':n': count,
        ':most': limit - count,
        ':expires': expiresAfter(KEEP_SECONDS, now.getTime()),
      },
    },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            counter('D', periods.day, limits.daily),
            counter('W', periods.week, limits.weekly),
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.budgetCounter(account.workspaceId, account.connectionId, action, 'D', 'REST'),
                ConditionExpression: 'attribute_not_exists(restUntil) OR restUntil < :now',
                ExpressionAttributeValues: { ':now': now.toISOString() },
              },
            },
          ],
        }),
      );
      return { ok: true };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[2] === 'ConditionalCheckFailed') return { ok: false, refusal: 'resting' };
      if (codes[0] === 'ConditionalCheckFailed') return { ok: false, refusal: 'daily' };
      if (codes[1] === 'ConditionalCheckFailed') return { ok: false, refusal: 'weekly' };
      // Two takes on one counter at the same instant: DynamoDB cancels one; it takes again shortly.
      if (codes.includes('TransactionConflict') && attempt < 8) {
        await sleep(Math.random() * 20 * 2 ** attempt);
        continue;
      }
      throw error;
    }
  }
}

/**
 * Gives back `count` actions a take counted that no action used (pages taken ahead and not read), in
 * the windows they were taken in. A counter already expired or reset is left as it is.
 */
export async function giveBackBudget(
  account: BudgetAccount,
  action: string,
  periods: Periods,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  const counter = (window: 'D' | 'W', period: string) => ({
    Update: {
      TableName: tableName(),
      Key: keys.budgetCounter(account.workspaceId, account.connectionId, action, window, period),
      UpdateExpression: 'SET used = used - :n',
      ConditionExpression: 'used >= :n',
      ExpressionAttributeValues: { ':n': count },
    },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [counter('D', periods.day), counter('W', periods.week)],
        }),
      );
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes.includes('TransactionConflict') && attempt < 8) {
        await sleep(Math.random() * 20 * 2 ** attempt);
        continue;
      }
      return;
    }
  }
}

/** How much of each window is used. */
export async function budgetUsed(
  account: BudgetAccount,
  action: string,
  periods: Periods,
): Promise<{ daily: number; weekly: number; restUntil?: string }> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :action)',
      ExpressionAttributeValues: {
        ':pk': keys.budgetPartition(account.workspaceId, account.connectionId),
        ':action': `${action}#`,
      },
      ConsistentRead: true,
    }),
  );
  const bySk = new Map((out.Items ?? []).map((item) => [String(item.sk), item]));
  const used = (sk: string) => Number(bySk.get(sk)?.used ?? 0);
  const rest = bySk.get(`${action}#D#REST`)?.restUntil;
  return {
    daily: used(`${action}#D#${periods.day}`),
    weekly: used(`${action}#W#${periods.week}`),
    ...(typeof rest === 'string' ? { restUntil: rest } : {}),
  };
}

/** The platform signalled a limit: no action of this kind until `until`. */
export async function restAction(
  account: BudgetAccount,
  action: string,
  until: Date,
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.budgetCounter(account.workspaceId, account.connectionId, action, 'D', 'REST'),
        restUntil: until.toISOString(),
        expiresAt: expiresAfter(KEEP_SECONDS, now.getTime()),
      },
    }),
  );
}

export async function readRest(account: BudgetAccount, action: string): Promise<string | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.budgetCounter(account.workspaceId, account.connectionId, action, 'D', 'REST'),
      ConsistentRead: true,
    }),
  );
  return typeof out.Item?.restUntil === 'string' ? out.Item.restUntil : undefined;
}

/**
 * The start of the account's warm-up (issue 23 point 3): set by its first write action's take and never
 * moved after (no expiry: a ramp is not run twice). Answers the start, this call's or an earlier one's.
 */
export async function startWarmUp(account: BudgetAccount, now: Date): Promise<string> {
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.warmUp(account.workspaceId, account.connectionId),
      UpdateExpression: 'SET startedAt = if_not_exists(startedAt, :now)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return String(out.Attributes?.startedAt ?? now.toISOString());
}

/** When the account's warm-up started, if it has taken a write action yet. */
export async function readWarmUpStart(account: BudgetAccount): Promise<string | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.warmUp(account.workspaceId, account.connectionId) }),
  );
  return typeof out.Item?.startedAt === 'string' ? out.Item.startedAt : undefined;
}

/** The account's invitation budget while it adapts (issue 23 point 5); undefined: the full one. */
export async function readInvitationLimit(account: BudgetAccount): Promise<InvitationLimit | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.invitationLimit(account.workspaceId, account.connectionId),
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item || typeof item.factor !== 'number' || typeof item.until !== 'string') return undefined;
  return {
    factor: item.factor,
    until: item.until,
    reason: item.reason === 'limit-signal' ? 'limit-signal' : 'low-acceptance',
    ...(typeof item.rate === 'number' ? { rate: item.rate } : {}),
  };
}

/** Stores the adapted invitation budget, or removes it (back to the full one). */
export async function saveInvitationLimit(
  account: BudgetAccount,
  limit: InvitationLimit | undefined,
): Promise<void> {
  const key = keys.invitationLimit(account.workspaceId, account.connectionId);
  if (!limit) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    return;
  }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, ...limit } }));
}
