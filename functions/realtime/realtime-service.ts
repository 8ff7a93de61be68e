import { AUTH_TEXTS } from '../../shared/auth';
import { AUTOMATION_TEXTS } from '../../shared/automations-values';
import { hasFeature } from '../../shared/plan-policy';
import type { JobProgress, JobProgressEvent } from '../../shared/realtime';
import { loadAuthState, loadWorkspaceAccess } from '../core/auth-state';
import { NotFoundError, UnauthorizedError } from '../core/errors';
import type { RealtimePort } from '../core/ports/realtime';
import { subscribedJobOf } from '../jobs/job-history-service';
import { createSessionSocketsService } from './session-sockets-service';
import * as repository from './socket-repository';

export interface RealtimeDeps {
  /** The management API: closes sockets and pushes to them. */
  push: RealtimePort;
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;

/**
 * How long a run's read of a job's subscriptions serves its pushes: a socket that subscribes meanwhile has
 * the job's state from its subscribe and the pushes after at most this (pushes go out twice a second).
 */
export const SUBSCRIPTIONS_FRESH_MS = 2_000;

/**
 * Job subscriptions, the sockets closed with their sessions and the progress pushed to them: what
 * needs the management API. A socket's own records as it opens and closes are
 * socket-records-service.ts, so the $connect and $disconnect bundles carry no push port; closing the
 * sockets of ended sessions is session-sockets-service.ts, so the routes that end sessions carry no
 * subscription code.
 */
export function createRealtimeService({ push }: RealtimeDeps) {
  const { closeSessionSockets } = createSessionSocketsService({ push });
  return { subscribe, closeSessionSockets, publishJobProgress, jobProgressPublisher };

  /**
   * Subscriptions live in the partition of the socket's workspace, and progress is read from the job
   * owner's partition (the workspace's), so subscribing to a job of another workspace can never
   * deliver its progress; a member's socket in a team's workspace receives the team's jobs.
   *
   * The socket's session is checked again on every subscribe (a socket may outlive a missed close): a
   * session that has ended, or moved to another workspace, a member removed from the team or
   * suspended by the owner's downgrade, or a user who no longer exists gets the socket closed and
   * nothing written. The client opens a new socket in the session's workspace.
   */
  async function subscribe(socketId: string, jobId: string): Promise<void> {
    const socket = await repository.findSocket(socketId);
    if (!socket) throw new UnauthorizedError('Unknown socket');
    if (!(await socketStillServed(socket))) {
      // Records first, then the close: once the socket is closed nothing of it is left to find.
      await repository.deleteSocket(socket);
      await push.disconnect(socketId);
      throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
    }
    // Only the workspace's own jobs: another's job id (or an unknown one) is refused, not silently kept.
    const job = await subscribedJobOf(socket.workspaceId, jobId);
    if (!job.owned) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    await repository.saveSubscription(socket.workspaceId, { jobId, socketId });
    // The job as it stands now: a run reads its subscriptions only now and then (jobProgressPublisher).
    if (job.progress)
      await push.post(socketId, { event: 'jobProgress', data: job.progress } satisfies JobProgressEvent);
  }

  async function socketStillServed(socket: repository.SocketRecord): Promise<boolean> {
    const state = socket.sessionId ? await loadAuthState(socket.userId, socket.sessionId) : undefined;
    if (!state?.sessionOpen || state.workspaceId !== socket.workspaceId) return false;
    if (socket.workspaceId === socket.userId) return true;
    const access = await loadWorkspaceAccess(socket.userId, socket.workspaceId, (plan) =>
      hasFeature(typeof plan === 'string' ? plan : undefined, 'team'),
    );
    return access === 'member';
  }

  /**
   * Sends a job's progress to every live subscriber in its owner's workspace (the owner's and the
   * members' sockets); forgets sockets that are gone. Reads the subscriptions for this one push: a run
   * pushes through `jobProgressPublisher`, which reads them once a while.
   */
  function publishJobProgress(
    ownerId: string,
    progress: JobProgress,
  ): Promise<{ delivered: number; gone: number }> {
    return jobProgressPublisher(ownerId, { freshForMs: 0 })(progress);
  }

  /**
   * The pushes of one run segment (issue 38 point 3): the job's subscriptions are read at its first push,
   * again once that read is `freshForMs` old, and for the push of the job's end (its only push with a
   * status other than running), which no subscriber may miss; not at every push (a run pushes twice a
   * second). A socket that subscribes in between gets the job's state at once from `subscribe`.
   * A socket found gone is forgotten here and its subscription deleted.
   */
  function jobProgressPublisher(
    ownerId: string,
    options: { freshForMs?: number; now?: () => number } = {},
  ): (progress: JobProgress) => Promise<{ delivered: number; gone: number }> {
    const freshForMs = options.freshForMs ?? SUBSCRIPTIONS_FRESH_MS;
    const now = options.now ?? Date.now;
    let read: { jobId: string; at: number; subscriptions: repository.JobSubscription[] } | undefined;
    return async (progress) => {
      let current = read;
      if (
        !current ||
        current.jobId !== progress.jobId ||
        now() - current.at >= freshForMs ||
        progress.status !== 'running'
      ) {
        const at = now();
        current = {
          jobId: progress.jobId,
          at,
          subscriptions: await repository.listSubscriptions(ownerId, progress.jobId),
        };
        read = current;
      }
      const message: JobProgressEvent = { event: 'jobProgress', data: progress };
      let delivered = 0;
      let gone = 0;
      await Promise.all(
        current.subscriptions.map(async (subscription) => {
          const outcome = await push.post(subscription.socketId, message);
          if (outcome === 'sent') delivered++;
          else {
            gone++;
            current.subscriptions = current.subscriptions.filter((s) => s !== subscription);
            await repository.deleteSubscription(ownerId, subscription);
          }
        }),
      );
      return { delivered, gone };
    };
  }
}

export type { SocketsToClose } from './session-sockets-service';
