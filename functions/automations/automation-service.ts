import { randomUUID } from 'node:crypto';
import type { FieldIssue } from '../../shared/api-error';
import { AUTOMATION_TEXTS, type Automation, type StartAutomationInput } from '../../shared/automations';
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
import { findUserById } from '../auth/user-repository';
import { findTemplate, incrementUsage } from '../catalog/catalog-repository';
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
import {
  insertAutomation,
  listAutomations,
  NEW_JOB_PROGRESS,
  publicAutomation,
  readStartGuard,
  type StoredAutomation,
} from './automation-repository';
import type { RunDispatchService } from './run-dispatch-service';

export interface AutomationDeps {
  log: Logger;
  now: () => Date;
  /** Sends the run message once the automation is stored. */
  runs: Pick<RunDispatchService, 'sendRun'>;
  /** Check 5: the template's platform is connected. */
  connections: Pick<ConnectionRecordsService, 'isConnected'>;
}

export type AutomationService = ReturnType<typeof createAutomationService>;

/** Starts beaten to the guard by another start of the same user are counted again, this many times. */
const GUARD_ATTEMPTS = 5;

export function createAutomationService({ log, now, runs, connections }: AutomationDeps) {
  return { startAutomation };

  /**
   * `POST /api/automation/start`: the checks of spec 5 in the spec's order (the sixth, a stored access
   * token, is the route's own sign-in check), then the configuration against the template's schema.
   * The automation is stored before its run message is sent, so a failed send leaves it on the unsent
   * index for the sweep (run-dispatch-service.ts) rather than losing it.
   */
  async function startAutomation(authUser: AuthUser, input: StartAutomationInput): Promise<Automation> {
    const [user, template] = await Promise.all([findUserById(authUser.id), findTemplate(input.templateId)]);
    if (!user) throw new UnauthorizedError();
    if (!template) throw new NotFoundError(AUTOMATION_TEXTS.templateNotFound);
    const plan = user.plan;

    // 1-4. Trial, automation limit (DECISIONS 20), smart flows, flows: the rule the browser shows too.
    //      The guard version read with the running count makes the write below fail if another start
    //      of this user lands in between; then the limit is counted again.
    const readLimitState = async () => {
      const guard = await readStartGuard(user.id);
      const automations = await listAutomations(user.id, { consistent: true });
      return { guard, running: automations.filter((a) => countsAsRunning(a.status)).length };
    };
    let { guard, running } = await readLimitState();
    const refusal = startRefusal(user, template, running, now());
    if (refusal) throw new ForbiddenError(refusal.message);
    // 5. The platform: in the plan and connected.
    assertPlatformInPlan(plan, template.platform);
    if (!(await connections.isConnected(authUser, template.platform))) {
      throw new ConflictError(AUTOMATION_TEXTS.connectPlatform(platformLabel(template.platform)));
    }
    // The configuration the runner will trust.
    const { config, issues } = validateConfig(template.configSchema, input.config);
    issues.push(...exportFormatIssues(plan, config));
    if (issues.length > 0) {
      const prefixed: FieldIssue[] = issues.map((issue) => ({ ...issue, path: `config.${issue.path}` }));
      throw new ValidationError(prefixed[0]?.message ?? AUTOMATION_TEXTS.invalidConfig, prefixed);
    }

    const limit = limitsFor(plan).concurrentAutomations;
    for (let attempt = 0; attempt < GUARD_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        ({ guard, running } = await readLimitState());
        if (!mayCreateAutomation(plan, running)) throw new ForbiddenError(automationLimitMessage(limit));
      }
      const at = now().toISOString();
      const id = randomUUID();
      const automation: StoredAutomation = {
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
      };
      if (!(await insertAutomation(automation, guard))) continue;

      await runs.sendRun(automation);
      // The count of starts behind 'usage': a failure here must not fail a start that is already stored.
      await incrementUsage(template.id).catch((error: unknown) =>
        log.warn('usage count not incremented', { templateId: template.id, error }),
      );
      log.info('automation started', { automationId: id, templateId: template.id });
      return publicAutomation(automation);
    }
    throw new ConflictError('Another automation is starting at the same time. Please try again.');
  }
}

/** DECISIONS 2: the export formats of the plan table (FREE and BASE export CSV only). */
function exportFormatIssues(plan: string | undefined, config: Record<string, unknown>): FieldIssue[] {
  const format = (config.exportSettings as { format?: unknown } | undefined)?.format;
  if (typeof format !== 'string' || exportFormatInPlan(plan, format)) return [];
  return [{ path: EXPORT_FORMAT_FIELD, message: exportFormatNotInPlan(plan, format) }];
}
