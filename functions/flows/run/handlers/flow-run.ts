import {
  meetsMinimumMatch,
  minimumMatchLabel,
  PENDING_INVITATION_LIMIT,
} from '../../../../shared/flow-options';
import { FLOW_RUN_TEXTS } from '../../../../shared/flow-run-texts';
import { INVITATION_LIMIT_TEXTS, type InvitationLimit } from '../../../../shared/invitation-limit';
import { PENDING_TEXTS } from '../../../../shared/pending-invitations';
import type { HandlerStep, RunHandler } from '../../../engine/run-context';
import { noteMaxLength } from '../../../platforms/flow-driver-types';
import type { FlowContext } from '../flow-context';
import { sendApproved, waitingMessage } from './flow-approved';
import { DISCOVER_SHARE, discover } from './flow-discover';
import { followUp, readReplies } from './flow-follow-up';
import { settleOpenWrites } from './flow-settle';

/** A prospect and a write's outcome, as the run's context answers them (handlers reach data only through it). */
type StoredProspect = Awaited<ReturnType<FlowContext['flow']['ofThisRun']>>[number];
type WriteOutcome = Awaited<ReturnType<FlowContext['flow']['like']>>;

/**
 * A flow's run (issue 20 point 6; DECISIONS 27), one job, in stages the job's history records:
 *  - approved: what the user approved in the flow's review queue goes first (issue 23);
 *  - discover: the people search of the flow's targeting, a page at a time within the account's
 *    search budget, until `prospectsPerRun` people no flow or trob of the account reached before
 *    (the contact ledger) are found, or the search ends;
 *  - score: each new prospect scored by the AI against the targeting and the company description;
 *  - engage: a like and a comment on each one's newest post;
 *  - connect: an invitation to each, best scored first, with a note while the account may add one;
 *  - follow up: who accepted or declined the flow's invitations, and a message to each who accepted.
 * Every write goes through write-once (intent, take, perform, verify).
 * A spent budget ends the discovery early and says so; the run goes on with what it found. A run that
 * runs short of time continues in its next segment from its cursor.
 */
export const flowRunHandler: RunHandler<FlowContext> = {
  async run(context: FlowContext): Promise<HandlerStep> {
    const { state } = context;
    // Whatever a stopped worker left open goes first, in any segment (a take-over resumes mid-run).
    const settling = await settleOpenWrites(context);
    if (settling) return settling;
    if (state.cursor.phase === 'list' || state.cursor.phase === 'discover') {
      // Approved intents first (issue 23): again in a later segment only for what is still approved.
      const approvedStopped = await sendApproved(context);
      if (approvedStopped) return approvedStopped;
      // Issue 36 point 6: what earlier runs left waiting for a budget goes before anyone new.
      const backlogStopped = await sendBacklog(context);
      if (backlogStopped) return backlogStopped;
      const stopped = await discover(context);
      if (stopped) return stopped;
      state.cursor = { phase: 'score' };
      await context.save();
    }
    if (state.cursor.phase === 'score') {
      const stopped = await score(context);
      if (stopped) return stopped;
      state.cursor = { phase: 'engage' };
      await context.save();
    }
    if (state.cursor.phase === 'engage') {
      const stopped = await engage(context, await contactable(context));
      if (stopped) return stopped;
      state.cursor = { phase: 'connect' };
      await context.save();
    }
    if (state.cursor.phase === 'connect') {
      const stopped = await connect(context, await contactable(context));
      if (stopped) return stopped;
      state.cursor = { phase: 'follow-up' };
      await context.save();
    }
    const stopped = (await followUp(context)) ?? (await readReplies(context));
    if (stopped) return stopped;
    return complete(context);
  },
};

/** The recent posts a visit keeps for the prospect's page (the prospects list shows up to 3). */
const RECENT_POSTS = 3;

/**
 * Warms up before connecting: likes each prospect's newest post and comments on it in the flow's
 * comment style, the best scored first, each write once. A prospect without a recent post is left for
 * the invitation alone. A spent budget (reads, likes or comments) ends the stage and says so.
 */
