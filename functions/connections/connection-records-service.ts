import { CONNECTION_TEXTS, type PlatformConnection } from '../../shared/connections';
import { PLATFORM_TABLE, type Platform, platformLabel } from '../../shared/platforms';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import type { Logger } from '../core/logger';
import { deleteConnection, listConnections, publicConnection } from './connection-repository';

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

  async function listPlatforms(user: AuthUser): Promise<PlatformConnection[]> {
    return (await listConnections(user.workspaceId)).map(publicConnection);
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
