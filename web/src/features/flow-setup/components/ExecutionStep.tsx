import { SimpleGrid, Stack } from '@mantine/core';
import {
  FLOW_PROSPECTS_PER_RUN,
  FLOW_RUNS_PER_DAY,
  TIMEZONE_OPTIONS,
  WITHDRAW_AFTER_DAYS,
} from '../../../../../shared/flow-options';
import { WIZARD_TEXTS } from '../setup-texts';
import type { WizardForm } from './field-helpers';
import { LaterField, type LaterFieldSpec } from './LaterField';

const HOURS = 'executionSettings.workingHours';

/** Step 3's fields in their order: the grid's, then the weekend switch on a line of its own. */
export const EXECUTION_FIELDS: readonly LaterFieldSpec[] = [
  {
    kind: 'number',
    name: 'executionSettings.runsPerDay',
    label: WIZARD_TEXTS.runsPerDay,
    description: `${FLOW_RUNS_PER_DAY.min} to ${FLOW_RUNS_PER_DAY.max}`,
    required: true,
    min: FLOW_RUNS_PER_DAY.min,
    max: FLOW_RUNS_PER_DAY.max,
  },
  {
    kind: 'number',
    name: 'executionSettings.prospectsPerRun',
    label: WIZARD_TEXTS.prospectsPerRun,
    description: `${FLOW_PROSPECTS_PER_RUN.min} to ${FLOW_PROSPECTS_PER_RUN.max}`,
    required: true,
    min: FLOW_PROSPECTS_PER_RUN.min,
    max: FLOW_PROSPECTS_PER_RUN.max,
  },
  {
    kind: 'number',
    name: 'executionSettings.withdrawAfterDays',
    label: WIZARD_TEXTS.withdrawAfterDays,
    description: WIZARD_TEXTS.withdrawAfterDaysHint,
    placeholder: String(WITHDRAW_AFTER_DAYS.default),
    min: WITHDRAW_AFTER_DAYS.min,
    max: WITHDRAW_AFTER_DAYS.max,
    // Left empty: the flow withdraws after the default days.
    emptyIsDefault: true,
  },
  {
    kind: 'time',
    name: `${HOURS}.start`,
    label: WIZARD_TEXTS.workingHoursStart,
    required: true,
    clears: HOURS,
  },
  { kind: 'time', name: `${HOURS}.end`, label: WIZARD_TEXTS.workingHoursEnd, required: true, clears: HOURS },
  {
    kind: 'select',
    name: `${HOURS}.timezone`,
    label: WIZARD_TEXTS.timezone,
    required: true,
    options: TIMEZONE_OPTIONS,
  },
  {
    kind: 'switch',
    name: 'executionSettings.enableWeekends',
    label: WIZARD_TEXTS.enableWeekends,
    wide: true,
  },
];

/** Step 3, Execution (spec 2.3, 5, 9): runs per day, prospects per run, working hours, time zone, weekends. */
export function ExecutionStep({ form }: { form: WizardForm }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {EXECUTION_FIELDS.filter((spec) => !spec.wide).map((spec) => (
          <LaterField key={spec.name} form={form} spec={spec} />
        ))}
      </SimpleGrid>
      {EXECUTION_FIELDS.filter((spec) => spec.wide).map((spec) => (
        <LaterField key={spec.name} form={form} spec={spec} />
      ))}
    </Stack>
  );
}
