import type { HandlerStep } from '../../../engine/run-context';
import type { FlowContext } from '../flow-context';

/**
 * Settles the flow's writes a stopped worker left open (issue 35 point 1), before the run does anything
 * new: each is verified on the platform and recorded done (its activity and the person's step with it),
 * or, not shown there, sent once more and verified; a taken one (its budget spent, nothing sent) is sent.
 * Nothing here takes a budget twice: a write past its take keeps it.
 */
export async function settleOpenWrites(context: FlowContext): Promise<HandlerStep | undefined> {
  const { flow, page } = context;
  const open = await flow.openWrites();
  if (open.length === 0) return undefined;
  context.report(
    'settling',
    `Checking ${open.length} write${open.length === 1 ? '' : 's'} a stopped run left open`,
  );
  let done = 0;
  for (const write of open) {
    if (!context.hasTime()) return { kind: 'continue' };
    if ((await flow.settleOpen(page, write)).kind === 'done') done++;
  }
  context.report('settling', `${done} of ${open.length} confirmed on the platform`);
  return undefined;
}
