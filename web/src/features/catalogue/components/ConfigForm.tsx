import {
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import type { ConfigProperty, ConfigSchema } from '../../../../../shared/catalogue';
import {
  exampleHint,
  type FormValues,
  fieldPlaceholder,
  optionLabel,
  uiOptions,
  widgetOf,
} from '../config-form';
import type { OptionLock, OptionLocks } from '../plan-choices';

interface ConfigFormProps {
  schema: ConfigSchema;
  control: Control<FormValues>;
  /** Choices the user's plan lacks, by field name: shown disabled with the upgrade hint. */
  locks?: OptionLocks;
}

/** The form built from a template's configSchema (spec 2.10 Configure, spec 3 configSchema). */
export function ConfigFields({ schema, control, locks = {} }: ConfigFormProps) {
  return (
    <Stack gap="md">
      <Properties
        properties={schema.properties}
        required={schema.required}
        prefix=""
        control={control as unknown as Control<FieldValues>}
        locks={locks}
      />
    </Stack>
  );
}

function Properties({
  properties,
  required = [],
  prefix,
  control,
  locks,
}: {
  properties: Record<string, ConfigProperty>;
  required?: string[];
  prefix: string;
  control: Control<FieldValues>;
  locks: OptionLocks;
}) {
  return Object.entries(properties).map(([key, property]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (property.type === 'object') {
      return (
        <Fieldset key={name} legend={property.title ?? key}>
          <Stack gap="md">
            {property.description && (
              <Text size="sm" c="dimmed">
                {property.description}
              </Text>
            )}
            <Properties
              properties={property.properties}
              required={property.required}
              prefix={name}
              control={control}
              locks={locks}
            />
          </Stack>
        </Fieldset>
      );
    }
    return (
      <Field
        key={name}
        name={name}
        property={property}
        required={required.includes(key)}
        control={control}
        fallbackLabel={key}
        lock={locks[name]}
      />
    );
  });
}

function Field({
  name,
  property,
  required,
  control,
  fallbackLabel,
  lock,
}: {
  name: string;
  property: ConfigProperty;
  required: boolean;
  control: Control<FieldValues>;
  fallbackLabel: string;
  lock: OptionLock | undefined;
}) {
  const label = property.title ?? fallbackLabel;
  const hint = exampleHint(property);
  const description: ReactNode =
    property.description || hint || lock ? (
      <>
        {property.description}
        {property.description && hint ? ' ' : null}
        {hint && (
          // A URL in the hint breaks anywhere rather than run past a phone's screen.
          <span data-testid="example-hint" style={{ overflowWrap: 'anywhere' }}>
            {hint}
          </span>
        )}
        {lock && (
          <>
            {property.description || hint ? ' ' : null}
            <span data-testid="plan-hint">{lock.hint}</span>
          </>
        )}
      </>
    ) : undefined;
  const locked = (value: string) => lock?.disabled.has(value) ?? false;
  const widget = widgetOf(property);
  const options = uiOptions(property);

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const common = {
          label,
          description,
          required,
          error: fieldState.error?.message,
          placeholder: fieldPlaceholder(property),
        };
        switch (widget) {
          case 'select': {
            const values = property.type === 'string' ? (property.enum ?? []) : [];
            return (
              <NativeSelect
                {...common}
                ref={field.ref}
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                data={values.map((value) => ({
                  value,
                  label: optionLabel(property, value),
                  disabled: locked(value),
                }))}
              />
            );
          }
          case 'radio': {
            const values = property.type === 'string' ? (property.enum ?? []) : [];
            return (
              <Radio.Group {...common} value={String(field.value ?? '')} onChange={field.onChange}>
                <Group mt="xs">
                  {values.map((value) => (
                    <Radio
                      key={value}
                      value={value}
                      label={optionLabel(property, value)}
                      disabled={locked(value)}
                    />
                  ))}
                </Group>
              </Radio.Group>
            );
          }
          case 'checkboxes': {
            const values = property.type === 'array' ? (property.items.enum ?? []) : [];
            return (
              <Checkbox.Group
                {...common}
                value={Array.isArray(field.value) ? field.value : []}
                onChange={field.onChange}
              >
                <Group mt="xs">
                  {values.map((value) => (
                    <Checkbox key={value} value={value} label={optionLabel(property, value)} />
                  ))}
                </Group>
              </Checkbox.Group>
            );
          }
          case 'multiselect': {
            const values = property.type === 'array' ? (property.items.enum ?? []) : [];
            return (
              <MultiSelect
                {...common}
                value={Array.isArray(field.value) ? field.value : []}
                onChange={field.onChange}
                data={values.map((value) => ({ value, label: optionLabel(property, value) }))}
              />
            );
          }
          case 'tags':
            return (
              <TagsInput
                {...common}
                value={Array.isArray(field.value) ? field.value : []}
                onChange={field.onChange}
                clearable
              />
            );
          case 'lines': {
            const lines: string[] = Array.isArray(field.value) ? field.value : [];
            return (
              <Textarea
                {...common}
                ref={field.ref}
                rows={typeof options.rows === 'number' ? options.rows : 6}
                value={lines.join('\n')}
                // One item a line; blank lines are dropped when the config is sent.
                onChange={(event) => field.onChange(event.currentTarget.value.split('\n'))}
                onBlur={field.onBlur}
              />
            );
          }
          case 'textarea':
            return (
              <Textarea
                {...common}
                ref={field.ref}
                rows={typeof options.rows === 'number' ? options.rows : 4}
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
              />
            );
          case 'switch':
          case 'checkbox': {
            const Toggle = widget === 'switch' ? Switch : Checkbox;
            return (
              <Toggle
                label={label}
                // The toggle's visible label is not tied to its input; name it for assistive technology.
                aria-label={label}
                description={description}
                error={common.error}
                ref={field.ref}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            );
          }
          case 'number': {
            const bounds = property.type === 'integer' || property.type === 'number' ? property : undefined;
            return (
              <NumberInput
                {...common}
                ref={field.ref}
                value={
                  field.value === '' || field.value === undefined ? '' : (field.value as number | string)
                }
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={bounds?.minimum}
                max={bounds?.maximum}
                step={typeof options.step === 'number' ? options.step : 1}
                // Spec 5: numeric fields are whole numbers.
                allowDecimal={false}
                clampBehavior="none"
                thousandSeparator=","
              />
            );
          }
          default:
            return (
              <TextInput
                {...common}
                ref={field.ref}
                type={widget === 'date' ? 'date' : widget === 'url' ? 'url' : 'text'}
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
              />
            );
        }
      }}
    />
  );
}
