import { NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  FLOW_PROSPECTS_PER_RUN,
  FLOW_RUNS_PER_DAY,
  TIMEZONE_OPTIONS,
  WITHDRAW_AFTER_DAYS,
} from '../../../../../shared/flows';
import { WIZARD_TEXTS } from '../flows-texts';
import { messageOf } from '../wizard-form';
import { changer, type WizardForm } from './field-helpers';

/** A NumberInput's value for the form: a number, or '' when the field is empty (the schema's message). */
const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/** Step 3, Execution (spec 2.3, 5, 9): runs per day, prospects per run, working hours, time zone, weekends. */
export function ExecutionStep({ form }: { form: WizardForm }) {
  const { control } = form;
  const hours = 'executionSettings.workingHours' as const;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          name="executionSettings.runsPerDay"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              label={WIZARD_TEXTS.runsPerDay}
              description={`${FLOW_RUNS_PER_DAY.min} to ${FLOW_RUNS_PER_DAY.max}`}
              required
              min={FLOW_RUNS_PER_DAY.min}
              max={FLOW_RUNS_PER_DAY.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={field.value as number | string}
              onChange={(value) => changer(form, field.name)(field.onChange)(numberOrEmpty(value))}
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
        <Controller
          name="executionSettings.prospectsPerRun"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              label={WIZARD_TEXTS.prospectsPerRun}
              description={`${FLOW_PROSPECTS_PER_RUN.min} to ${FLOW_PROSPECTS_PER_RUN.max}`}
              required
              min={FLOW_PROSPECTS_PER_RUN.min}
              max={FLOW_PROSPECTS_PER_RUN.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={field.value as number | string}
              onChange={(value) => changer(form, field.name)(field.onChange)(numberOrEmpty(value))}
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
        <Controller
          name="executionSettings.withdrawAfterDays"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              label={WIZARD_TEXTS.withdrawAfterDays}
              description={WIZARD_TEXTS.withdrawAfterDaysHint}
              placeholder={String(WITHDRAW_AFTER_DAYS.default)}
              min={WITHDRAW_AFTER_DAYS.min}
              max={WITHDRAW_AFTER_DAYS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={(field.value as number | undefined) ?? ''}
              // Left empty: the flow withdraws after the default days.
              onChange={(value) =>
                changer(form, field.name)(field.onChange)(value === '' ? undefined : Number(value))
              }
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
        <Controller
          name="executionSettings.workingHours.start"
          control={control}
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              type="time"
              label={WIZARD_TEXTS.workingHoursStart}
              required
              value={field.value ?? ''}
              onChange={(event) =>
                changer(form, field.name, hours)(field.onChange)(event.currentTarget.value)
              }
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
        <Controller
          name="executionSettings.workingHours.end"
          control={control}
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              type="time"
              label={WIZARD_TEXTS.workingHoursEnd}
              required
              value={field.value ?? ''}
              onChange={(event) =>
                changer(form, field.name, hours)(field.onChange)(event.currentTarget.value)
              }
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
        <Controller
          name="executionSettings.workingHours.timezone"
          control={control}
          render={({ field, fieldState }) => (
            <NativeSelect
              ref={field.ref}
              label={WIZARD_TEXTS.timezone}
              required
              data={TIMEZONE_OPTIONS.map((option) => ({ ...option }))}
              value={field.value ?? ''}
              onChange={(event) => changer(form, field.name)(field.onChange)(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        name="executionSettings.enableWeekends"
        control={control}
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={WIZARD_TEXTS.enableWeekends}
            checked={field.value === true}
            onChange={(event) => changer(form, field.name)(field.onChange)(event.currentTarget.checked)}
            onBlur={field.onBlur}
          />
        )}
      />
    </Stack>
  );
}
