import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';

/** Where the wizard shows its stepper: Mantine's `sm` and up (a phone has the step's heading). */
const STEPPER_QUERY = '(min-width: 48em)';

const stepperModule = lazyModule(() => import('./WizardStepper'));

/**
 * On a wide screen, the stepper's code is asked for as soon as the wizard's page loads, beside the
 * template it waits for anyway, so the stepper is drawn with the wizard's first drawing. A phone never
 * loads it (issue 38 point 2: Mantine's Stepper was drawn and hidden there).
 */
export function preloadStepperOnWideScreens() {
  if (window.matchMedia(STEPPER_QUERY).matches) void stepperModule.load();
}

/** The stepper while the screen is wide and its code is in; undefined otherwise. */
export function useWizardStepper() {
  const wide = useMediaQuery(STEPPER_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  useEffect(() => {
    if (wide) void stepperModule.load();
  }, [wide]);
  const loaded = useLazyModule(stepperModule);
  return wide ? loaded?.WizardStepper : undefined;
}
