import { type Control, useWatch } from 'react-hook-form';
import type { WizardOutput, WizardValues } from '../wizard-form';
import { FlowNameField } from './FlowNameField';
import type { WizardForm } from './field-helpers';
import { ReviewStep } from './ReviewStep';

/**
 * Steps 2 to 4 of the wizard, in a chunk of their own: step 1 is what a visit shows first, and the
 * later steps' inputs (the number input and its formatting library, the text area, switch and review)
 * are about a tenth of the page's scripts (issue 38 point 2). The wizard asks for them on the first
 * use of its form (later-steps.ts).
 */
export { ExecutionStep } from './ExecutionStep';
export { MessagingStep } from './MessagingStep';

/**
 * Step 4. The review reads every value, so it alone watches them all: watched by the wizard, every
 * keystroke in any step re-rendered the whole wizard (each field subscribes to its own value through
 * Controller).
 */
export function WatchedReviewStep({
  form,
  templateName,
  industryLabel,
}: {
  form: WizardForm;
  templateName: string;
  industryLabel: (value: string) => string;
}) {
  const control = form.control as Control<WizardValues, unknown, WizardOutput>;
  // The form has a default for every field, so the watched values are whole.
  const values = useWatch({ control }) as WizardValues;
  return (
    <ReviewStep
      values={values}
      industryLabel={industryLabel}
      nameField={<FlowNameField form={form} templateName={templateName} industryLabel={industryLabel} />}
    />
  );
}
