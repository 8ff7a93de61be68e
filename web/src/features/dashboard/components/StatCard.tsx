import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { memo, useId } from 'react';

interface StatCardProps {
  label: string;
  /** Undefined while the stats load (or when they failed: spec 2.8 only logs that). */
  value: number | undefined;
  loading?: boolean;
  /** A line under the number, such as the counter's range. */
  hint?: string;
  icon: Icon;
  color: string;
}

function StatCardView({ label, value, loading, hint, icon: CardIcon, color }: StatCardProps) {
  const labelId = useId();
  return (
    <Card withBorder padding="lg" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={labelId} size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading && value === undefined ? (
            // The value's own height (32 px × 1.2), so nothing below moves when it arrives.
            <Skeleton height={38.4} width={48} aria-label="Loading" />
          ) : (
            <Text fz={32} fw={700} lh={1.2} data-testid="stat-value">
              {value ?? 0}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          <CardIcon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Memoised: the dashboard re-renders as each of its three answers arrives (issue 10 point 7). */
export const StatCard = memo(StatCardView);
