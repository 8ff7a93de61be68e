import { TextInput } from '@mantine/core';
import {
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
} from 'react-hook-form';
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
 * kind (label, help, bounds, options). Every kind is drawn the same way (`WizardField`, and for the kinds
 * whose code loads apart, `LaterField` and TargetingStep's `OptionsField`): the value from the form,
 * the schema's message under it, the message cleared as soon as the value changes (spec 4).
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

/**
 * A spec of the kinds `WizardField` draws: text and times. Steps 2 and 3's selects, numbers and switch
 * are `LaterField`'s, and step 1's lists `OptionsField`'s (TargetingStep.tsx): each loads its code apart
 * from step 1's (issue 38 point 2).
 */
export type PlainFieldSpec = Extract<WizardFieldSpec, { kind: 'text' | 'time' }>;
export const isPlainField = (spec: WizardFieldSpec): spec is PlainFieldSpec =>
  spec.kind === 'text' || spec.kind === 'time';
/** A list of fixed options to choose several of (job titles, locations). */
export type OptionsFieldSpec = Extract<WizardFieldSpec, { kind: 'multiselect' }>;

/** What every kind of field shows alike: its label, help, the schema's message, and the form's binding. */
export function commonProps(
  spec: WizardFieldSpec,
  field: ControllerRenderProps<WizardValues, FieldPath<WizardValues>>,
  fieldState: ControllerFieldState,
) {
  return {
    ref: field.ref,
    label: spec.label,
    description: spec.description,
    required: spec.required,
    onBlur: field.onBlur,
    error: messageOf(fieldState.error),
  };
}

/** The field a spec describes, bound to the wizard's form. */
export function WizardField({ form, spec }: { form: WizardForm; spec: PlainFieldSpec }) {
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
        const common = commonProps(spec, field, fieldState);
        switch (spec.kind) {
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
        }
      }}
    />
  );
}
