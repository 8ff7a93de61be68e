import type { AuthUser } from '../core/auth';
import * as repository from './socket-repository';

export type SocketRecordsService = ReturnType<typeof createSocketRecordsService>;

/**
 * A socket's own records as it opens and closes ($connect, $disconnect). Apart from the realtime
 * service because these routes never push or close a socket: their bundles carry no management client.
 * It uses nothing beyond its own repository, so it takes no deps.
 */
export function createSocketRecordsService() {
  return { connect, disconnect };

  /**
   * A socket belongs to the session that opened it (closeSessionSockets ends it with the session), in
   * the workspace that session acts in (its subscriptions are that workspace's jobs).
   */
  async function connect(socketId: string, user: AuthUser): Promise<void> {
    await repository.saveSocket(socketId, {
      userId: user.id,
      sessionId: user.sessionId,
      workspaceId: user.workspaceId,
    });
  }

  async function disconnect(socketId: string): Promise<void> {
    const socket = await repository.findSocket(socketId);
    if (socket) await repository.deleteSocket(socket);
  }
}
