import type { DayPlan, DayPlanCounts } from '../../shared/day-plan';
import { flowStatusOf } from '../../shared/flow-api';
import { DEFAULT_MINIMUM_MATCH, WITHDRAW_AFTER_DAYS } from '../../shared/flow-options';
import type { FlowConfig } from '../../shared/flows';
import { platformOfRecord } from '../../shared/platforms';
import type { StoredConnection } from '../connections/connection-lookup-service';
import { LINKEDIN_API } from '../platforms/linkedin/endpoints';
import { budgetUsed } from '../safety/budget-service';
import { GOVERNED_ACTIONS, type GovernedAction } from '../safety/budgets';
import { type BudgetState, type DayPlanFlow, dayPlanOf, type FlowBacklog } from '../safety/day-plan';
import { createGovernor, nextDay, periodsOf } from '../safety/governor';
import { waitingProspects, writesOfTemplate } from './backlog';
import type { ContactRecord, LedgerAccount } from './contact-ledger-repository';
import { listFlows, type StoredFlow } from './flow-repository';
import { allContacts, isPendingInvitation } from './pending-invitations';
import { type ReviewEntry, reviewEntries } from './review-repository';
import { flowExecutionOf, nextFlowRunAt } from './run/flow-schedule';

/**
 * The day plan of a connected account (issue 23 point 4): reads what the pure planner
 * (functions/safety/day-plan.ts) needs: the account's flows and their schedules, the limits in force
 * now and after its midnight (warm-up, adaptation), what is used of them, the writes each flow's
 * template makes, and each flow's backlog (invitations awaiting an answer, people to message, approved
 * review items, earlier prospects waiting for its engagement or invitation); then plans. The same
 * call sizes a real run (`runNow`): the preview and the run come from one planner.
 */
const DAY_MS = 24 * 3600 * 1000;

/** The budget each kind of review item takes once approved. */
const ACTION_OF_KIND: Readonly<Record<ReviewEntry['kind'], GovernedAction>> = {
  invite: 'invitations',
  message: 'messages',
  like: 'likes',
  comment: 'comments',
};

export async function accountDayPlan(
  workspaceId: string,
  connection: Pick<StoredConnection, 'id' | 'platform' | 'timeZone'>,
  now: Date,
  /** A run starting now of this flow: planned as the first run of the window (its allowance). */
  runNow?: { flowId: string },
): Promise<DayPlan> {
  const platform = platformOfRecord(connection.platform) ?? 'linkedin';
  const timeZone = connection.timeZone ?? 'UTC';
  const account: LedgerAccount = { workspaceId, connectionId: connection.id };
  const flows = (await listFlows(workspaceId, { consistent: true })).filter((f) => f.platform === platform);
  const governor = createGovernor({ account, platform, now: () => now, pacingScale: 0, timeZone });
  const periods = periodsOf(now, timeZone);
  const midnight = nextDay(now, timeZone);
  const budgets = {} as Record<GovernedAction, BudgetState>;
  const limitsAfterMidnight = {} as Record<GovernedAction, { daily: number; weekly: number }>;
  await Promise.all(
    GOVERNED_ACTIONS.map(async (action) => {
      const [limits, used, tomorrow] = await Promise.all([
        governor.limitsAt(action, now),
        budgetUsed(account, action, periods),
        governor.limitsAt(action, midnight),
      ]);
      budgets[action] = { ...limits, usedToday: used.daily, usedThisWeek: used.weekly };
      limitsAfterMidnight[action] = tomorrow;
    }),
  );
  // The ledger is read once for every flow of the account (a run start plans too: no read per flow).
  const contacts = await allContacts(account);
  const pendingInvitations = contacts.filter(isPendingInvitation).length;
  const backlogs = await Promise.all(
    flows.map(
      async (flow) =>
        [
          flow.id,
          await backlogOf(
            account,
            flow,
            contacts.filter((c) => c.flowId === flow.id),
            now,
          ),
        ] as const,
    ),
  );
  return dayPlanOf({
    now,
    account: { id: connection.id, platform, timeZone, pendingInvitations },
    budgets,
    limitsAfterMidnight,
    // A run queued and not started yet (a new flow's first, an Execute now) starts now.
    flows: flows.map((flow) =>
      dayPlanFlowOf(flow, runNow?.flowId === flow.id || flow.status === 'pending' ? now : undefined),
    ),
    pending: Object.fromEntries(backlogs),
    searchPageSize: LINKEDIN_API.pageSizes.search,
    nextRunAfter: (after, flow) => nextFlowRunAt(after, flowExecutionOf({ config: flow.config }), flow.id),
  });
}

function dayPlanFlowOf(flow: StoredFlow, startsNow: Date | undefined): DayPlanFlow {
  return {
    id: flow.id,
    name: flow.displayName,
    status: flowStatusOf(flow.status),
    config: flow.config as unknown as FlowConfig,
    // Issue 36 found 5: only the writes its template makes (as the run's `makes`).
    writes: [...writesOfTemplate(flow.templateId)],
    ...(startsNow
      ? { nextRunAt: startsNow.toISOString() }
      : flow.nextRunAt
        ? { nextRunAt: flow.nextRunAt }
        : {}),
  };
}

/** What a flow carries into the window, from the account's ledger and the flow's review queue. */
async function backlogOf(
  account: LedgerAccount,
  flow: StoredFlow,
  contacts: readonly ContactRecord[],
  now: Date,
): Promise<FlowBacklog> {
  const config = flow.config as unknown as FlowConfig;
  const [entries, waiting] = await Promise.all([
    reviewEntries(account.workspaceId, flow.id),
    // Issue 36 point 6: earlier prospects still waiting for the flow's engagement or invitation.
    waitingProspects({
      userId: account.workspaceId,
      flowId: flow.id,
      templateId: flow.templateId,
      // As the run reads it (flowConfig's default): stored before the minimum match, warm or better.
      config: {
        targetingSettings: {
          ...config.targetingSettings,
          minimumMatch: config.targetingSettings.minimumMatch ?? DEFAULT_MINIMUM_MATCH,
        },
      },
      contacts,
      now,
    }),
  ]);
  const withdrawAfter = (config.executionSettings.withdrawAfterDays ?? WITHDRAW_AFTER_DAYS.default) * DAY_MS;
  const pending = contacts.filter(isPendingInvitation);
  // Accepted and not messaged yet: each gets the flow's message at its next run.
  const toMessage = contacts.filter((c) => c.steps.accepted && !c.steps.messaged && !c.steps.replied).length;
  const approved: Partial<DayPlanCounts> = {};
  for (const entry of entries) {
    if (entry.state !== 'approved') continue;
    const action = ACTION_OF_KIND[entry.kind];
    approved[action] = (approved[action] ?? 0) + 1;
  }
  const found = (flow as unknown as { prospectsFound?: number }).prospectsFound ?? 0;
  return {
    awaitingAnswer: pending.length,
    acceptedUnmessaged: toMessage,
    awaitingReply: contacts.filter((c) => c.steps.messaged && !c.steps.replied).length,
    approved,
    waiting: {
      engagement: waiting.filter((w) => w.engagement).length,
      invitation: waiting.filter((w) => w.invitation).length,
    },
    foundBefore: found,
    withdrawalsDueAt: pending.map((c) =>
      new Date(Date.parse(String(c.steps.invited)) + withdrawAfter).toISOString(),
    ),
  };
}