async function engage(
  context: FlowContext,
  prospects: readonly StoredProspect[],
): Promise<HandlerStep | undefined> {
  const { flow, page, governor } = context;
  // Issue 36 found 5: only the writes the flow's template makes.
  const likes = flow.makes('like');
  const comments = flow.makes('comment');
  let engaged = 0;
  let waiting = 0;
  if (prospects.length === 0 || !(likes || comments)) return undefined;
  context.report('engaging', `Engaging with the recent posts of ${prospects.length} prospects`);
  for (const prospect of prospects) {
    if (!context.hasTime()) return { kind: 'continue' };
    const read = await governor.take(flow.driver.actions.recentPosts);
    if (!read.ok) return spent(context, 'reads', engaged);
    const posts = await flow.driver.recentPosts(
      page,
      { id: prospect.id, name: prospect.name, profileUrl: prospect.profileUrl },
      RECENT_POSTS,
    );
    await flow.viewed(prospect, posts);
    const [post] = posts;
    if (!post) continue;
    const liked = likes ? await flow.like(page, prospect, post) : NOT_MADE;
    if (liked.kind === 'no-budget') return spent(context, 'likes', engaged);
    const commented = comments ? await flow.comment(page, prospect, post) : NOT_MADE;
    if (commented.kind === 'no-budget') return spent(context, 'comments', engaged);
    // The write recorded the person's 'engaged' step with its outcome (flow-writes.ts).
    if (liked.kind === 'done' || commented.kind === 'done') engaged++;
    if (liked.kind === 'awaiting-review' || commented.kind === 'awaiting-review') waiting++;
  }
  context.report('engaging', `Engaged with ${engaged} prospect${engaged === 1 ? '' : 's'}’ posts`);
  if (waiting > 0) context.report('engaging', waitingMessage(waiting, 'engagement'));
  return undefined;
}

/** A write the flow's template does not make: as if held, it counts for nothing. */
const NOT_MADE: WriteOutcome = { kind: 'held' };

function spent(context: FlowContext, what: string, engaged: number): undefined {
  context.report(
    'budget-spent',
    `The account's ${what} budget is used up for now: ${engaged} engaged this run`,
  );
  return undefined;
}

/**
 * Invites this run's prospects, the best scored first, each once (write-once): with a note while the
 * account may add one (a free account 5 a month, spent on the best prospects; DECISIONS 28), without
 * one after. A spent invitation budget or the platform's weekly limit ends the stage and says so.
 */
async function connect(
  context: FlowContext,
  contactable: readonly StoredProspect[],
): Promise<HandlerStep | undefined> {
  const { flow, page } = context;
  // A 1st-degree connection is connected already: nothing to invite.
  const prospects = contactable.filter((p) => p.distance !== 1);
  if (prospects.length === 0 || !flow.makes('invite')) return undefined;
  const account = await flow.driver.account(page);
  let notes = await flow.notesLeft(account);
  let invited = 0;
  let waiting = 0;
  const pending = await flow.pendingInvitations();
  // Issue 23 point 5: a low acceptance rate halves the account's invitations; the history says so.
  const limit = await flow.adaptInvitations();
  if (limit) context.report('connecting', invitationLimitMessage(limit));
  context.report('connecting', `Sending connection requests to ${prospects.length} prospects`);
  for (const prospect of prospects) {
    if (!context.hasTime()) return { kind: 'continue' };
    if (pending + invited >= PENDING_INVITATION_LIMIT) {
      context.report('budget-spent', PENDING_TEXTS.full(PENDING_INVITATION_LIMIT));
      return undefined;
    }
    const maxLength = noteMaxLength(account);
    const note = notes > 0 ? { text: await flow.writeNote(prospect, maxLength), maxLength } : undefined;
    const outcome = await flow.invite(page, prospect, note);
    if (outcome.kind === 'no-budget' || (outcome.kind === 'refused' && outcome.refusal === 'weekly-limit')) {
      if (outcome.kind === 'refused') await context.governor.rest(flow.driver.actions.invite);
      context.report(
        'budget-spent',
        `The account's invitation budget is used up for now: ${invited} sent this run`,
      );
      return undefined;
    }
    if (outcome.kind === 'done') {
      invited++;
      if (note) notes--;
      await context.governor.pace(flow.driver.actions.invite);
    }
    if (outcome.kind === 'awaiting-review') {
      waiting++;
      // A note waiting for approval will use one of the month's notes when it goes.
      if (note) notes--;
    }
  }
  context.report('connecting', `Sent ${invited} connection request${invited === 1 ? '' : 's'}`);
  if (waiting > 0) context.report('connecting', waitingMessage(waiting, 'connection request'));
  return undefined;
}

