import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { keys } from '../core/table';

/** E-mail verification (24 h) and password reset (1 h) links: stored hashed, consumed once. */
export type TokenPurpose = 'verify-email' | 'reset-password';

export interface StoredOneTimeToken {
  purpose: TokenPurpose;
  userId: string;
  createdAt: string;
  /** Epoch seconds (TTL attribute; DynamoDB may delete late, so it is also checked on use). */
  expiresAt: number;
}

/** The token item, and a pointer under its user so deleting the account finds and removes it. */
export async function saveOneTimeToken(tokenHash: string, token: StoredOneTimeToken): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.oneTimeToken(tokenHash), type: 'OneTimeToken', ...token },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.userOneTimeToken(token.userId, tokenHash),
              type: 'OneTimeTokenPointer',
              tokenHash,
              expiresAt: token.expiresAt,
            },
          },
        },
      ],
    }),
  );
}

/**
 * Deletes the token and answers what it was, in one conditional call: two concurrent uses cannot both
 * succeed. An expired token or one for another purpose is deleted too, but answers undefined.
 */
export async function consumeOneTimeToken(
  tokenHash: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<StoredOneTimeToken | undefined> {
  const out = await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.oneTimeToken(tokenHash), ReturnValues: 'ALL_OLD' }),
  );
  const token = out.Attributes as StoredOneTimeToken | undefined;
  if (token)
    await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.userOneTimeToken(token.userId, tokenHash) }),
    );
  if (!token || token.purpose !== purpose || token.expiresAt <= Math.floor(now.getTime() / 1000))
    return undefined;
  return token;
}
