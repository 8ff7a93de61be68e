import * as z from 'zod/mini';
import {
  CONNECTION_TEXTS,
  type PlatformConnection,
  type PlatformCookie,
  type SyncInput,
  syncInput,
} from '../../shared/connections';
import { platformInPlan, upgradeHint } from '../../shared/plan-policy';
import { type Platform, platformLabel, platformOfRecord } from '../../shared/platforms';
import { findUserById } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import {
  type AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
} from '../core/errors';
import type { Logger } from '../core/logger';
import type { KeysPort } from '../core/ports/keys';
import type { RunResumer } from '../jobs/job-state';
import {
  type checkPlatformSession,
  type PlatformSessionCheck,
  type PlatformSessionCookie,
  platformSessionSpecs,
} from '../platforms/session-check';
import {
  findConnection,
  publicConnection,
  recordValidation,
  type StoredConnection,
  upsertConnection,
} from './connection-repository';

/**
 * Platform connections' sessions: validate, sync and the sandbox connect (spec 2.11, 3, 7, 8; DESIGN 5).
 * Cookies are sealed with the key port under the context {userId, accountId, platform} and opened only
 * to check the session; no function here logs or returns them. Listing, checking and deleting
 * connections need neither keys nor the platforms: connection-records-service.ts, so those routes'
 * bundles carry neither.
 */