/** What a run's history says of an adapted invitation budget (the date in UTC: the run has no zone here). */
function invitationLimitMessage(limit: InvitationLimit): string {
  const until = new Date(limit.until).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Invitations at ${INVITATION_LIMIT_TEXTS.limited(limit, until)}`;
}

/**
 * The backlog (issue 36 point 6): prospects earlier runs found in the last 7 days, at or above the
 * minimum match, whose like, comment or invitation waited for a spent budget (or a stage the run did
 * not reach). They get them now, the best first, before the run searches for anyone new; a spent
 * budget leaves the rest for the next run, as it does for new prospects.
 */
async function sendBacklog(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, state } = context;
  const waiting = await flow.backlog();
  state.counters.backlog ??= waiting.length;
  if (waiting.length === 0) return undefined;
  context.report('backlog', FLOW_RUN_TEXTS.backlog(waiting.length));
  const engaging = await engage(
    context,
    waiting.filter((w) => w.engagement).map((w) => w.prospect),
  );
  if (engaging) return engaging;
  // Engaging invites nobody: who waited for an invitation still does.
  return connect(
    context,
    waiting.filter((w) => w.invitation).map((w) => w.prospect),
  );
}

const SCORE_PAGE = 25;

async function score(context: FlowContext): Promise<HandlerStep | undefined> {
  const { state, flow } = context;
  const counters = state.counters;
  if (counters.stored === 0) return undefined;
  context.report('scoring', `Scoring ${counters.stored} prospect${counters.stored === 1 ? '' : 's'} with AI`);
  for (;;) {
    if (!context.hasTime()) return { kind: 'continue' };
    const page = await flow.unscored(state.cursor.enrichAfter, SCORE_PAGE);
    for (const prospect of page.prospects) {
      await flow.score(await readProfile(context, prospect));
      counters.enriched++;
    }
    state.cursor = page.next ? { phase: 'score', enrichAfter: page.next } : { phase: 'score', ended: true };
    state.progress = {
      ...state.progress,
      progress:
        DISCOVER_SHARE +
        Math.round((Math.min(counters.enriched, counters.stored) / counters.stored) * (100 - DISCOVER_SHARE)),
    };
    context.report('scoring', `Scored ${counters.enriched} of ${counters.stored} prospects`);
    await context.save();
    if (!page.next) return reportBelowMinimum(context);
  }
}

/**
 * Reads the prospect's profile once (issue 36), within the account's profile views, for what the
 * search's row lacks (their current title and company, skills): what the score, the texts and the
 * activities' rows read. With the views spent, the prospect is scored on the search's details, and the
 * run says so once.
 */
async function readProfile(context: FlowContext, prospect: StoredProspect): Promise<StoredProspect> {
  const { flow, governor, page } = context;
  if (prospect.profileReadAt || context.state.counters.profilesSpent) return prospect;
  const take = await governor.take(flow.driver.actions.profile);
  if (!take.ok) {
    const left = context.state.counters.stored - context.state.counters.enriched;
    context.state.counters.profilesSpent = true;
    context.report('budget-spent', FLOW_RUN_TEXTS.profilesSpent(left));
    return prospect;
  }
  await governor.pace(flow.driver.actions.profile);
  return flow.profileRead(prospect, await flow.driver.profile(page, prospect));
}

/**
 * This run's prospects the flow may contact (issue 36 point 1): those at or above its minimum match,
 * the best scored first. The others are found and scored, never liked, commented on or invited.
 */
async function contactable(context: FlowContext) {
  const minimum = context.flow.settings.targetingSettings.minimumMatch;
  return (await context.flow.ofThisRun()).filter((p) => meetsMinimumMatch(p.matchQuality, minimum));
}

/** Says in the run's history how many scored below the minimum match, once scoring is done. */
async function reportBelowMinimum(context: FlowContext): Promise<undefined> {
  const minimum = context.flow.settings.targetingSettings.minimumMatch;
  const below = (await context.flow.ofThisRun()).filter(
    (p) => !meetsMinimumMatch(p.matchQuality, minimum),
  ).length;
  if (below > 0) {
    context.report('scoring', FLOW_RUN_TEXTS.belowMinimum(below, minimumMatchLabel(minimum)));
  }
  return undefined;
}

/**
 * How the run ends, truthfully (issue 36): what it found; or, finding nobody new, whether the search
 * matched nobody (it answered, with a total of 0), everyone it found was reached before, or it never
 * searched (the plan's share or the budgets left no room; the history says which).
 */
function endMessage(counters: FlowContext['state']['counters']): string {
  if (counters.stored > 0) return FLOW_RUN_TEXTS.found(counters.stored);
  if (counters.found > 0) return FLOW_RUN_TEXTS.allReached;
  return counters.available === undefined ? FLOW_RUN_TEXTS.noRoom : FLOW_RUN_TEXTS.noMatch;
}

function complete(context: FlowContext): HandlerStep {
  const { counters } = context.state;
  context.state.progress = { ...context.state.progress, progress: 100 };
  return {
    kind: 'end',
    end: {
      status: 'completed',
      message: endMessage(counters),
    },
  };
}
