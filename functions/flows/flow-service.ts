import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTOMATION_TEXTS, NEW_JOB_PROGRESS } from '../../shared/automations-values';
import {
  type CreateFlowInput,
  FLOW_API_TEXTS,
  type Flow,
  type FlowStatus,
  flowStatusOf,
  type ListFlowsQuery,
} from '../../shared/flow-api';
import { defaultFlowName, uniqueFlowName } from '../../shared/flow-name';
import { FLOW_TEXTS, type FlowConfig, type FlowTemplateDefinition } from '../../shared/flows';
import { isFinishedStatus, statusesBefore } from '../../shared/job-lifecycle';
import { countsAsRunning, limitsFor, planOrFree, TRIAL_FLOW_EXECUTION_LIMIT } from '../../shared/plan-policy';
import { platformLabel } from '../../shared/platforms';
import { DEFAULT_REVIEW_MODE, reviewModeOf } from '../../shared/review';
import { findUserById, takeTrialFlowExecution } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SchedulerPort } from '../core/ports/scheduler';
import {
  insertAutomation,
  readStartGuard,
  resumeBetweenRuns,
  setJobStatusByUser,
  startScheduledJob,
} from '../jobs/job-state';
import { type FlowTotal, findFlow, listFlows, renameFlow, type StoredFlow } from './flow-repository';
import { closeReviewQueue } from './review-repository';
import { flowExecutionOf, flowScheduleName, nextFlowRunAt, nextFlowSchedule } from './run/flow-schedule';

/**
 * The flows API (part 2 sections 2.1-2.3, 4, 7; DECISIONS 3, 4, 15, 24, 27). A flow is stored as an
 * automation of kind 'flow' and its status moves by the lifecycle of shared/job-lifecycle.ts, written
 * by functions/jobs/ only:
 *  - a start stores it on the unsent index, so the run dispatch sends its first run at once (within
 *    the spec's 5 minutes) and puts its schedule: one `at()` for the next run in its working hours;
 *  - pause takes the schedule away; resume puts it back (between runs), or continues the run it paused;
 *  - stop (DELETE, DECISIONS 15) ends it for good, shown as COMPLETED;
 *  - execute starts its next run now, unless one still runs (DECISIONS 27);
 *  - rename gives it another name (issue 36 point 7), never one another flow of the workspace has.
 * A start lives in its own service (`createFlowStartService`): it alone reads LinkedIn's industries, for
 * the default name, and they stay out of the other flow routes' bundles.
 */
export interface FlowDeps {
  log: Logger;
  now: () => Date;
  scheduler: Pick<SchedulerPort, 'put' | 'remove'>;
  templates: { find(id: string): FlowTemplateDefinition | undefined };
}

/** A start that loses the start guard to another start of the user counts again, this many times. */
const GUARD_ATTEMPTS = 5;

/** A start's wiring: the connection it needs, and LinkedIn's industry labels, which name a flow by default. */
export interface FlowStartDeps extends Pick<FlowDeps, 'log' | 'now' | 'templates'> {
  connections: {
    isConnected(user: AuthUser, platform: FlowTemplateDefinition['platform']): Promise<boolean>;
  };
  industries: { label(value: string): string | undefined };
}

/** `POST /api/flows`: PLUS only, the plan's flows at once, the template's platform connected. */
export function createFlowStartService(deps: FlowStartDeps) {
  const { log, now, templates, connections, industries } = deps;
  return { create };

  async function create(authUser: AuthUser, input: CreateFlowInput): Promise<Flow> {
    const user = await findUserById(authUser.workspaceId);
    if (!user) throw new UnauthorizedError();
    const plan = planOrFree(user.plan);
    // DECISIONS 3: the setup screen and its call need PLUS exactly.
    if (plan !== 'PLUS') throw new ForbiddenError(FLOW_API_TEXTS.plusOnly);
    const template = templates.find(input.templateId);
    if (!template) throw new NotFoundError(FLOW_API_TEXTS.templateNotFound);
    if (!(await connections.isConnected(authUser, template.platform)))
      throw new ConflictError(AUTOMATION_TEXTS.connectPlatform(platformLabel(template.platform)));
    const limit = limitsFor(plan).smartFlows;
    const targeting = input.config.targetingSettings;
    const firstIndustry = targeting.industries[0];
    const name =
      input.name ??
      defaultFlowName(template.displayName, {
        industry: firstIndustry === undefined ? undefined : industries.label(firstIndustry),
        keywords: targeting.keywords,
      });
    for (let attempt = 0; attempt < GUARD_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(Math.random() * 50 * 2 ** attempt);
      const guard = await readStartGuard(user.id);
      const existing = await listFlows(user.id, { consistent: true });
      const running = existing.filter((f) => countsAsRunning(f.status)).length;
      if (running >= limit) throw new ForbiddenError(FLOW_API_TEXTS.limit(limit));
      const started = now();
      const at = started.toISOString();
      const id = randomUUID();
      const flow: StoredFlow = {
        id,
        jobId: id,
        userId: user.id,
        kind: 'flow',
        templateId: template.id,
        // Stopped flows count: they are listed under 'Show stopped'. Two starts at once cannot both
        // take a name, since the start guard lets one of them in and the other reads the list again.
        displayName: uniqueFlowName(
          name,
          existing.map((f) => f.displayName),
        ),
        platform: template.platform,
        status: 'pending',
        config: withReviewMode(input.config) as unknown as Record<string, unknown>,
        createdAt: at,
        updatedAt: at,
        ...NEW_JOB_PROGRESS,
        message: 'Queued: the first run starts within 5 minutes',
        nextRunAt: nextFlowRunAt(started, flowExecutionOf({ config: input.config }), id).toISOString(),
      };
      if (await insertAutomation(flow, guard)) {
        log.info('flow started', { flowId: id, templateId: template.id });
        return publicFlow(flow, template);
      }
    }
    throw new ConflictError('Another flow or automation is starting at the same time. Please try again.');
  }
}

