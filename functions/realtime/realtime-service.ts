import { AUTH_TEXTS } from '../../shared/auth';
import { AUTOMATION_TEXTS, automationIdOfJob } from '../../shared/automations-values';
import type { JobProgress, JobProgressEvent } from '../../shared/realtime';
import { findAutomation } from '../automations/automation-repository';
import { loadAuthState } from '../core/auth-state';
import { NotFoundError, UnauthorizedError } from '../core/errors';
import type { RealtimePort } from '../core/ports/realtime';
import * as repository from './socket-repository';

export interface RealtimeDeps {
  /** The management API: closes sockets and pushes to them. */
  push: RealtimePort;
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;

/**
 * Job subscriptions, the sockets closed with their sessions and the progress pushed to them: what
 * needs the management API. A socket's own records as it opens and closes are
 * socket-records-service.ts, so the $connect and $disconnect bundles carry no push port.
 */
export function createRealtimeService({ push }: RealtimeDeps) {
  return { subscribe, closeSessionSockets, publishJobProgress };

  /**
   * Subscriptions live under the socket owner's partition, and progress is read from the job
   * owner's partition, so subscribing to someone else's job id can never deliver their progress.
   *
   * The socket's session is checked again on every subscribe (a socket may outlive a missed close): a
   * session that has ended, or a user who no longer exists, gets the socket closed and nothing written.
   */
  async function subscribe(socketId: string, jobId: string): Promise<void> {
    const socket = await repository.findSocket(socketId);
    if (!socket) throw new UnauthorizedError('Unknown socket');
    const state = socket.sessionId ? await loadAuthState(socket.userId, socket.sessionId) : undefined;
    if (!state?.sessionOpen) {
      // Records first, then the close: once the socket is closed nothing of it is left to find.
      await repository.deleteSocket(socket);
      await push.disconnect(socketId);
      throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
    }
    // Only the user's own jobs: another user's job id (or an unknown one) is refused, not silently kept.
    if (!(await findAutomation(socket.userId, automationIdOfJob(jobId))))
      throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    await repository.saveSubscription(socket.userId, { jobId, socketId });
  }

  /**
   * Closes the sockets a user's ended session(s) opened: sign-out closes that session's, a password
   * change every other session's, a reset or account deletion all of them. The port reaches the
   * management endpoint only when there is a socket to close.
   */
  async function closeSessionSockets(userId: string, which: SocketsToClose): Promise<number> {
    const only = 'sessionId' in which ? which.sessionId : undefined;
    const keep = 'allSessionsExcept' in which ? which.allSessionsExcept : undefined;
    const sockets = (await repository.listUserSockets(userId, only)).filter((s) => s.sessionId !== keep);
    for (const socket of sockets) {
      const record = await repository.findSocket(socket.socketId);
      await repository.deleteSocket(
        record ?? {
          socketId: socket.socketId,
          userId,
          sessionId: socket.sessionId,
          jobIds: [],
          openedAt: '',
        },
      );
      await push.disconnect(socket.socketId);
    }
    return sockets.length;
  }

  /** Sends a job's progress to every live subscriber of its owner; forgets sockets that are gone. */
  async function publishJobProgress(
    ownerId: string,
    progress: JobProgress,
  ): Promise<{ delivered: number; gone: number }> {
    const subscriptions = await repository.listSubscriptions(ownerId, progress.jobId);
    const message: JobProgressEvent = { event: 'jobProgress', data: progress };
    let delivered = 0;
    let gone = 0;
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await push.post(subscription.socketId, message);
        if (outcome === 'sent') delivered++;
        else {
          gone++;
          await repository.deleteSubscription(ownerId, subscription);
        }
      }),
    );
    return { delivered, gone };
  }
}

export type SocketsToClose = { sessionId: string } | { allSessionsExcept?: string };
