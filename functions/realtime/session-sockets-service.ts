import type { RealtimePort } from '../core/ports/realtime';
import * as repository from './socket-repository';

/**
 * One session's sockets (sign-out, a workspace switch), every session's but one (a password change),
 * all (a reset, account deletion), or those acting in one workspace (removal from a team).
 */
export type SocketsToClose = { sessionId: string } | { allSessionsExcept?: string } | { inWorkspace: string };

export interface SessionSocketsDeps {
  /** The management API: closes sockets. */
  push: RealtimePort;
}

export type SessionSocketsService = ReturnType<typeof createSessionSocketsService>;

/**
 * Closing the sockets of ended sessions, apart from subscriptions and progress (realtime-service.ts),
 * so the routes that end sessions (auth, account) carry neither the automations they never read nor
 * their schemas.
 */
export function createSessionSocketsService({ push }: SessionSocketsDeps) {
  return { closeSessionSockets };

  /**
   * Closes the sockets a user's ended session(s) opened: sign-out closes that session's, a password
   * change every other session's, a reset or account deletion all of them, the removal from a team
   * those in the team's workspace. The port reaches the
   * management endpoint only when there is a socket to close.
   */
  async function closeSessionSockets(userId: string, which: SocketsToClose): Promise<number> {
    const socketIds = await forgetSessionSockets(userId, which);
    for (const socketId of socketIds) await push.disconnect(socketId);
    return socketIds.length;
  }
}

/**
 * The table's part of closing sockets: the records, pointers and subscriptions of the ended session(s)'
 * sockets are deleted; answers the socket ids, which the caller disconnects (or has disconnected).
 */
export async function forgetSessionSockets(userId: string, which: SocketsToClose): Promise<string[]> {
  const only = 'sessionId' in which ? which.sessionId : undefined;
  const keep = 'allSessionsExcept' in which ? which.allSessionsExcept : undefined;
  const workspace = 'inWorkspace' in which ? which.inWorkspace : undefined;
  const sockets = (await repository.listUserSockets(userId, only)).filter(
    (s) => s.sessionId !== keep && (workspace === undefined || s.workspaceId === workspace),
  );
  for (const socket of sockets) {
    const record = await repository.findSocket(socket.socketId);
    await repository.deleteSocket(
      record ?? {
        socketId: socket.socketId,
        userId,
        sessionId: socket.sessionId,
        workspaceId: socket.workspaceId,
        jobIds: [],
        openedAt: '',
      },
    );
  }
  return sockets.map((s) => s.socketId);
}