export function createFlowService(deps: FlowDeps) {
  const { log, now, scheduler, templates } = deps;
  return { list, get, rename, pause, resume, stop, execute };

  async function list(authUser: AuthUser, query: ListFlowsQuery): Promise<Flow[]> {
    return (await listFlows(authUser.workspaceId))
      .map((flow) => publicFlow(flow, templates.find(flow.templateId)))
      .filter((flow) => !query.status || flow.status === query.status)
      .filter((flow) => !query.templateId || flow.templateId === query.templateId);
  }

  async function get(authUser: AuthUser, id: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    return publicFlow(flow, templates.find(flow.templateId));
  }

  async function owned(authUser: AuthUser, id: string): Promise<StoredFlow> {
    const flow = await findFlow(authUser.workspaceId, id);
    if (!flow) throw new NotFoundError(FLOW_API_TEXTS.notFound);
    return flow;
  }

  /**
   * Issue 36 point 7: the flow's new name, with ' (2)', ' (3)'... when another flow of the workspace
   * (a stopped one too) has it; its own name keeps it. Any status: a name is no part of the lifecycle.
   */
  async function rename(authUser: AuthUser, id: string, name: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    const others = (await listFlows(authUser.workspaceId, { consistent: true })).filter((f) => f.id !== id);
    const displayName = uniqueFlowName(
      name,
      others.map((f) => f.displayName),
    );
    if (displayName === flow.displayName) return publicFlow(flow, templates.find(flow.templateId));
    const renamed = await renameFlow(authUser.workspaceId, id, displayName, now().toISOString());
    if (!renamed) throw new NotFoundError(FLOW_API_TEXTS.notFound);
    log.info('flow renamed', { flowId: id });
    return publicFlow(renamed, templates.find(flow.templateId));
  }

  /** Refuses a move the lifecycle does not allow from the flow's status, in the flow's words. */
  function refuse(flow: StoredFlow, action: string): never {
    throw new ConflictError(FLOW_API_TEXTS.cannotChange(flowStatusOf(flow.status), action));
  }

  async function pause(authUser: AuthUser, id: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    const from = statusesBefore('paused', 'user');
    if (!from.includes(flow.status)) refuse(flow, 'paused');
    const paused = await setJobStatusByUser(authUser.workspaceId, flow, {
      to: 'paused',
      from,
      at: now().toISOString(),
    });
    if (!paused) refuse((await findFlow(authUser.workspaceId, id)) ?? flow, 'paused');
    await scheduler.remove(flowScheduleName(id));
    log.info('flow paused', { flowId: id });
    return publicFlow(paused as StoredFlow, templates.find(flow.templateId));
  }

  async function resume(authUser: AuthUser, id: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    if (flow.status !== 'paused') refuse(flow, 'resumed');
    const at = now();
    if (flow.completedAt) {
      // Paused between runs: it waits for its next run in its working hours.
      const next = nextFlowSchedule(flow, at);
      const resumed = await resumeBetweenRuns(
        authUser.workspaceId,
        id,
        at.toISOString(),
        next.at.toISOString(),
      );
      if (!resumed) refuse((await findFlow(authUser.workspaceId, id)) ?? flow, 'resumed');
      await scheduler.put(next.spec);
      log.info('flow resumed between runs', { flowId: id });
      return publicFlow(resumed as StoredFlow, templates.find(flow.templateId));
    }
    // Paused during a run: the run continues from its checkpoint, sent by the run dispatch, which
    // also puts the schedule back.
    const resumed = await setJobStatusByUser(authUser.workspaceId, flow, {
      to: 'pending',
      from: ['paused'],
      at: at.toISOString(),
    });
    if (!resumed) refuse((await findFlow(authUser.workspaceId, id)) ?? flow, 'resumed');
    log.info('flow resumed', { flowId: id });
    return publicFlow(resumed as StoredFlow, templates.find(flow.templateId));
  }

  async function stop(authUser: AuthUser, id: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    const from = statusesBefore('cancelled', 'user');
    if (!from.includes(flow.status)) refuse(flow, 'stopped');
    // The run under way ends with the flow; a flow between runs has no run to end.
    const stopped = await setJobStatusByUser(authUser.workspaceId, flow, {
      to: 'cancelled',
      from,
      at: now().toISOString(),
    });
    if (!stopped) refuse((await findFlow(authUser.workspaceId, id)) ?? flow, 'stopped');
    await scheduler.remove(flowScheduleName(id));
    // Nothing in its review queue can go now: what waited (or was approved) expires with the flow.
    const expired = await closeReviewQueue(authUser.workspaceId, id, now().toISOString());
    log.info('flow stopped', { flowId: id, reviewExpired: expired });
    return publicFlow(stopped as StoredFlow, templates.find(flow.templateId));
  }

  async function execute(authUser: AuthUser, id: string): Promise<Flow> {
    const flow = await owned(authUser, id);
    if (flow.status === 'pending' || flow.status === 'running')
      throw new ConflictError(FLOW_API_TEXTS.runInProgress);
    if (flow.status !== 'active') refuse(flow, 'executed');
    const user = await findUserById(authUser.workspaceId);
    if (!user) throw new UnauthorizedError();
    // DECISIONS 4: a trial's executions are counted here, where the count holds.
    if (
      planOrFree(user.plan) === 'TRIAL' &&
      !(await takeTrialFlowExecution(user.id, TRIAL_FLOW_EXECUTION_LIMIT))
    )
      throw new ForbiddenError(FLOW_TEXTS.errors.trialLimit);
    const started = await startScheduledJob(authUser.workspaceId, id, now(), {
      trigger: 'execute',
      message: 'Starting the run you asked for',
    });
    if (!started) {
      const current = (await findFlow(authUser.workspaceId, id)) ?? flow;
      if (current.status === 'pending' || current.status === 'running')
        throw new ConflictError(FLOW_API_TEXTS.runInProgress);
      refuse(current, 'executed');
    }
    log.info('flow executed now', { flowId: id, jobId: started.jobId });
    return get(authUser, id);
  }
}

