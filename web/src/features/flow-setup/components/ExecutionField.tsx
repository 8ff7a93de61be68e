import { NumberInput, Switch } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { changer, type WizardForm } from './field-helpers';
import { commonProps, WizardField, type WizardFieldSpec } from './WizardField';

/** A spec of step 3's fields (no list of options to choose several of). */
export type ExecutionFieldSpec = Exclude<WizardFieldSpec, { kind: 'multiselect' }>;

/** A NumberInput's value for the form: a number, or '' when the field is empty (the schema's message). */
const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/**
 * A field of step 3 (spec 2.3, 9): its numbers and the weekends switch drawn here, any other kind by
 * `WizardField`. Apart so that the number input (with its formatting library) loads with the later
 * steps, not with step 1 (issue 38 point 2).
 */
export function ExecutionField({ form, spec }: { form: WizardForm; spec: ExecutionFieldSpec }) {
  if (spec.kind !== 'number' && spec.kind !== 'switch') return <WizardField form={form} spec={spec} />;
  return (
    <Controller
      name={spec.name}
      control={form.control}
      render={({ field, fieldState }) => {
        const change = changer(form, field.name)(field.onChange);
        if (spec.kind === 'switch') {
          // A switch is never wrong: no message to show.
          return (
            <Switch
              ref={field.ref}
              label={spec.label}
              checked={field.value === true}
              onChange={(event) => change(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          );
        }
        return (
          <NumberInput
            {...commonProps(spec, field, fieldState)}
            placeholder={spec.placeholder}
            min={spec.min}
            max={spec.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={
              spec.emptyIsDefault
                ? ((field.value as number | undefined) ?? '')
                : (field.value as number | string)
            }
            onChange={(value) =>
              change(spec.emptyIsDefault ? (value === '' ? undefined : Number(value)) : numberOrEmpty(value))
            }
          />
        );
      }}
    />
  );
}
