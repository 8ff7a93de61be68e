import { lazyModule } from '../../../lib/lazy-module';

/**
 * Steps 2 to 4's code (LaterSteps.tsx): loaded on the first use of the wizard's form, so it is usually
 * in by the time Next is pressed; Next waits for it otherwise, and says so when it did not arrive.
 */
export const laterSteps = lazyModule(() => import('./LaterSteps'));
