import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '../../shared/auth';
import type { UserPlan } from '../../shared/pricing-plans';
import { batchDelete } from '../core/batch-delete';
import { dynamo, tableName } from '../core/clients/dynamo';
import { cancellationCodes, isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

export { personName } from '../../shared/team-texts';

/**
 * Users, with e-mail and username kept unique by their own items (written in the same transaction as
 * the profile, each with attribute_not_exists), since DynamoDB has no unique index.
 */
export interface StoredUser extends User {
  passwordHash: string;
  /** When the password last changed: one-time tokens issued before it are void. */
  passwordChangedAt: string;
  trialStartedAt?: string;
  /**
   * The team's workspace the person worked in last (DECISIONS 34), which their next sign-in resumes
   * while it is open to them; absent: their own.
   */
  lastWorkspaceId?: string;
}

const PROFILE_FIELDS = [
  'id',
  'email',
  'username',
  'firstName',
  'lastName',
  'plan',
  'trialEndsAt',
  'emailVerified',
  'createdAt',
] as const;

export function publicUser(stored: StoredUser): User {
  const out: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) if (stored[field] !== undefined) out[field] = stored[field];
  return out as User;
}

export class DuplicateError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`${field} is taken`);
  }
}

/** Which uniqueness item made a transaction fail, from the cancellation reasons' order. */
function duplicateFrom(
  error: unknown,
  order: Array<'email' | 'username' | null>,
): DuplicateError | undefined {
  const field = order[cancellationCodes(error)?.indexOf('ConditionalCheckFailed') ?? -1];
  return field ? new DuplicateError(field) : undefined;
}

export async function createUser(user: StoredUser): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.email(user.email), type: 'EmailClaim', userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.username(user.username), type: 'UsernameClaim', userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.user(user.id), type: 'User', ...user },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    throw duplicateFrom(error, ['email', 'username', null]) ?? error;
  }
}

export async function findUserById(userId: string): Promise<StoredUser | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  return out.Item as StoredUser | undefined;
}

export async function findUserByEmail(email: string): Promise<StoredUser | undefined> {
  const claim = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.email(email), ConsistentRead: true }),
  );
  const userId = claim.Item?.userId as string | undefined;
  return userId ? findUserById(userId) : undefined;
}

/** Whether someone holds a username (any case: the claim item's key is case-folded in keys.username). */
export async function isUsernameTaken(username: string): Promise<boolean> {
  const claim = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.username(username), ConsistentRead: true }),
  );
  return claim.Item !== undefined;
}

type Changes = Partial<
  Pick<
    StoredUser,
    | 'firstName'
    | 'lastName'
    | 'emailVerified'
    | 'passwordHash'
    | 'passwordChangedAt'
    | 'plan'
    | 'trialEndsAt'
    | 'trialStartedAt'
    | 'lastWorkspaceId'
  >
>;

function updateExpression(changes: Record<string, unknown>) {
  const sets: string[] = [];
  const removes: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    if (value === undefined) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const expression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { expression, names, values };
}

/** Updates fields of an existing user and answers the stored result; undefined when the user is gone. */
export async function updateUser(
  userId: string,
  changes: Changes,
  condition?: { expression: string; values?: Record<string, unknown> },
): Promise<StoredUser | undefined> {
  const { expression, names, values: changeValues } = updateExpression(changes);
  const values = { ...changeValues, ...condition?.values };
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: expression,
        ConditionExpression: ['attribute_exists(pk)', condition?.expression].filter(Boolean).join(' AND '),
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as StoredUser;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Puts the user on the trial, only if they never had one and are on one of `fromPlans` now (checked in
 * the same write); answers the user as stored then, or undefined when refused (or the user is gone).
 */
export async function startTrialOnce(
  userId: string,
  trial: { trialEndsAt: string; trialStartedAt: string },
  fromPlans: readonly UserPlan[],
): Promise<StoredUser | undefined> {
  const values = Object.fromEntries(fromPlans.map((plan, i) => [`:from${i}`, plan]));
  return updateUser(
    userId,
    { plan: 'TRIAL', ...trial },
    {
      expression: `attribute_not_exists(trialStartedAt) AND #plan IN (${Object.keys(values).join(', ')})`,
      values,
    },
  );
}

/**
 * Counts one flow execution of a trial user (DECISIONS 4: the server's count is the one that holds);
 * false when the trial's `limit` is used up, and nothing is counted then.
 */
export async function takeTrialFlowExecution(userId: string, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET flowExecutions = if_not_exists(flowExecutions, :zero) + :one',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(flowExecutions) OR flowExecutions < :limit)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Changes the username, moving its uniqueness claim in the same transaction. */
export async function changeUsername(user: StoredUser, next: string, profile: Changes): Promise<StoredUser> {
  const { expression, names, values } = updateExpression({ ...profile, username: next });
  const sameName = user.username.toLowerCase() === next.toLowerCase();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          ...(sameName
            ? []
            : [
                {
                  Put: {
                    TableName: tableName(),
                    Item: { ...keys.username(next), type: 'UsernameClaim', userId: user.id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                { Delete: { TableName: tableName(), Key: keys.username(user.username) } },
              ]),
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(user.id),
              UpdateExpression: expression,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
  } catch (error) {
    throw duplicateFrom(error, sameName ? [null] : ['username', null, null]) ?? error;
  }
  return (await findUserById(user.id))!;
}

/** Removes the user and everything under their partition, then their e-mail and username claims. */
export async function deleteUserEverywhere(user: StoredUser): Promise<number> {
  const owned: Array<{ pk: string; sk: string }> = [];
  // An API key's lookup lives outside the partition too, named by the secret's hash on its list item.
  const apiKeyLookups: Array<{ pk: string; sk: string }> = [];
  // Consistent: an item written a moment ago (a key just made) must not be left behind.
  for await (const item of queryByPrefix(keys.userPartition(user.id), '', { consistent: true })) {
    owned.push({ pk: item.pk as string, sk: item.sk as string });
    if (String(item.sk).startsWith(keys.apiKeyPrefix) && typeof item.secretHash === 'string')
      apiKeyLookups.push(keys.apiKeySecret(item.secretHash));
  }
  // The profile goes last, so a failure half-way leaves an account that can still sign in and retry.
  const profile = keys.user(user.id);
  // A user's unused links live outside the partition; the pointers under it name them.
  const tokens = owned
    .filter((k) => k.sk.startsWith(keys.userOneTimeTokenPrefix))
    .map((k) => keys.oneTimeToken(k.sk.slice(keys.userOneTimeTokenPrefix.length)));
  const others = [
    ...tokens,
    ...apiKeyLookups,
    ...owned.filter((k) => !(k.pk === profile.pk && k.sk === profile.sk)),
  ];
  // Throttled deletes are retried with backoff, a bounded number of times; then the deletion fails (500)
  // with the profile still there, so the user can try again.
  await batchDelete(others);
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.email(user.email) }));
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.username(user.username) }));
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: profile }));
  return owned.length;
}
