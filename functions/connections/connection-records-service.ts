import { CONNECTION_TEXTS, type PlatformConnection } from '../../shared/connections';
import { PLATFORM_TABLE, type Platform, platformLabel } from '../../shared/platforms';
import { warmUpShare } from '../../shared/warm-up';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import type { Logger } from '../core/logger';
import { readInvitationLimit, readWarmUpStart } from '../safety/budget-service';
import { warmUpDay } from '../safety/governor';
import {
  deleteConnection,
  listConnections,
  publicConnection,
  type StoredConnection,
} from './connection-repository';

/**
 * A user's connection records: list, check, delete. Apart from connection-service.ts (validate, sync,
 * sandbox connect) because these routes neither open cookies nor ask a platform: their bundles carry
 * no key port and no session check.
 */
export interface ConnectionRecordsDeps {
  log: Logger;
}

export type ConnectionRecordsService = ReturnType<typeof createConnectionRecordsService>;

export function createConnectionRecordsService({ log }: ConnectionRecordsDeps) {
  return { listPlatforms, isConnected, disconnect };

  async function listPlatforms(user: AuthUser, now = new Date()): Promise<PlatformConnection[]> {
    const connections = await listConnections(user.workspaceId);
    return Promise.all(connections.map((connection) => withWarmUp(connection, now)));
  }

  /**
   * Where the account stands in its warm-up (issue 23 point 3), on its own clock (DECISIONS 29), and its
   * invitation budget while it adapts (point 5).
   */
  async function withWarmUp(connection: StoredConnection, now: Date): Promise<PlatformConnection> {
    const account = { workspaceId: connection.userId, connectionId: connection.id };
    const [startedAt, invitationLimit] = await Promise.all([
      readWarmUpStart(account),
      readInvitationLimit(account),
    ]);
    const day = startedAt ? warmUpDay(startedAt, now, connection.timeZone ?? 'UTC') : 0;
    return {
      ...publicConnection(connection),
      warmUp: startedAt ? { startedAt, day, share: warmUpShare(day) } : null,
      invitationLimit: invitationLimit ?? null,
    };
  }

  async function isConnected(user: AuthUser, platform: Platform): Promise<boolean> {
    const name = PLATFORM_TABLE[platform].record;
    return (await listConnections(user.workspaceId)).some((c) => c.platform === name && c.isActive);
  }

  async function disconnect(user: AuthUser, id: string): Promise<string> {
    const removed = await deleteConnection(user.workspaceId, id);
    if (!removed) throw new NotFoundError(CONNECTION_TEXTS.notFound);
    log.info('platform disconnected', {
      userId: user.workspaceId,
      connectionId: id,
      platform: removed.platform,
    });
    return CONNECTION_TEXTS.disconnected(platformLabel(removed.platform));
  }
}
