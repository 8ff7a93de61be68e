import { lazyModule } from '../../../lib/lazy-module';

/**
 * Step 1's list pickers' code (see ListStandIn.tsx): loaded on the first use of the wizard's form; the
 * fields draw stand-ins until it is in, and they keep working if it fails (the next use asks again).
 */
export const listPickers = lazyModule(() => import('./ListPickers'));
