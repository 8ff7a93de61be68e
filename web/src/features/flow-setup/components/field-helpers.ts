import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { WizardValues } from '../wizard-form';

export type WizardForm = UseFormReturn<WizardValues, unknown, unknown>;

/**
 * Spec 4 (Wizard): a field's error clears as soon as the field changes. `clear` names what to clear
 * when it is not the field alone (the working hours' start and end share the order's message).
 */
export function changer(
  form: WizardForm,
  name: FieldPath<WizardValues>,
  clear: FieldPath<WizardValues> = name,
) {
  return (onChange: (value: unknown) => void) => (value: unknown) => {
    onChange(value);
    if (form.getFieldState(clear).error) form.clearErrors(clear);
  };
}
