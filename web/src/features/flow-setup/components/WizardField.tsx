import { MultiSelect, NativeSelect, NumberInput, Switch, TextInput } from '@mantine/core';
import { Controller, type FieldPath } from 'react-hook-form';
import type { Option } from '../../../../../shared/flows';
import { messageOf, type WizardValues } from '../wizard-form';
import { changer, type WizardForm } from './field-helpers';

interface FieldBase {
  /** The form's path of the value: also what a change clears the message of (see `clears`). */
  readonly name: FieldPath<WizardValues>;
  readonly label: string;
  /** The help under the label. */
  readonly description?: string;
  readonly required?: boolean;
  /** On a line of its own below the step's grid of fields. */
  readonly wide?: boolean;
}

/**
 * One field of the wizard as data: what kind of input it is and what varies between fields of that
 * kind (label, help, bounds, options). `WizardField` draws every kind the same way: the value from the
 * form, the schema's message under it, the message cleared as soon as the value changes (spec 4).
 */
export type WizardFieldSpec =
  | (FieldBase & {
      readonly kind: 'number';
      readonly min: number;
      readonly max: number;
      readonly placeholder?: string;
      /** Left empty, the value is unset (the API's default) rather than '' (the schema's message). */
      readonly emptyIsDefault?: boolean;
    })
  | (FieldBase & {
      readonly kind: 'text' | 'time';
      readonly placeholder?: string;
      readonly maxLength?: number;
      /** What a change clears when not the field alone (the working hours share the order's message). */
      readonly clears?: FieldPath<WizardValues>;
    })
  | (FieldBase & { readonly kind: 'select'; readonly options: readonly Option[] })
  | (FieldBase & {
      readonly kind: 'multiselect';
      readonly options: readonly Option[];
      readonly placeholder: string;
    })
  | (FieldBase & { readonly kind: 'switch' });

/** A NumberInput's value for the form: a number, or '' when the field is empty (the schema's message). */
const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/** The field a spec describes, bound to the wizard's form. */
export function WizardField({ form, spec }: { form: WizardForm; spec: WizardFieldSpec }) {
  return (
    <Controller
      name={spec.name}
      control={form.control}
      render={({ field, fieldState }) => {
        const change = changer(
          form,
          field.name,
          spec.kind === 'text' || spec.kind === 'time' ? spec.clears : undefined,
        )(field.onChange);
        const common = {
          ref: field.ref,
          label: spec.label,
          description: spec.description,
          required: spec.required,
          onBlur: field.onBlur,
          error: messageOf(fieldState.error),
        };
        switch (spec.kind) {
          case 'number':
            return (
              <NumberInput
                {...common}
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
                  change(
                    spec.emptyIsDefault ? (value === '' ? undefined : Number(value)) : numberOrEmpty(value),
                  )
                }
              />
            );
          case 'text':
          case 'time':
            return (
              <TextInput
                {...common}
                type={spec.kind === 'time' ? 'time' : undefined}
                placeholder={spec.placeholder}
                maxLength={spec.maxLength}
                value={(field.value as string | undefined) ?? ''}
                onChange={(event) => change(event.currentTarget.value)}
              />
            );
          case 'select':
            return (
              <NativeSelect
                {...common}
                data={spec.options.map((option) => ({ ...option }))}
                value={String(field.value ?? '')}
                onChange={(event) => change(event.currentTarget.value)}
              />
            );
          case 'multiselect':
            return (
              <MultiSelect
                {...common}
                placeholder={spec.placeholder}
                data={spec.options.map((option) => ({ ...option }))}
                searchable
                selectFirstOptionOnChange
                hidePickedOptions
                value={(field.value as string[] | undefined) ?? []}
                onChange={change}
              />
            );
          case 'switch':
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
      }}
    />
  );
}
