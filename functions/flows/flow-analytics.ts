import { flowStatusOf } from '../../shared/flow-api';
import {
  type AnalyticsDay,
  type AnalyticsPeriod,
  type FlowAnalytics,
  FUNNEL_STEPS,
  type FunnelStep,
  type MatchQuality,
  PERIOD_DAYS,
} from '../../shared/flow-insights';
import type { FlowConfig } from '../../shared/flows';
import { PLATFORM_TABLE } from '../../shared/platforms';
import { listConnections } from '../connections/connection-lookup-service';
import { DAY_MS, instantOf, isoDay, wallDayOf } from '../core/zone-clock';
import { pageJobs, type StoredJob } from '../jobs/job-history-service';
import { budgetUsed } from '../safety/budget-service';
import { BUDGETS, GOVERNED_ACTIONS, type GovernedAction } from '../safety/budgets';
import { periodsOf } from '../safety/governor';
import { waitingProspects } from './backlog';
import { contactsOfFlow, type LedgerAccount } from './contact-ledger-repository';
import { type DayCounts, type FlowCount, flowDays, qualityCount } from './flow-count-repository';
import type { StoredFlow } from './flow-repository';
import { reviewComparison } from './review-outcomes';

/**
 * A flow's analytics for a period (issue 21 point 1; spec 3, Flow analytics): the period is the last
 * 7, 30 or 90 days of the flow's own time zone, today included. Counts come from the flow's day items
 * (one query), runs from its jobs started in the period (DECISIONS 27), and the account's budget use
 * from the governor's counters of its own week (DECISIONS 29).
 */
const percentText = (part: number, whole: number): string =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0%';
const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

const FUNNEL_COUNT: Readonly<Record<FunnelStep, FlowCount>> = {
  found: 'prospectsFound',
  scored: 'scored',
  engaged: 'engaged',
  invited: 'invited',
  accepted: 'accepted',
  messaged: 'messaged',
  replied: 'replied',
};

const ACTION_LABELS: Readonly<Record<GovernedAction, string>> = {
  'profile-views': 'Profile views',
  'list-pages': 'List pages',
  searches: 'Searches',
  invitations: 'Invitations',
  messages: 'Messages',
  likes: 'Likes',
  comments: 'Comments',
  withdrawals: 'Withdrawals',
};

/** The statuses of a run that ended; one under way is running or paused (its item says which). */
const JOB_STATUS = {
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
} as const;

/** The flow's jobs created since `since` (ISO), newest first. */
async function jobsSince(flow: StoredFlow, since: string): Promise<StoredJob[]> {
  const jobs: StoredJob[] = [];
  let after: Record<string, string> | undefined;
  for (;;) {
    const page = await pageJobs(flow.userId, {
      automationId: flow.id,
      // A week holds at most 28 scheduled runs: most periods end within the first page.
      limit: 30,
      keep: () => true,
      ...(after ? { after } : {}),
    });
    for (const job of page.jobs) {
      if (job.createdAt < since) return jobs;
      jobs.push(job);
    }
    if (!page.next) return jobs;
    after = page.next;
  }
}

/** How many of the flow's earlier prospects wait for its writes (flows/backlog.ts). */
async function waitingOf(flow: StoredFlow, account: LedgerAccount, config: FlowConfig, now: Date) {
  const waiting = await waitingProspects({
    userId: flow.userId,
    flowId: flow.id,
    templateId: flow.templateId,
    config,
    contacts: await contactsOfFlow(account, flow.id),
    now,
  });
  return waiting.length;
}

