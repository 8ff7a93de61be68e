import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * The contact ledger of one connected account (issue 20 point 6; access patterns 34 and 35), shared by
 * every flow and trob of that account:
 *  - one record per platform person (keyed by the platform's stable person id) with the date of each
 *    step reached: discovered, scored, engaged, invited, accepted, declined, messaged;
 *  - one record per write to the platform (write-ledger-repository.ts).
 */
export interface LedgerAccount {
  workspaceId: string;
  connectionId: string;
}

export const CONTACT_STEPS = [
  'discovered',
  'scored',
  'engaged',
  'invited',
  'accepted',
  'declined',
  'messaged',
  'replied',
  /** Issue 23: the flow withdrew the invitation, left unanswered too long. */
  'withdrawn',
] as const;
export type ContactStep = (typeof CONTACT_STEPS)[number];

export interface ContactRecord {
  personId: string;
  name: string;
  /** The flow that first found the person. */
  flowId: string;
  /** When the person reached each step. */
  steps: Partial<Record<ContactStep, string>>;
}

/**
 * Claims a person for a flow as it discovers them, in one conditional write: true when nobody had them
 * or this flow had them already (a retried run), false when another flow of the account has them. Two
 * flows searching at once may read the same person as unknown; only one of them wins this write.
 */
export async function claimContact(
  account: LedgerAccount,
  person: { id: string; name: string },
  flowId: string,
  at: string,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ledgerPerson(account.workspaceId, account.connectionId, person.id),
        UpdateExpression:
          'SET personId = :id, #name = if_not_exists(#name, :name), flowId = if_not_exists(flowId, :flow), ' +
          '#steps = if_not_exists(#steps, :steps)',
        ConditionExpression: 'attribute_not_exists(pk) OR flowId = :flow',
        ExpressionAttributeNames: { '#name': 'name', '#steps': 'steps' },
        ExpressionAttributeValues: {
          ':id': person.id,
          ':name': person.name,
          ':flow': flowId,
          ':steps': { discovered: at },
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Marks the person as having reached `step` (the first date is kept); creates the record if needed. */
export async function recordContactStep(
  account: LedgerAccount,
  person: { id: string; name: string },
  flowId: string,
  step: ContactStep,
  at: string,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ledgerPerson(account.workspaceId, account.connectionId, person.id),
      UpdateExpression:
        'SET personId = :id, #name = if_not_exists(#name, :name), flowId = if_not_exists(flowId, :flow), ' +
        '#steps = if_not_exists(#steps, :empty)',
      ExpressionAttributeNames: { '#name': 'name', '#steps': 'steps' },
      ExpressionAttributeValues: { ':id': person.id, ':name': person.name, ':flow': flowId, ':empty': {} },
    }),
  );
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ledgerPerson(account.workspaceId, account.connectionId, person.id),
      UpdateExpression: 'SET #steps.#step = if_not_exists(#steps.#step, :at)',
      ExpressionAttributeNames: { '#steps': 'steps', '#step': step },
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

export async function findContact(
  account: LedgerAccount,
  personId: string,
): Promise<ContactRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.ledgerPerson(account.workspaceId, account.connectionId, personId),
      ConsistentRead: true,
    }),
  );
  return out.Item as ContactRecord | undefined;
}

/** Every person of the ledger a flow found first, with the steps they reached. */
export async function contactsOfFlow(account: LedgerAccount, flowId: string): Promise<ContactRecord[]> {
  const out: ContactRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :person)',
        FilterExpression: 'flowId = :flow',
        ExpressionAttributeValues: {
          ':pk': keys.ledgerPartition(account.workspaceId, account.connectionId),
          ':person': 'PERSON#',
          ':flow': flowId,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((page.Items ?? []) as ContactRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * How the account's last invitations were answered (issue 23 point 5): of the newest `window` people
 * it invited at least `answerDays` ago (younger ones have not had their chance), how many accepted.
 * Undefined while fewer than `window` are that old: too few to judge.
 */
export async function invitationAcceptance(
  account: LedgerAccount,
  now: Date,
  { window, answerDays }: { window: number; answerDays: number },
): Promise<{ invited: number; accepted: number } | undefined> {
  const before = new Date(now.getTime() - answerDays * 24 * 3600 * 1000).toISOString();
  const invited: Array<{ at: string; accepted: boolean }> = [];
  const pk = keys.ledgerPartition(account.workspaceId, account.connectionId);
  for await (const item of queryByPrefix(pk, 'PERSON#')) {
    const { steps } = item as unknown as Pick<ContactRecord, 'steps'>;
    if (steps?.invited && steps.invited <= before)
      invited.push({ at: steps.invited, accepted: Boolean(steps.accepted) });
  }
  if (invited.length < window) return undefined;
  const newest = invited.sort((a, b) => b.at.localeCompare(a.at)).slice(0, window);
  return { invited: newest.length, accepted: newest.filter((i) => i.accepted).length };
}