/** A stored flow as the API answers it (spec section 3, Flow); named fields only. */
export function publicFlow(flow: StoredFlow, template: FlowTemplateDefinition | undefined): Flow {
  const status: FlowStatus = flowStatusOf(flow.status);
  const totals = flow as unknown as Partial<Record<FlowTotal, number>>;
  const totalRuns = flow.totalRuns ?? 0;
  const successfulRuns = flow.successfulRuns ?? 0;
  const runUnderWay = flow.status === 'running' || flow.status === 'pending';
  const failedRuns = Math.max(0, totalRuns - successfulRuns - (runUnderWay && totalRuns > 0 ? 1 : 0));
  const invited = totals.connectionRequests ?? 0;
  const accepted = totals.connectionsAccepted ?? 0;
  const out: Flow = {
    id: flow.id,
    name: flow.displayName,
    status,
    createdAt: flow.createdAt,
    updatedAt: flow.updatedAt,
    templateId: flow.templateId,
    template: {
      displayName: template?.displayName ?? flow.displayName,
      summary: template?.summary ?? '',
      description: template?.description ?? '',
      platform: template?.platform ?? flow.platform,
    },
    config: withReviewMode(flow.config as unknown as FlowConfig, reviewModeOf({})),
    state: {
      prospectTracking: {
        totalProspectsFound: totals.prospectsFound ?? 0,
        totalConnectionRequests: invited,
        connectionsAccepted: accepted,
        connectionsDeclined: totals.connectionsDeclined ?? 0,
        messagesSent: totals.messagesSent ?? 0,
        totalEngagements: totals.engagements ?? 0,
      },
      executionStats: {
        totalRuns,
        successfulRuns,
        failedRuns,
        successRate: totalRuns > 0 ? `${Math.round((successfulRuns / totalRuns) * 100)}%` : '0%',
        ...(flow.lastRunAt && successfulRuns > 0 ? { lastSuccessfulRun: flow.lastRunAt } : {}),
      },
    },
    analytics: { connectionRate: invited > 0 ? Math.round((accepted / invited) * 100) : 0 },
    currentRun: {
      jobId: flow.jobId,
      progress: flow.progress ?? 0,
      ...(flow.stage ? { stage: flow.stage } : {}),
      ...(flow.message ? { message: flow.message } : {}),
      ...(flow.errorMessage ? { errorMessage: flow.errorMessage } : {}),
    },
  };
  if (status === 'ACTIVE' && flow.nextRunAt && !isFinishedStatus(flow.status))
    out.nextScheduledRun = flow.nextRunAt;
  return out;
}

/**
 * A config with its review mode (issue 23): a new flow's is the one chosen or 'everything'; a flow
 * stored before review existed is answered with the autopilot it runs on.
 */
function withReviewMode(config: FlowConfig, fallback = DEFAULT_REVIEW_MODE): FlowConfig {
  const reviewMode = config.messagingSettings.reviewMode ?? fallback;
  return { ...config, messagingSettings: { ...config.messagingSettings, reviewMode } };
}
