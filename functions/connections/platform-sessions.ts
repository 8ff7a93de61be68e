import { PLATFORM_TABLE, type Platform } from '../../shared/platforms';
import type { KeysPort } from '../core/ports/keys';
import type { BrowserCookie } from '../platforms/browser';
import {
  listConnections,
  recordValidation,
  retireSession,
  type StoredConnection,
} from './connection-repository';
import { encryptionContext } from './connection-service';

/** A connected account's cookie session on its platform, ready for a browser. */
export interface PlatformSession {
  connection: StoredConnection;
  cookies: BrowserCookie[];
}

/** What `get` finds: a session, none (not connected), or one the platform ended (retired). */
export type SessionLookup =
  | { kind: 'ready'; session: PlatformSession }
  | { kind: 'missing' }
  | { kind: 'retired' };

/**
 * The platform sessions of a workspace's connected accounts, as Crawlee's session pool keeps its
 * sessions (issue 37 point 3): the engine gets one, marks it bad when the platform challenges it, and
 * retires it when the platform ends it. Cookie decryption and the connection's state are this module's
 * alone; the engine only asks.
 */
export interface PlatformSessions {
  get(workspaceId: string, platform: Platform): Promise<SessionLookup>;
  /** The platform challenged the session: the connection needs its user (a failed validation), and may come back as it is. */
  markBad(session: PlatformSession, reason: string): Promise<void>;
  /** The platform ended the session: none is handed out again until the extension syncs fresh cookies. */
  retire(session: PlatformSession, reason: string): Promise<void>;
}

export function createPlatformSessions(deps: {
  keys: Pick<KeysPort, 'decrypt'>;
  now: () => Date;
}): PlatformSessions {
  return {
    async get(workspaceId, platform) {
      const record = PLATFORM_TABLE[platform].record;
      const connection = (await listConnections(workspaceId)).find(
        (c) => c.platform === record && c.isActive,
      );
      if (!connection) return { kind: 'missing' };
      if (connection.retiredAt) return { kind: 'retired' };
      const cookies = JSON.parse(
        await deps.keys.decrypt(
          connection.sealedCookies,
          encryptionContext(workspaceId, connection.accountId, platform),
        ),
      ) as BrowserCookie[];
      return { kind: 'ready', session: { connection, cookies } };
    },
    async markBad({ connection }, reason) {
      await recordValidation(connection.userId, connection.id, {
        ok: false,
        error: reason,
        now: deps.now().toISOString(),
      });
    },
    async retire({ connection }, reason) {
      await retireSession(connection.userId, connection.id, { error: reason, now: deps.now().toISOString() });
    },
  };
}
