import { FOLLOW_UP_READS, REPLY_READS_PER_RUN } from '../../../../shared/day-plan';
import { WITHDRAW_AFTER_DAYS } from '../../../../shared/flow-options';
import { isDueForWithdrawal, PENDING_TEXTS } from '../../../../shared/pending-invitations';
import type { HandlerStep } from '../../../engine/run-context';
import type { FlowContext } from '../flow-context';
import { waitingMessage } from './flow-approved';

/**
 * Reads who answered the flow's invitations since the last run: connected now means accepted; no
 * longer pending and not connected means declined; pending past the flow's days is withdrawn. Then
 * each accepted person not messaged yet (newly, or left by a spent budget before) gets the flow's
 * follow-up message, once (write-once).
 */
export async function followUp(context: FlowContext): Promise<HandlerStep | undefined> {
  const answered = await readAnswers(context);
  if (answered) return answered;
  // Issue 36 found 5: a template that sends no message (Thought Leader Warm-up) only reads the answers.
  if (!context.flow.makes('message')) return undefined;
  return sendFollowUps(context);
}

async function readAnswers(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, page, governor } = context;
  const waiting = await flow.awaitingAnswer();
  if (waiting.length === 0) return undefined;
  // Said before the reads, so the stage's history counts them in follow-up.
  context.report('following-up', `Checking ${waiting.length} invitation${waiting.length === 1 ? '' : 's'}`);
  const read = flow.driver.actions.read;
  // Both reads or none (the plan counts them together): the Sent list and the connections.
  if (!(await governor.take(read, FOLLOW_UP_READS)).ok) {
    context.report(
      'budget-spent',
      'The account’s reads are used up for now: invitations are checked next run',
    );
    return undefined;
  }
  const [pending, connected] = await Promise.all([
    flow.driver.pendingInvitationsSince(page),
    flow.driver.connections(page),
  ]);
  const sentAt = new Map(pending.map((p) => [p.personId, p.sentAt]));
  const pendingIds = new Set(sentAt.keys());
  const connectedIds = new Set(connected);
  let accepted = 0;
  let withdrawn = 0;
  let noWithdrawals = false;
  const now = context.now();
  const withdrawAfter = flow.settings.executionSettings.withdrawAfterDays ?? WITHDRAW_AFTER_DAYS.default;
  for (const contact of waiting) {
    if (!context.hasTime()) return { kind: 'continue' };
    const person = { id: contact.personId, name: contact.name };
    if (connectedIds.has(contact.personId)) {
      await flow.reached(person, 'accepted');
      accepted++;
    } else if (!pendingIds.has(contact.personId)) {
      await flow.reached(person, 'declined');
    } else if (
      isDueForWithdrawal(sentAt.get(contact.personId) ?? String(contact.steps.invited), now, withdrawAfter)
    ) {
      // Issue 23 point 2: pending too long; withdrawn like any write (intent, governor, perform, verify).
      const outcome = await flow.withdraw(page, person);
      if (outcome.kind === 'done') {
        withdrawn++;
        await governor.pace(flow.driver.actions.withdraw);
      }
      if (outcome.kind === 'no-budget') noWithdrawals = true;
    }
  }
  if (withdrawn > 0) context.report('following-up', PENDING_TEXTS.withdrawn(withdrawn, withdrawAfter));
  if (noWithdrawals)
    context.report(
      'budget-spent',
      'The account’s withdrawal budget is used up for now: the rest are withdrawn next run',
    );
  context.report('following-up', `${accepted} accepted`);
  return undefined;
}

/** The flow's message to each accepted person who has not had one: a spent budget leaves the rest for next run. */
async function sendFollowUps(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, page, governor } = context;
  const accepted = await flow.awaitingMessage();
  if (accepted.length === 0) return undefined;
  let messaged = 0;
  let waiting = 0;
  for (const contact of accepted) {
    if (!context.hasTime()) return { kind: 'continue' };
    const person = { id: contact.personId, name: contact.name };
    const outcome = await flow.followUp(page, person);
    if (outcome.kind === 'no-budget') {
      context.report(
        'budget-spent',
        'The account’s message budget is used up for now: the rest get theirs next run',
      );
      return undefined;
    }
    if (outcome.kind === 'done') {
      messaged++;
      await governor.pace(flow.driver.actions.message);
    }
    if (outcome.kind === 'awaiting-review') waiting++;
  }
  context.report('following-up', `${messaged} follow-up message${messaged === 1 ? '' : 's'} sent`);
  if (waiting > 0) context.report('following-up', waitingMessage(waiting, 'message'));
  return undefined;
}

/**
 * Reads the threads of the people the flow messaged and not heard from yet, the longest waiting
 * first: a reply is their 'replied' step (the funnel's last) and leaves them to the user.
 */
export async function readReplies(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, page, governor } = context;
  const waiting = (await flow.awaitingReply())
    .sort((a, b) => String(a.steps.messaged).localeCompare(String(b.steps.messaged)))
    .slice(0, REPLY_READS_PER_RUN);
  if (waiting.length === 0) return undefined;
  context.report('following-up', `Reading ${waiting.length} conversation${waiting.length === 1 ? '' : 's'}`);
  let replied = 0;
  for (const contact of waiting) {
    if (!context.hasTime()) return { kind: 'continue' };
    if (!(await governor.take(flow.driver.actions.read)).ok) {
      context.report('budget-spent', 'The account’s reads are used up for now: replies are read next run');
      return undefined;
    }
    const person = { id: contact.personId, name: contact.name, profileUrl: '' };
    if ((await flow.driver.replies(page, person)).length > 0) {
      await flow.reached(person, 'replied');
      replied++;
    }
  }
  context.report('following-up', `${replied} repl${replied === 1 ? 'y' : 'ies'} to the flow's messages`);
  return undefined;
}
