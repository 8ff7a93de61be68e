import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FieldIssue } from '../../shared/api-error';
import {
  AUTOMATION_TEXTS,
  type Automation,
  isFinishedStatus,
  JOB_TEXTS,
  type Job,
  NEW_JOB_PROGRESS,
  type StartAutomationInput,
} from '../../shared/automations';
import { validateConfig } from '../../shared/config-validation';
import {
  automationLimitMessage,
  countsAsRunning,
  EXPORT_FORMAT_FIELD,
  exportFormatInPlan,
  exportFormatNotInPlan,
  limitsFor,
  mayCreateAutomation,
  startRefusal,
} from '../../shared/plan-policy';
import { platformLabel } from '../../shared/platforms';
import { RUN_TEXTS } from '../../shared/run-texts';
import { findUserById } from '../auth/user-service';
import { findTemplate, incrementUsage } from '../catalog/template-service';
import type { ConnectionRecordsService } from '../connections/connection-records-service';
import { assertPlatformInPlan } from '../connections/connection-service';
import type { AuthUser } from '../core/auth';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../core/errors';
import type { Logger } from '../core/logger';
import { insertAutomation, readStartGuard, restartFinished } from '../jobs/job-state';
import {
  findAutomation,
  listAutomations,
  publicAutomation,
  type StoredAutomation,
} from './automation-repository';
import { jobOf } from './job-service';
import { nextRunAfter } from './trob-schedule';

export interface AutomationDeps {
  log: Logger;
  now: () => Date;
  /** Check 5: the template's platform is connected. */
  connections: Pick<ConnectionRecordsService, 'isConnected'>;
}

export type AutomationService = ReturnType<typeof createAutomationService>;

/**
 * A start beaten to the guard by another start of the same user counts again and tries again, at most
 * this many attempts in all; only then is it the 'starting at the same time' conflict. Each round of
 * attempts lets one start through, so many starts at once (15 on PLUS) need the attempts spread out:
 * after a loss a start waits a random time below a doubling window (full jitter), so the losers of one
 * round do not all meet again in the next. The waits add up to 4.4 s at most (about half that on
 * average), inside the route's 10 s; two starts at once need one retry.
 */
const GUARD_ATTEMPTS = 10;
const GUARD_BACKOFF_MS = 20;
const GUARD_BACKOFF_CAP_MS = 800;

/** The wait before retry `attempt` (1 for the first): random in [0, min(cap, base * 2^attempt)) ms. */
function guardBackoffMs(attempt: number): number {
  return Math.floor(Math.random() * Math.min(GUARD_BACKOFF_CAP_MS, GUARD_BACKOFF_MS * 2 ** attempt));
}