export async function flowAnalytics(
  flow: StoredFlow,
  period: AnalyticsPeriod,
  now: Date,
): Promise<FlowAnalytics> {
  const config = flow.config as unknown as FlowConfig;
  const execution = config.executionSettings;
  const zone = execution.workingHours.timezone;
  const today = wallDayOf(now.getTime(), zone);
  const firstDay = today - (PERIOD_DAYS[period] - 1) * DAY_MS;
  const from = isoDay(firstDay);
  const to = isoDay(today);
  const since = new Date(instantOf(firstDay, zone)).toISOString();

  const connection = await accountOf(flow);
  const account = connection ? { workspaceId: flow.userId, connectionId: connection.id } : undefined;
  const [days, jobs, budget, reviewed, waiting] = await Promise.all([
    flowDays(flow.userId, flow.id, from, to),
    jobsSince(flow, since),
    connection ? budgetOf(flow, connection, now) : null,
    account ? reviewComparison(account, flow.id) : [],
    account ? waitingOf(flow, account, config, now) : 0,
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sum = (count: FlowCount) => days.reduce((total, d) => total + (d[count] ?? 0), 0);

  const daily: AnalyticsDay[] = [];
  for (let day = firstDay; day <= today; day += DAY_MS) {
    const d: Partial<DayCounts> = byDay.get(isoDay(day)) ?? {};
    const accepted = d.accepted ?? 0;
    const declined = d.declined ?? 0;
    daily.push({
      date: isoDay(day),
      prospectsFound: d.prospectsFound ?? 0,
      invitationsSent: d.invited ?? 0,
      invitationsAccepted: accepted,
      invitationsDeclined: declined,
      messagesSent: d.messaged ?? 0,
      engagements: d.engaged ?? 0,
      acceptanceRate: percent(accepted, accepted + declined),
    });
  }

  // Each run's item holds its state, live while it runs (functions/jobs/job-state/live-job-repository.ts).
  // A run that has not started yet (queued, or paused before it began) is not one of the period's runs.
  const started = jobs.filter((job) => JOB_STATUS[job.status as keyof typeof JOB_STATUS] || job.startedAt);
  const history = started.map((job) => {
    const ended = JOB_STATUS[job.status as keyof typeof JOB_STATUS];
    const stages = job.stages;
    const message = job.message;
    const status: FlowAnalytics['executionHistory'][number]['status'] =
      ended ?? (job.status === 'paused' ? 'PAUSED' : 'RUNNING');
    return {
      jobId: job.id,
      stage: stages?.at(-1)?.stage ?? job.stage ?? 'queued',
      status,
      startedAt: job.startedAt ?? job.createdAt,
      completedAt: ended ? (job.completedAt ?? null) : null,
      ...(message ? { message } : {}),
    };
  });
  const successful = history.filter((run) => run.status === 'COMPLETED');
  const failed = history.filter((run) => run.status === 'FAILED');

  const invited = sum('invited');
  const accepted = sum('accepted');
  let previous: number | undefined;
  const funnel = FUNNEL_STEPS.map((step) => {
    const count = sum(FUNNEL_COUNT[step]);
    const rateFromPrevious = previous === undefined ? null : percent(count, previous);
    previous = count;
    return { step, count, rateFromPrevious };
  });
  const qualities: MatchQuality[] = ['hot', 'warm', 'cold'];

  return {
    flowId: flow.id,
    status: flowStatusOf(flow.status),
    period,
    from,
    to,
    timezone: zone,
    executionStats: {
      totalRuns: history.length,
      successfulRuns: successful.length,
      failedRuns: failed.length,
      successRate: percentText(successful.length, history.length),
      lastSuccessfulRun: successful[0]?.completedAt ?? null,
    },
    prospectStats: {
      totalProspectsFound: sum('prospectsFound'),
      totalConnectionRequests: invited,
      connectionsAccepted: accepted,
      connectionRate: percentText(accepted, invited),
      totalEngagements: sum('engaged'),
      messagesExchanged: sum('messaged') + sum('replied'),
      waiting,
    },
    performance: { deduplicationCount: sum('duplicates') },
    scheduling: {
      runsPerDay: execution.runsPerDay,
      weekendsEnabled: execution.enableWeekends,
      workingHours: { ...execution.workingHours },
      nextScheduledRun: flowStatusOf(flow.status) === 'ACTIVE' ? (flow.nextRunAt ?? null) : null,
    },
    executionHistory: history,
    daily,
    funnel,
    acceptanceByQuality: qualities.map((quality) => {
      const sent = sum(qualityCount('invited', quality));
      const won = sum(qualityCount('accepted', quality));
      return { quality, invited: sent, accepted: won, rate: percent(won, sent) };
    }),
    budget,
    reviewComparison: reviewed,
  };
}

/** The flow's platform account: the user's active connection of the flow's platform. */
async function accountOf(flow: StoredFlow) {
  const record = PLATFORM_TABLE[flow.platform].record;
  return (await listConnections(flow.userId)).find((c) => c.platform === record && c.isActive);
}

/** The flow's platform account's budget use today and this week, on its own clock (DECISIONS 29). */
async function budgetOf(
  flow: StoredFlow,
  connection: { id: string; timeZone?: string | null },
  now: Date,
): Promise<FlowAnalytics['budget']> {
  const timeZone = connection.timeZone ?? 'UTC';
  const periods = periodsOf(now, timeZone);
  const account = { workspaceId: flow.userId, connectionId: connection.id };
  const budgets = BUDGETS[flow.platform];
  const actions = await Promise.all(
    GOVERNED_ACTIONS.map(async (action) => {
      const used = await budgetUsed(account, action, periods);
      return {
        action,
        label: ACTION_LABELS[action],
        usedToday: used.daily,
        daily: budgets[action].daily,
        usedThisWeek: used.weekly,
        weekly: budgets[action].weekly,
      };
    }),
  );
  return { timeZone, week: periods.week, actions };
}
