import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_MAX_SECONDS } from '../../shared/realtime';
import { dynamo, tableName } from '../core/clients/dynamo';
import { queryByPrefix } from '../core/query';
import { expiresAfter, keys } from '../core/table';

/**
 * The only code that reads or writes WebSocket sockets (API Gateway calls them connections; here a
 * socket, so it is never confused with a platform connection) and their job subscriptions. Every domain's
 * repository follows this shape: plain functions over the document client, keys from core/table,
 * items mapped to domain records at the boundary, no business rules.
 */
export interface SocketRecord {
  socketId: string;
  userId: string;
  /** The sign-in session that opened the socket: the socket lives no longer than it. */
  sessionId: string;
  /**
   * The workspace the session acted in when the socket opened (DECISIONS 31): its job subscriptions
   * live in that workspace's partition, where the jobs' progress is published.
   */
  workspaceId: string;
  jobIds: string[];
  openedAt: string;
}

/** A socket as its user's partition lists it (for closing a session's sockets). */
export interface UserSocket {
  socketId: string;
  sessionId: string;
  workspaceId: string;
}

export interface JobSubscription {
  socketId: string;
  jobId: string;
}

export async function saveSocket(
  socketId: string,
  owner: { userId: string; sessionId: string; workspaceId: string },
  now = new Date(),
): Promise<void> {
  const { userId, sessionId, workspaceId } = owner;
  const expiresAt = expiresAfter(CONNECTION_MAX_SECONDS, now.getTime());
  await Promise.all([
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.socket(socketId),
          type: 'Socket',
          userId,
          sessionId,
          workspaceId,
          openedAt: now.toISOString(),
          expiresAt,
        },
      }),
    ),
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.userSocket(userId, sessionId, socketId),
          type: 'UserSocket',
          socketId,
          sessionId,
          workspaceId,
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
    found.push({
      socketId: item.socketId as string,
      sessionId: item.sessionId as string,
      // Sockets opened before teams acted in their user's own workspace.
      workspaceId: typeof item.workspaceId === 'string' ? item.workspaceId : userId,
    });
  }
  return found;
}

export async function findSocket(socketId: string): Promise<SocketRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.socket(socketId),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return undefined;
  return {
    socketId,
    userId: out.Item.userId as string,
    // Records written before sockets were tied to sessions have none: such a socket is closed.
    sessionId: typeof out.Item.sessionId === 'string' ? out.Item.sessionId : '',
    workspaceId:
      typeof out.Item.workspaceId === 'string' ? out.Item.workspaceId : (out.Item.userId as string),
    jobIds: out.Item.jobIds ? [...(out.Item.jobIds as Set<string>)] : [],
    openedAt: out.Item.openedAt as string,
  };
}

export async function deleteSocket(socket: SocketRecord): Promise<void> {
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.socket(socket.socketId) })),
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.userSocket(socket.userId, socket.sessionId, socket.socketId),
      }),
    ),
    ...socket.jobIds.map((jobId) =>
      deleteSubscription(socket.workspaceId, { jobId, socketId: socket.socketId }),
    ),
  ]);
}

/** Subscriptions live in the partition of the job's workspace (its owner), where progress is published. */
export async function saveSubscription(
  workspaceId: string,
  subscription: JobSubscription,
  now = new Date(),
): Promise<void> {
  const { jobId, socketId } = subscription;
  await Promise.all([
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.jobSubscription(workspaceId, jobId, socketId),
          type: 'JobSubscription',
          jobId,
          socketId,
          expiresAt: expiresAfter(CONNECTION_MAX_SECONDS, now.getTime()),
        },
      }),
    ),
    // The socket remembers its jobs so $disconnect can remove its subscriptions at once.
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.socket(socketId),
        UpdateExpression: 'ADD jobIds :job',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':job': new Set([jobId]) },
      }),
    ),
  ]);
}

export async function listSubscriptions(workspaceId: string, jobId: string): Promise<JobSubscription[]> {
  const { pk, skPrefix } = keys.jobSubscriptionsPrefix(workspaceId, jobId);
  const found: JobSubscription[] = [];
  for await (const item of queryByPrefix(pk, skPrefix))
    found.push({ jobId, socketId: item.socketId as string });
  return found;
}

export async function deleteSubscription(workspaceId: string, subscription: JobSubscription): Promise<void> {
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.jobSubscription(workspaceId, subscription.jobId, subscription.socketId),
    }),
  );
}
