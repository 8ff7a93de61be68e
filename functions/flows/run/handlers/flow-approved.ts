import type { HandlerStep } from '../../../engine/run-context';
import type { FlowContext } from '../flow-context';

/** The budget each kind takes, for the run's history. */
const BUDGET_OF_KIND = {
  invite: 'invitation',
  message: 'message',
  like: 'likes',
  comment: 'comments',
} as const;

/**
 * Sends what the user approved in the flow's review queue since the last run (issue 23 point 1), the
 * oldest first and before the run finds anyone new, so approved texts have the account's budget
 * first. Each goes through the same write as any other (governor, perform, verify) with the text the
 * user approved; a spent budget leaves the rest approved for the next run and says so.
 */
export async function sendApproved(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, page, governor } = context;
  const approved = await flow.approved();
  if (approved.length === 0) return undefined;
  context.report('approved', `Sending ${approved.length} approved item${approved.length === 1 ? '' : 's'}`);
  let sent = 0;
  // A spent budget holds back only its own kind: an approved like still goes when messages are spent.
  const spent = new Set<keyof typeof BUDGET_OF_KIND>();
  for (const entry of approved) {
    if (!context.hasTime()) return { kind: 'continue' };
    if (spent.has(entry.kind)) continue;
    const outcome = await flow.sendApproved(page, entry);
    if (outcome.kind === 'no-budget') {
      spent.add(entry.kind);
      context.report(
        'budget-spent',
        `The account's ${BUDGET_OF_KIND[entry.kind]} budget is used up for now: the approved rest go next run`,
      );
      continue;
    }
    if (outcome.kind === 'done') {
      sent++;
      if (entry.kind !== 'like') await governor.pace(flow.driver.actions[entry.kind]);
    }
  }
  context.report('approved', `Sent ${sent} approved item${sent === 1 ? '' : 's'}`);
  return undefined;
}

/** What the run's history says of the writes it left in the flow's review queue. */
export function waitingMessage(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'} wait${count === 1 ? 's' : ''} for your review`;
}
