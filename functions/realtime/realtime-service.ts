import type { JobProgress, JobProgressEvent } from '../../shared/realtime';
import type { AuthUser } from '../core/auth';
import { UnauthorizedError } from '../core/errors';
import type { RealtimePort } from '../core/ports/realtime';
import * as connections from './connection-repository';

export async function connect(connectionId: string, user: AuthUser): Promise<void> {
  await connections.saveConnection(connectionId, user.id);
}

export async function disconnect(connectionId: string): Promise<void> {
  const connection = await connections.findConnection(connectionId);
  if (connection) await connections.deleteConnection(connection);
}

/**
 * Subscriptions live under the connection owner's partition, and progress is read from the job
 * owner's partition, so subscribing to someone else's job id can never deliver their progress.
 */
export async function subscribe(connectionId: string, jobId: string): Promise<void> {
  const connection = await connections.findConnection(connectionId);
  if (!connection) throw new UnauthorizedError('Unknown connection');
  await connections.saveSubscription(connection.userId, { jobId, connectionId });
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
