import { NativeSelect, NumberInput, Switch } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { changer, type WizardForm } from './field-helpers';
import { commonProps, isPlainField, WizardField, type WizardFieldSpec } from './WizardField';

/** A spec of steps 2 and 3's fields (no list of options to choose several of). */
export type LaterFieldSpec = Exclude<WizardFieldSpec, { kind: 'multiselect' }>;

/** A NumberInput's value for the form: a number, or '' when the field is empty (the schema's message). */
const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/**
 * A field of steps 2 and 3 (spec 2.3, 9): the selects, numbers and the weekends switch drawn here, text
 * and times by `WizardField`. Apart so that their inputs (the number input with its formatting library)
 * load with the later steps, not with step 1 (issue 38 point 2).
 */
export function LaterField({ form, spec }: { form: WizardForm; spec: LaterFieldSpec }) {
  if (isPlainField(spec)) return <WizardField form={form} spec={spec} />;
  // Narrowed here, where the render function below can see it.
  const own = spec;
  return (
    <Controller
      name={spec.name}
      control={form.control}
      render={({ field, fieldState }) => {
        const change = changer(form, field.name)(field.onChange);
        if (own.kind === 'select') {
          return (
            <NativeSelect
              {...commonProps(spec, field, fieldState)}
              data={own.options.map((option) => ({ ...option }))}
              value={String(field.value ?? '')}
              onChange={(event) => change(event.currentTarget.value)}
            />
          );
        }
        if (own.kind === 'switch') {
          // A switch is never wrong: no message to show.
          return (
            <Switch
              ref={field.ref}
              label={own.label}
              checked={field.value === true}
              onChange={(event) => change(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          );
        }
        return (
          <NumberInput
            {...commonProps(spec, field, fieldState)}
            placeholder={own.placeholder}
            min={own.min}
            max={own.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={
              own.emptyIsDefault
                ? ((field.value as number | undefined) ?? '')
                : (field.value as number | string)
            }
            onChange={(value) =>
              change(own.emptyIsDefault ? (value === '' ? undefined : Number(value)) : numberOrEmpty(value))
            }
          />
        );
      }}
    />
  );
}
