import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';
import type { LedgerAccount } from './contact-ledger-repository';
import type { WriteRecord } from './write-ledger-repository';

/**
 * Writes a stopped worker left open (issue 35 point 1): taken (the budget spent, nothing sent) or
 * performing (maybe sent), whose lease is over. Each has an owner after a crash: the next run of its
 * flow settles it first thing (verifies on the platform, then done, or sent once more and verified),
 * and the minute's sweep starts that run when the flow waits for its next slot
 * (settle-open-writes.task.ts). A write is open for the seconds it takes to send, so the index holds
 * few items, and only those whose lease ended are read.
 */
export interface OpenWrite {
  account: LedgerAccount;
  record: WriteRecord & { sweptAt?: string };
}

/** Open writes whose lease ended before `before`, of one flow when `flowId` is given, oldest first. */
export async function openWritesBefore(
  before: string,
  options: { limit: number; account?: LedgerAccount; flowId?: string },
): Promise<OpenWrite[]> {
  const found: OpenWrite[] = [];
  let start: Record<string, unknown> | undefined;
  const filters = [
    ...(options.account ? ['pk = :ledger'] : []),
    ...(options.flowId ? ['flowId = :flow'] : []),
  ];
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keys.openWrites.index,
        KeyConditionExpression: 'gsi2pk = :open AND gsi2sk < :before',
        ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
        ExpressionAttributeValues: {
          ':open': keys.openWrites.pk,
          ':before': before,
          ...(options.account
            ? { ':ledger': keys.ledgerPartition(options.account.workspaceId, options.account.connectionId) }
            : {}),
          ...(options.flowId ? { ':flow': options.flowId } : {}),
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const account = keys.ledgerAccountOf(String(item.pk));
      if (account) found.push({ account, record: item as OpenWrite['record'] });
    }
    start = page.LastEvaluatedKey;
  } while (start && found.length < options.limit);
  return found.slice(0, options.limit);
}

/**
 * Marks an open write as handed to a run by the sweep, once: true for the call that marked it. The sweep
 * starts one run for a write; should that run not settle it either, the flow's scheduled runs go on
 * trying, without a run every minute.
 */
export async function markOpenWriteSwept(account: LedgerAccount, key: string, at: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ledgerWrite(account.workspaceId, account.connectionId, key),
        UpdateExpression: 'SET sweptAt = :at',
        ConditionExpression: 'attribute_exists(gsi2pk) AND attribute_not_exists(sweptAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
