import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { StopFlowModal as StopFlowModalType } from './StopFlowModal';

// The confirmation's code (Mantine's modal, focus trap, scroll lock and scroll area: about 14 KB
// compressed) loads when Stop or Delete is first pressed, not with the page: most visits never stop
// a flow (issue 10 point 7).
const StopFlowModal = lazy(() => import('./StopFlowModal').then((m) => ({ default: m.StopFlowModal })));

/** DECISIONS 24's confirmation, drawn from the first time it opens (Stop or Delete pressed), until then nothing. */
export function LazyStopFlowModal(props: ComponentProps<typeof StopFlowModalType>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <StopFlowModal {...props} />
    </Suspense>
  );
}
