import { AUTH_TEXTS } from '../../shared/auth';
import { AUTOMATION_TEXTS, automationIdOfJob } from '../../shared/automations-values';
import type { JobProgress, JobProgressEvent } from '../../shared/realtime';
import { loadAuthState } from '../core/auth-state';
import { NotFoundError, UnauthorizedError } from '../core/errors';
import type { RealtimePort } from '../core/ports/realtime';
import { ownsAutomation } from '../jobs/job-repository';
import { createSessionSocketsService } from './session-sockets-service';
import * as repository from './socket-repository';

export interface RealtimeDeps {
  /** The management API: closes sockets and pushes to them. */
  push: RealtimePort;
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;

/**
 * Job subscriptions, the sockets closed with their sessions and the progress pushed to them: what
 * needs the management API. A socket's own records as it opens and closes are
 * socket-records-service.ts, so the $connect and $disconnect bundles carry no push port; closing the
 * sockets of ended sessions is session-sockets-service.ts, so the routes that end sessions carry no
 * subscription code.
 */
export function createRealtimeService({ push }: RealtimeDeps) {
  const { closeSessionSockets } = createSessionSocketsService({ push });
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
    if (!(await ownsAutomation(socket.userId, automationIdOfJob(jobId))))
      throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    await repository.saveSubscription(socket.userId, { jobId, socketId });
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

export type { SocketsToClose } from './session-sockets-service';