export function createAutomationService({ log, now, connections }: AutomationDeps) {
  return { startAutomation, runAgain, runAgainAsJob };

  async function runAgainAsJob(authUser: AuthUser, automationId: string): Promise<Job> {
    return jobOf(await runAgainStored(authUser, automationId));
  }

  /**
   * The start checks of spec 5 in the spec's order (the sixth, a stored access token, is the route's
   * own sign-in check), then the configuration against the template's schema. Shared by a first start
   * and a run again (DECISIONS 23). The guard version read with the running count makes the write fail
   * if another start of this user lands in between; then the limit is counted again.
   */
  async function checkStart(authUser: AuthUser, templateId: string, configInput: unknown) {
    const [user, template] = await Promise.all([
      findUserById(authUser.workspaceId),
      findTemplate(templateId),
    ]);
    if (!user) throw new UnauthorizedError();
    if (!template) throw new NotFoundError(AUTOMATION_TEXTS.templateNotFound);
    const plan = user.plan;
    const readLimitState = async () => {
      const guard = await readStartGuard(user.id);
      const automations = await listAutomations(user.id, { consistent: true });
      return { guard, running: automations.filter((a) => countsAsRunning(a.status)).length };
    };
    const state = await readLimitState();
    // 1-4. Trial, automation limit (DECISIONS 20), smart flows, flows: the rule the browser shows too.
    const refusal = startRefusal(user, template, state.running, now());
    if (refusal) throw new ForbiddenError(refusal.message);
    // 5. The platform: in the plan and connected.
    assertPlatformInPlan(plan, template.platform);
    if (!(await connections.isConnected(authUser, template.platform))) {
      throw new ConflictError(AUTOMATION_TEXTS.connectPlatform(platformLabel(template.platform)));
    }
    // The configuration the runner will trust.
    const { config, issues } = validateConfig(template.configSchema, configInput);
    issues.push(...exportFormatIssues(plan, config));
    if (issues.length > 0) {
      const prefixed: FieldIssue[] = issues.map((issue) => ({ ...issue, path: `config.${issue.path}` }));
      throw new ValidationError(prefixed[0]?.message ?? AUTOMATION_TEXTS.invalidConfig, prefixed);
    }
    return { user, template, plan, config, state, readLimitState };
  }

  /**
   * Runs `write` with the guard version until it wins the guard, waiting a jittered moment and counting
   * the limit again after every loss (another start of the same user landed in between): starts the plan
   * allows all go through, one more than the limit gets the limit's refusal, never the conflict.
   */
  async function underGuard<T>(
    checked: Awaited<ReturnType<typeof checkStart>>,
    write: (guard: number) => Promise<T | undefined>,
  ): Promise<T> {
    const limit = limitsFor(checked.plan).concurrentAutomations;
    let { guard, running } = checked.state;
    for (let attempt = 0; attempt < GUARD_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        await sleep(guardBackoffMs(attempt));
        ({ guard, running } = await checked.readLimitState());
        if (!mayCreateAutomation(checked.plan, running))
          throw new ForbiddenError(automationLimitMessage(limit));
      }
      const written = await write(guard);
      if (written !== undefined) return written;
    }
    log.warn('start guard lost on every attempt', { attempts: GUARD_ATTEMPTS });
    throw new ConflictError('Another automation is starting at the same time. Please try again.');
  }

  /**
   * `POST /api/automation/start`. The automation is stored on the unsent index: the run
   * dispatch puts a recurring one's schedule and sends its run message (run-dispatch-service.ts).
   */
  async function startAutomation(authUser: AuthUser, input: StartAutomationInput): Promise<Automation> {
    const checked = await checkStart(authUser, input.templateId, input.config);
    const { user, template, config } = checked;
    const automation = await underGuard(checked, async (guard) => {
      const started = now();
      const at = started.toISOString();
      const id = randomUUID();
      const fresh: StoredAutomation = {
        id,
        jobId: id,
        userId: user.id,
        templateId: template.id,
        displayName: template.displayName,
        platform: template.platform,
        status: 'pending',
        config,
        createdAt: at,
        updatedAt: at,
        ...NEW_JOB_PROGRESS,
        message: RUN_TEXTS.queued,
        ...(input.interval
          ? { interval: input.interval, nextRunAt: nextRunAfter(started, input.interval) }
          : {}),
      };
      return (await insertAutomation(fresh, guard)) ? fresh : undefined;
    });
    // The count of starts behind 'usage': a failure here must not fail a start that is already stored.
    await incrementUsage(template.id).catch((error: unknown) =>
      log.warn('usage count not incremented', { templateId: template.id, error }),
    );
    log.info('automation started', { automationId: automation.id, templateId: template.id });
    return publicAutomation(automation);
  }

  /**
   * `POST /api/jobs` (DECISIONS 23): a finished automation runs again, with the same checks as a first
   * start. Its job starts over from the first page; leads are keyed by profile, so the dataset grows
   * without duplicates.
   */
  async function runAgain(authUser: AuthUser, automationId: string): Promise<Automation> {
    return publicAutomation(await runAgainStored(authUser, automationId));
  }

  async function runAgainStored(authUser: AuthUser, automationId: string): Promise<StoredAutomation> {
    const existing = await findAutomation(authUser.workspaceId, automationId);
    if (!existing) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    if (!isFinishedStatus(existing.status)) throw new ConflictError(JOB_TEXTS.notFinished);
    const checked = await checkStart(authUser, existing.templateId, existing.config);
    const restarted = await underGuard(checked, async (guard) => {
      const outcome = await restartFinished(existing, guard, now().toISOString(), RUN_TEXTS.queued);
      if (outcome === 'not-finished') throw new ConflictError(JOB_TEXTS.notFinished);
      return outcome === 'lost-guard' ? undefined : outcome;
    });
    log.info('automation run again', { automationId, segment: restarted.queuedSegment });
    return restarted;
  }
}

/** DECISIONS 2: the export formats of the plan table (FREE and BASE export CSV only). */
function exportFormatIssues(plan: string | undefined, config: Record<string, unknown>): FieldIssue[] {
  const format = (config.exportSettings as { format?: unknown } | undefined)?.format;
  if (typeof format !== 'string' || exportFormatInPlan(plan, format)) return [];
  return [{ path: EXPORT_FORMAT_FIELD, message: exportFormatNotInPlan(plan, format) }];
}
