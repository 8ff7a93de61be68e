import { FLOW_API_TEXTS } from '../../shared/flow-api';
import { AUDIENCE_API_TEXTS, type Audience, audienceFacets } from '../../shared/flow-audience';
import type { TargetingSettings } from '../../shared/flows';
import { planOrFree } from '../../shared/plan-policy';
import { type Platform, platformLabel } from '../../shared/platforms';
import { RUN_TEXTS } from '../../shared/run-texts';
import { findUserById } from '../auth/user-service';
import type { PlatformSession, PlatformSessions } from '../connections/platform-sessions';
import type { AuthUser } from '../core/auth';
import { ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../core/errors';
import type { Logger } from '../core/logger';
import { BrowserMissingError, type openPlatformPage, type PlatformPage } from '../platforms/browser';
import { PlatformStop } from '../platforms/driver-types';
import { platformBaseUrl } from '../platforms/session-check';
import type { BudgetAccount } from '../safety/budget-service';
import type { Governor } from '../safety/governor';
import { findAudienceCount, saveAudienceCount } from './audience-repository';
import { flowDriverFor } from './flow-drivers';

/**
 * The setup wizard's audience preview (issue 36 point 2): how many people the platform finds for a
 * targeting's facets. PLUS only, like every flow route. It reads the platform as a flow's run does, in
 * the workspace's connected account, through that account's governor: one search (a 'searches' take,
 * paced like any read), whose result count is the answer. A refused take makes no search and says so
 * ('no-budget'); a count is kept 10 minutes per account and facets (audience-repository.ts), so going
 * back to an earlier audience costs no search.
 */
export interface AudienceDeps {
  log: Logger;
  now: () => Date;
  /** The connected accounts' platform sessions (functions/connections/platform-sessions.ts). */
  sessions: PlatformSessions;
  /** The account's governor (safety/governor.ts), on its own clock. */
  governorFor(
    account: BudgetAccount,
    platform: Platform,
    timeZone: string | null | undefined,
  ): Pick<Governor, 'take' | 'giveBack' | 'pace' | 'rest'>;
  /** Opens the platform in the session's cookies (platforms/browser.ts). */
  openPage: typeof openPlatformPage;
}

/** Flows run on LinkedIn only: its people search is what the wizard's facets are made for. */
const PLATFORM: Platform = 'linkedin';

/**
 * The landing page's limit: with Chromium's start, the pace and the search, the answer stays within the
 * HTTP API's 29 s (the function's timeout, lib/api-stack.ts).
 */
const PAGE_TIMEOUT_MS = 12_000;

export type AudienceService = ReturnType<typeof createAudienceService>;

export function createAudienceService(deps: AudienceDeps) {
  const { log, now, sessions } = deps;
  return { count };

  async function count(authUser: AuthUser, targeting: TargetingSettings): Promise<Audience> {
    const workspaceId = authUser.workspaceId;
    const owner = await findUserById(workspaceId);
    if (!owner) throw new UnauthorizedError();
    // DECISIONS 3: the setup screen and its calls need PLUS exactly.
    if (planOrFree(owner.plan) !== 'PLUS') throw new ForbiddenError(FLOW_API_TEXTS.plusOnly);
    const found = await sessions.get(workspaceId, PLATFORM);
    if (found.kind === 'missing') return { count: null, state: 'no-connection' };
    // The platform ended the session: it needs the extension's fresh cookies, as a run would say.
    if (found.kind === 'retired') return { count: null, state: 'needs-attention' };
    const { session } = found;
    const { connection, cookies } = session;

    const facets = audienceFacets(targeting);
    const account = { workspaceId, connectionId: connection.id };
    const kept = await findAudienceCount(account, facets, now());
    if (kept !== undefined) return { count: kept, state: 'counted' };

    const driver = flowDriverFor(PLATFORM, cookies);
    if (!driver) throw new Error(`No flow driver for ${PLATFORM}`);
    const governor = deps.governorFor(account, PLATFORM, connection.timeZone);
    const action = driver.actions.search;
    const take = await governor.take(action);
    if (!take.ok) return { count: null, state: 'no-budget', retryAt: take.until.toISOString() };

    let searched = false;
    let page: PlatformPage | undefined;
    try {
      page = await deps.openPage({
        baseUrl: platformBaseUrl(PLATFORM),
        landingPath: driver.landingPath,
        cookies,
        userAgent: connection.userAgent,
        timeoutMs: PAGE_TIMEOUT_MS,
      });
      const wall = driver.wallAt(page.landedAt);
      if (wall) throw new PlatformStop(wall, `the landing page ended at a ${wall} wall`);
      await governor.pace(action);
      searched = true;
      const found = await driver.search(page, facets);
      // The platform's count; a search that fits one page may leave it out.
      const total = found.total ?? (found.next === undefined ? found.people.length : undefined);
      if (total === undefined) throw new PlatformStop('changed', 'the search answered no result count');
      await saveAudienceCount(account, facets, total, now());
      log.info('audience counted', { connectionId: connection.id, count: total });
      return { count: total, state: 'counted' };
    } catch (error) {
      // A take no search used goes back to the budget.
      if (!searched) {
        await governor.giveBack(action, 1, take.takenAt).catch((giveBackError: unknown) => {
          log.warn('search budget not given back', { error: giveBackError });
        });
      }
      if (error instanceof PlatformStop) return stopped(error, session, governor, action);
      if (error instanceof BrowserMissingError) {
        log.error('no browser to count the audience', { path: error.path });
        throw new ServiceUnavailableError(AUDIENCE_API_TEXTS.failed);
      }
      throw error;
    } finally {
      await page?.close();
    }
  }

  /** What the platform's stop means for the preview: as a run would take it, without a count. */
  async function stopped(
    stop: PlatformStop,
    session: PlatformSession,
    governor: Pick<Governor, 'rest'>,
    action: Parameters<Governor['rest']>[0],
  ): Promise<Audience> {
    log.warn('platform stopped the audience count', { reason: stop.reason, detail: stop.detail });
    if (stop.reason === 'rate-limited') {
      // The platform's limit rests the account's searches, every run's too.
      const until = await governor.rest(action, stop.retryAt);
      return { count: null, state: 'no-budget', retryAt: until.toISOString() };
    }
    if (stop.reason === 'challenge') {
      await sessions.markBad(session, RUN_TEXTS.challenge(platformLabel(PLATFORM)));
      return { count: null, state: 'needs-attention' };
    }
    if (stop.reason === 'expired') {
      await sessions.retire(session, RUN_TEXTS.expired(platformLabel(PLATFORM)));
      return { count: null, state: 'needs-attention' };
    }
    throw new ServiceUnavailableError(AUDIENCE_API_TEXTS.failed);
  }
}
