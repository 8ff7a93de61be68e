import type { Resolver } from 'react-hook-form';
import { lazyModule } from '../../lib/lazy-module';
import { WIZARD_TEXTS } from './setup-texts';
import type { WizardOutput, WizardValues } from './wizard-form';

/** The wizard's checks (wizard-schema.ts), loaded on the first use of the form. */
export const wizardChecks = lazyModule(() => import('./wizard-schema'));

/**
 * The form's resolver, with the checks loaded when first needed. Next loads them before it asks, so a
 * failed load is said there (WIZARD_TEXTS.stepLoadFailed); here it only keeps the form from passing.
 */
export const wizardResolver: Resolver<WizardValues, unknown, WizardOutput> = async (
  values,
  context,
  options,
) => {
  const checks = await wizardChecks.load();
  if (checks) return checks.resolveWizard(values, context, options);
  return { values: {}, errors: { root: { type: 'unavailable', message: WIZARD_TEXTS.stepLoadFailed } } };
};
