import { TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { defaultFlowName, FLOW_NAME_TEXTS } from '../../../../../shared/flow-name';
import { changer, type WizardForm } from './field-helpers';

/**
 * Step 4's name field (issue 36 point 7). It holds the suggested name (`defaultFlowName`: the template
 * and the first industry, else the keywords), which follows the audience until the user types a name
 * of their own; cleared, it shows the suggestion as its placeholder. Checked on Start with the API's
 * schema; a name another flow has gets ' (2)' from the API.
 */
export function FlowNameField({
  form,
  templateName,
  industryLabel,
}: {
  form: WizardForm;
  templateName: string;
  /** An industry's name from its value (LinkedIn's id); the value itself when the list does not name it. */
  industryLabel: (value: string) => string;
}) {
  const [firstIndustry, keywords] = useWatch({
    control: form.control,
    name: ['targetingSettings.industries.0', 'targetingSettings.keywords'],
  });
  const label = firstIndustry ? industryLabel(firstIndustry) : undefined;
  const suggested = defaultFlowName(templateName, {
    // An industry the list does not name yet would read as its number.
    industry: label === firstIndustry ? undefined : label,
    keywords,
  });
  const { field, fieldState } = useController({ control: form.control, name: 'name' });

  useEffect(() => {
    if (!form.getFieldState('name').isDirty) form.setValue('name', suggested);
  }, [form, suggested]);

  // A refused name on Start: the keyboard goes to the field that says why (the wizard stays on step 4).
  const error = fieldState.error;
  useEffect(() => {
    if (error) form.setFocus('name');
  }, [form, error]);

  return (
    <TextInput
      label={FLOW_NAME_TEXTS.label}
      description={FLOW_NAME_TEXTS.description}
      placeholder={suggested}
      autoComplete="off"
      name={field.name}
      ref={field.ref}
      value={field.value ?? suggested}
      onChange={(event) => changer(form, 'name')(field.onChange)(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error?.message}
      data-testid="flow-name"
    />
  );
}
