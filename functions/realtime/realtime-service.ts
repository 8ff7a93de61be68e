import { AUTH_TEXTS } from '../../shared/auth';
import type { JobProgress, JobProgressEvent } from '../../shared/realtime';
import { loadAuthState } from '../auth/session-repository';
import type { AuthUser } from '../core/auth';
import { UnauthorizedError } from '../core/errors';
import { type RealtimePort, realtimePort } from '../core/ports/realtime';
import * as connections from './connection-repository';

/** A socket belongs to the session that opened it (closeSessionSockets ends it with the session). */
export async function connect(connectionId: string, user: AuthUser): Promise<void> {
  await connections.saveConnection(connectionId, user.id, user.sessionId);
}

export async function disconnect(connectionId: string): Promise<void> {
  const connection = await connections.findConnection(connectionId);
  if (connection) await connections.deleteConnection(connection);
}

/**
 * Subscriptions live under the connection owner's partition, and progress is read from the job
 * owner's partition, so subscribing to someone else's job id can never deliver their progress.
 *
 * The socket's session is checked again on every subscribe (a socket may outlive a missed close): a
 * session that has ended, or a user who no longer exists, gets the socket closed and nothing written.
 */
export async function subscribe(
  connectionId: string,
  jobId: string,
  push: () => RealtimePort = realtimePort,
): Promise<void> {
  const connection = await connections.findConnection(connectionId);
  if (!connection) throw new UnauthorizedError('Unknown connection');
  const state = connection.sessionId
    ? await loadAuthState(connection.userId, connection.sessionId)
    : undefined;
  if (!state?.sessionOpen) {
    await push().disconnect(connectionId);
    await connections.deleteConnection(connection);
    throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
  }
  await connections.saveSubscription(connection.userId, { jobId, connectionId });
}

export type SocketsToClose = { sessionId: string } | { allSessionsExcept?: string };

/**
 * Closes the sockets a user's ended session(s) opened: sign-out closes that session's, a password
 * change every other session's, a reset or account deletion all of them. The port is made only when
 * there is a socket to close, so routes without open sockets never need the management endpoint.
 */
export async function closeSessionSockets(
  userId: string,
  which: SocketsToClose,
  push: () => RealtimePort = realtimePort,
): Promise<number> {
  const only = 'sessionId' in which ? which.sessionId : undefined;
  const keep = 'allSessionsExcept' in which ? which.allSessionsExcept : undefined;
  const sockets = (await connections.listUserSockets(userId, only)).filter((s) => s.sessionId !== keep);
  for (const socket of sockets) {
    await push().disconnect(socket.connectionId);
    const record = await connections.findConnection(socket.connectionId);
    await connections.deleteConnection(
      record ?? {
        connectionId: socket.connectionId,
        userId,
        sessionId: socket.sessionId,
        jobIds: [],
        connectedAt: '',
      },
    );
  }
  return sockets.length;
}

/** Sends a job's progress to every live subscriber of its owner; forgets connections that are gone. */
export async function publishJobProgress(
  push: RealtimePort,
  ownerId: string,
  progress: JobProgress,
): Promise<{ delivered: number; gone: number }> {
  const subscriptions = await connections.listSubscriptions(ownerId, progress.jobId);
  const message: JobProgressEvent = { event: 'jobProgress', data: progress };
  let delivered = 0;
  let gone = 0;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const outcome = await push.post(subscription.connectionId, message);
      if (outcome === 'sent') delivered++;
      else {
        gone++;
        await connections.deleteSubscription(ownerId, subscription);
      }
    }),
  );
  return { delivered, gone };
}
