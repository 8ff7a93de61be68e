import { type ComponentProps, lazy, Suspense } from 'react';
import type { StopFlowModal as StopFlowModalType } from './StopFlowModal';

// The confirmation's code (Mantine's modal, focus trap, scroll lock and scroll area: about 14 KB
// compressed) loads when Stop or Delete is first pressed, not with the page: most visits never stop
// a flow (issue 10 point 7).
const StopFlowModal = lazy(() => import('./StopFlowModal').then((m) => ({ default: m.StopFlowModal })));

/** DECISIONS 24's confirmation, drawn once `asked` (Stop or Delete was pressed), until then nothing. */
export function LazyStopFlowModal({
  asked,
  ...props
}: ComponentProps<typeof StopFlowModalType> & { asked: boolean }) {
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <StopFlowModal {...props} />
    </Suspense>
  );
}
