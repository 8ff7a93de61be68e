import { DAY_PLAN_TEXTS } from '../../../../shared/day-plan';
import { PENDING_INVITATION_LIMIT } from '../../../../shared/flow-options';
import { FLOW_RUN_TEXTS } from '../../../../shared/flow-run-texts';
import { PENDING_TEXTS, prospectsWithin } from '../../../../shared/pending-invitations';
import type { HandlerStep } from '../../../engine/run-context';
import type { FlowContext } from '../flow-context';

/**
 * A flow run's discover stage (flow-run.ts runs it): the people search of the flow's targeting, a page at
 * a time within the account's search budget, until the run's new prospects are found or the search ends;
 * never more than the pending invitations, the run's share of the day plan and today's budget of the
 * flow's first write allow (issue 36 point 6).
 */
/**
 * How many new prospects today's budget can still reach (issue 36 point 6): what is left today of the
 * first write the flow makes to a new person (its invitation, else its comment, else its like);
 * undefined for a flow that makes none of them.
 */
async function reachableToday(context: FlowContext): Promise<number | undefined> {
  const { flow, governor } = context;
  const actions = flow.driver.actions;
  const first = flow.makes('invite')
    ? actions.invite
    : flow.makes('comment')
      ? actions.comment
      : flow.makes('like')
        ? actions.like
        : undefined;
  return first === undefined ? undefined : governor.leftToday(first);
}

/** Discovery's part of the run's progress; scoring has the rest. */
export const DISCOVER_SHARE = 50;

export async function discover(context: FlowContext): Promise<HandlerStep | undefined> {
  const { state, flow, governor } = context;
  const counters = state.counters;
  const perRun = flow.settings.executionSettings.prospectsPerRun;
  const action = flow.driver.actions.search;
  if (state.cursor.ended) return undefined;
  // Issue 23 point 2: near the account's limit of pending invitations, fewer new prospects; none at it.
  const pending = await flow.pendingInvitations();
  // The run's share of the account's plan (issue 23 point 4) sizes it; without one, the limit alone.
  const planned = counters.planShare?.prospects ?? perRun;
  const room = prospectsWithin(perRun, pending);
  // Issue 36 point 6: no more new people than today's budget of the flow's first write can reach.
  const reachable = await reachableToday(context);
  const target = Math.min(room, planned, reachable ?? Number.POSITIVE_INFINITY);
  if (room === 0) {
    context.report('budget-spent', PENDING_TEXTS.full(PENDING_INVITATION_LIMIT));
    return undefined;
  }
  // Other runs of the account may have spent what the plan had left when this one started.
  if (planned === 0) {
    context.report('budget-spent', DAY_PLAN_TEXTS.runShare(0, perRun));
    return undefined;
  }
  if (reachable === 0) {
    context.report('budget-spent', FLOW_RUN_TEXTS.backlogFills(state.counters.backlog ?? 0));
    return undefined;
  }
  if (room < perRun)
    context.report('discovering', PENDING_TEXTS.slowed(pending, PENDING_INVITATION_LIMIT, target, perRun));
  else if (reachable !== undefined && reachable < Math.min(perRun, planned))
    context.report('budget-spent', FLOW_RUN_TEXTS.budgetLeft(reachable, perRun));
  else if (planned < perRun && counters.stored === 0)
    context.report('budget-spent', DAY_PLAN_TEXTS.runShare(planned, perRun));
  context.report(
    'discovering',
    `Searching for people who match the targeting (${counters.stored} of ${target})`,
  );
  while (counters.stored < target) {
    if (!context.hasTime()) return { kind: 'continue' };
    const take = await governor.take(action);
    if (!take.ok) {
      // Never past the budget: the run ends its discovery here and says so.
      context.report(
        'budget-spent',
        `The account's search budget is used up for now: ${counters.stored} new prospect${
          counters.stored === 1 ? '' : 's'
        } this run`,
      );
      return undefined;
    }
    await governor.pace(action);
    const found = await flow.driver.search(context.page, flow.settings.targetingSettings, state.cursor.list);
    counters.found += found.people.length;
    if (found.total !== undefined) counters.available = found.total;
    for (const person of found.people) {
      if (counters.stored >= target) break;
      // Someone another flow of the account has (the contact ledger), or this flow found before, is
      // never approached twice.
      if (!(await flow.discovered(person))) {
        counters.duplicates++;
        continue;
      }
      counters.stored++;
    }
    state.cursor = found.next ? { phase: 'discover', list: found.next } : { phase: 'discover', ended: true };
    state.progress = {
      ...state.progress,
      progress: Math.round((counters.stored / target) * DISCOVER_SHARE),
      completedTasks: counters.stored,
      totalTasks: target,
      successTasks: counters.stored,
    };
    context.report('discovering', `Found ${counters.stored} new prospect${counters.stored === 1 ? '' : 's'}`);
    await context.save();
    if (!found.next) break;
  }
  return undefined;
}
