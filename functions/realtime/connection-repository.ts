import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_MAX_SECONDS } from '../../shared/realtime';
import { dynamo, tableName } from '../core/clients/dynamo';
import { queryByPrefix } from '../core/query';
import { expiresAfter, keys } from '../core/table';

/**
 * The only code that reads or writes WebSocket connections and job subscriptions. Every domain's
 * repository follows this shape: plain functions over the document client, keys from core/table,
 * items mapped to domain records at the boundary, no business rules.
 */
export interface ConnectionRecord {
  connectionId: string;
  userId: string;
  /** The sign-in session that opened the socket: the socket lives no longer than it. */
  sessionId: string;
  jobIds: string[];
  connectedAt: string;
}

/** A socket as its user's partition lists it (for closing a session's sockets). */
export interface UserSocket {
  connectionId: string;
  sessionId: string;
}

export interface JobSubscription {
  connectionId: string;
  jobId: string;
}

export async function saveConnection(
  connectionId: string,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  const expiresAt = expiresAfter(CONNECTION_MAX_SECONDS, now.getTime());
  await Promise.all([
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.webSocketConnection(connectionId),
          type: 'WebSocketConnection',
          userId,
          sessionId,
          connectedAt: now.toISOString(),
          expiresAt,
        },
      }),
    ),
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.userSocket(userId, sessionId, connectionId),
          type: 'UserSocket',
          connectionId,
          sessionId,
          expiresAt,
        },
      }),
    ),
  ]);
}

/** The open sockets of a user: of one session, or of all its sessions. */
export async function listUserSockets(userId: string, sessionId?: string): Promise<UserSocket[]> {
  const { pk, skPrefix } = keys.userSocketsPrefix(userId, sessionId);
  const found: UserSocket[] = [];
  for await (const item of queryByPrefix(pk, skPrefix)) {
    found.push({ connectionId: item.connectionId as string, sessionId: item.sessionId as string });
  }
  return found;
}

export async function findConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.webSocketConnection(connectionId),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return undefined;
  return {
    connectionId,
    userId: out.Item.userId as string,
    // Records written before sockets were tied to sessions have none: such a socket is closed.
    sessionId: typeof out.Item.sessionId === 'string' ? out.Item.sessionId : '',
    jobIds: out.Item.jobIds ? [...(out.Item.jobIds as Set<string>)] : [],
    connectedAt: out.Item.connectedAt as string,
  };
}

export async function deleteConnection(connection: ConnectionRecord): Promise<void> {
  await Promise.all([
    dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.webSocketConnection(connection.connectionId) }),
    ),
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.userSocket(connection.userId, connection.sessionId, connection.connectionId),
      }),
    ),
    ...connection.jobIds.map((jobId) =>
      deleteSubscription(connection.userId, { jobId, connectionId: connection.connectionId }),
    ),
  ]);
}

export async function saveSubscription(
  userId: string,
  subscription: JobSubscription,
  now = new Date(),
): Promise<void> {
  const { jobId, connectionId } = subscription;
  await Promise.all([
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.jobSubscription(userId, jobId, connectionId),
          type: 'JobSubscription',
          jobId,
          connectionId,
          expiresAt: expiresAfter(CONNECTION_MAX_SECONDS, now.getTime()),
        },
      }),
    ),
    // The connection remembers its jobs so $disconnect can remove its subscriptions at once.
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webSocketConnection(connectionId),
        UpdateExpression: 'ADD jobIds :job',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':job': new Set([jobId]) },
      }),
    ),
  ]);
}

export async function listSubscriptions(userId: string, jobId: string): Promise<JobSubscription[]> {
  const { pk, skPrefix } = keys.jobSubscriptionsPrefix(userId, jobId);
  const found: JobSubscription[] = [];
  for await (const item of queryByPrefix(pk, skPrefix))
    found.push({ jobId, connectionId: item.connectionId as string });
  return found;
}

export async function deleteSubscription(userId: string, subscription: JobSubscription): Promise<void> {
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.jobSubscription(userId, subscription.jobId, subscription.connectionId),
    }),
  );
}
