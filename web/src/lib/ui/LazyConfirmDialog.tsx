import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../use-opened-once';
import type { ConfirmDialogProps } from './ConfirmDialog';

// The dialog's code (Mantine's modal, focus trap, scroll lock and scroll area: about 14 KB compressed)
// loads when the action is first asked for, not with the page: most visits never stop a flow, remove
// a teammate or reset a brand (issue 10 point 7, issue 38 point 2).
const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** A ConfirmDialog drawn from the first time it opens, until then nothing. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
