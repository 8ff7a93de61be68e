import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { ExtensionControls } from '../api/extension';

// The prompt's code (Mantine's modal and password field, the sign-in messages and their schemas:
// about 25 KB compressed) loads the first time the API asks for the password, which few visits meet.
const PairPasswordModal = lazy(() =>
  import('./PairPasswordModal').then((module) => ({ default: module.PairPasswordModal })),
);

/** PairPasswordModal, drawn from the first time the prompt opens (then kept, so it closes as a modal does). */
export function LazyPairPasswordModal({ extension }: { extension: ExtensionControls }) {
  if (!useOpenedOnce(extension.passwordPrompt.open)) return null;
  return (
    <Suspense fallback={null}>
      <PairPasswordModal extension={extension} />
    </Suspense>
  );
}