export interface ConnectionDeps {
  log: Logger;
  keys: KeysPort;
  now: () => Date;
  /** Asks the platform whose session the cookies are (platforms/session-check.ts). */
  check: typeof checkPlatformSession;
  /** Jobs the platform stopped continue once the session is synced again (functions/jobs/resume-service.ts). */
  resume: Pick<RunResumer, 'resumeAfterSync'>;
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

type SessionFailure = Extract<PlatformSessionCheck, { ok: false }>;

export const encryptionContext = (userId: string, accountId: string, platform: Platform) => ({
  userId,
  accountId,
  platform,
});

/** What the user reads when a platform will not take the session, by reason. */
export function sessionFailureMessage(platform: Platform, failure: SessionFailure): string {
  const label = platformLabel(platform);
  switch (failure.reason) {
    case 'expired':
      return `The ${label} session has expired. Sign in to ${label} and sync again.`;
    case 'challenge':
      return `${label} asked for a security check. Complete it in your browser, then sync again.`;
    case 'refused':
      return `${label} refused the session. Sign in to ${label} again and sync again.`;
    case 'unreachable':
      return `${label} could not be reached. Please try again later.`;
  }
}

function sessionError(platform: Platform, failure: SessionFailure): AppError {
  const message = sessionFailureMessage(platform, failure);
  return failure.reason === 'unreachable' ? new ServiceUnavailableError(message) : new ConflictError(message);
}

function platformOf(stored: StoredConnection): Platform {
  const platform = platformOfRecord(stored.platform);
  if (!platform) throw new Error(`Unknown platform on a stored connection: ${stored.platform}`);
  return platform;
}

async function ownConnection(userId: string, id: string): Promise<StoredConnection> {
  const stored = await findConnection(userId, id);
  if (!stored) throw new NotFoundError(CONNECTION_TEXTS.notFound);
  return stored;
}

/**
 * Refuses a platform the plan does not include (spec 9: FREE and BASE cover LinkedIn only; DECISIONS
 * 21: Instagram follows twitter's row, with the same refusal and upgrade hint).
 */
export function assertPlatformInPlan(plan: string | undefined, platform: Platform): void {
  if (!platformInPlan(plan, platform)) {
    throw new ForbiddenError(CONNECTION_TEXTS.notInPlan(platformLabel(platform), upgradeHint(plan)));
  }
}

async function refuseIfNotInPlan(user: AuthUser, platform: Platform): Promise<void> {
  assertPlatformInPlan((await findUserById(user.workspaceId))?.plan, platform);
}

/** The sandbox site's URL when the local cloud (or a configured stage) set it. */
export function sandboxUrlFor(
  platform: Platform,
  source: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return source[platformSessionSpecs[platform].sandboxUrlEnv] || undefined;
}

const SANDBOX_SESSIONS_PATH = '/__sandbox/sessions';

/** A User-Agent the extension's sync would accept (syncInput's rule), so the sandbox may issue to it. */
const acceptedUserAgent = (userAgent: string | undefined): userAgent is string =>
  z.safeParse(syncInput.shape.userAgent, userAgent).success;

interface SandboxSession {
  cookies: PlatformCookie[];
  userAgent: string;
}

export function createConnectionService({ log, keys, now, check, resume }: ConnectionDeps) {
  return { validate, sync, connectSandbox };

  /** Re-checks the stored session with the platform; the outcome is saved whichever way it goes. */
  async function validate(
    user: AuthUser,
    id: string,
  ): Promise<{ connection: PlatformConnection; message: string }> {
    const stored = await ownConnection(user.workspaceId, id);
    const platform = platformOf(stored);
    const cookies = JSON.parse(
      await keys.decrypt(
        stored.sealedCookies,
        encryptionContext(user.workspaceId, stored.accountId, platform),
      ),
    ) as PlatformSessionCookie[];
    let result = await check(platform, cookies, stored.userAgent);
    if (result.ok && result.accountId !== stored.accountId) {
      result = { ok: false, reason: 'refused', detail: 'the session now belongs to another account' };
    }
    const at = now().toISOString();
    if (!result.ok) {
      const message = sessionFailureMessage(platform, result);
      const saved = await recordValidation(user.workspaceId, id, { ok: false, error: message, now: at });
      if (!saved) throw new NotFoundError(CONNECTION_TEXTS.notFound);
      log.info('platform validation failed', {
        userId: user.workspaceId,
        connectionId: id,
        platform,
        reason: result.reason,
        detail: result.detail,
        errorCount: saved.errorCount,
      });
      throw sessionError(platform, result);
    }
    const saved = await recordValidation(user.workspaceId, id, { ok: true, now: at });
    if (!saved) throw new NotFoundError(CONNECTION_TEXTS.notFound);
    log.info('platform validated', { userId: user.workspaceId, connectionId: id, platform });
    return {
      connection: publicConnection(saved),
      message: CONNECTION_TEXTS.validated(platformLabel(platform)),
    };
  }

  /**
   * The extension's sync (and the sandbox connect): the platform says whose session it is, so the
   * client's account id is never trusted; then one item per (user, platform, account) is written.
   */
  async function sync(
    user: AuthUser,
    input: SyncInput,
  ): Promise<{ connection: PlatformConnection; created: boolean; message: string }> {
    const { platform } = input;
    await refuseIfNotInPlan(user, platform);
    const cookies = input.cookies.map(
      ({ name, value, domain, path, expires, httpOnly, secure }: PlatformCookie) => ({
        name,
        value,
        ...(domain === undefined ? {} : { domain }),
        ...(path === undefined ? {} : { path }),
        ...(expires === undefined ? {} : { expires }),
        ...(httpOnly === undefined ? {} : { httpOnly }),
        ...(secure === undefined ? {} : { secure }),
      }),
    );
    const result = await check(platform, cookies, input.userAgent);
    if (!result.ok) {
      log.info('platform sync refused', {
        userId: user.workspaceId,
        platform,
        reason: result.reason,
        detail: result.detail,
      });
      throw sessionError(platform, result);
    }
    const sealedCookies = await keys.encrypt(
      JSON.stringify(cookies),
      encryptionContext(user.workspaceId, result.accountId, platform),
    );
    const { connection, created } = await upsertConnection({
      userId: user.workspaceId,
      platform,
      accountId: result.accountId,
      accountUsername: result.accountUsername,
      profileUrl: result.profileUrl,
      userAgent: input.userAgent,
      sealedCookies,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      now: now().toISOString(),
    });
    // A failed resume must not fail the sync: the paused jobs stay resumable by the next sync.
    await resume
      .resumeAfterSync(user.workspaceId, platform)
      .catch((error: unknown) =>
        log.error('paused jobs not resumed', { userId: user.workspaceId, platform, error }),
      );
    log.info(created ? 'platform connected' : 'platform re-synced', {
      userId: user.workspaceId,
      connectionId: connection.id,
      platform,
    });
    const label = platformLabel(platform);
    return {
      connection: publicConnection(connection),
      created,
      message: created ? CONNECTION_TEXTS.connected(label) : CONNECTION_TEXTS.updated(label),
    };
  }

  /**
   * 'Connect sandbox account': the sandbox site issues a session for its seeded owner, which then goes
   * through the very same path as the extension's sync. Off (404) wherever no sandbox URL is set. The
   * session is issued to the caller's browser (its User-Agent, when it is one a sync would accept; else
   * the sandbox's own), so the stored connection looks like one the extension synced from that browser.
   */
  async function connectSandbox(
    user: AuthUser,
    platform: Platform,
    { timeZone, browserUserAgent }: { timeZone?: string; browserUserAgent?: string } = {},
  ): Promise<{ connection: PlatformConnection; created: boolean; message: string }> {
    const base = sandboxUrlFor(platform);
    if (!base) throw new NotFoundError(CONNECTION_TEXTS.sandboxUnavailable);
    // Before asking the sandbox for a session, so a refused plan leaves no stray session behind.
    await refuseIfNotInPlan(user, platform);
    let session: SandboxSession;
    try {
      const res = await fetch(`${base.replace(/\/$/, '')}${SANDBOX_SESSIONS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(acceptedUserAgent(browserUserAgent) ? { userAgent: browserUserAgent } : {}),
        signal: AbortSignal.timeout(8000),
      });
      if (res.status !== 201) throw new Error(`sandbox answered ${res.status}`);
      session = (await res.json()) as SandboxSession;
    } catch (error) {
      log.warn('sandbox session failed', { platform, error: (error as Error).message });
      throw new ServiceUnavailableError(`The ${platformLabel(platform)} sandbox could not be reached.`);
    }
    return sync(user, {
      platform,
      cookies: session.cookies,
      userAgent: session.userAgent,
      ...(timeZone ? { timeZone } : {}),
    });
  }
}
