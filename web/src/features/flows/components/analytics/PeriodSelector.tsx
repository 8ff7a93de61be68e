import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS, PERIOD_LABELS } from './analytics-texts';

/**
 * Spec 2.4: 7d, 30d or 90d, under a visible label. Chips that are radio buttons of one name, as the
 * flows list's platform filter: Tab reaches the chosen one, the arrow keys choose another. (Mantine's
 * SegmentedControl would add its stylesheet to every page's: app/mantine-styles.css.)
 */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  const label = useId();
  const name = useId();
  return (
    <Stack gap={6}>
      <Text id={label} size="sm" fw={600}>
        {ANALYTICS_TEXTS.period}
      </Text>
      <Chip.Group value={value} onChange={(next) => onChange(next as AnalyticsPeriod)}>
        <Group gap="xs" role="radiogroup" aria-labelledby={label}>
          {ANALYTICS_PERIODS.map((period) => (
            <Chip key={period} value={period} name={name} variant="outline" size="sm">
              {PERIOD_LABELS[period]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
