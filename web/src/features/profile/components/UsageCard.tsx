import { Card, Group, Progress, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { isNearLimit, limitsFor, usagePercent } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';

/**
 * Spec 2.12 and 9: usage as a percentage of the plan's monthly profile limit. Nothing is extracted
 * yet, so the count is 0; the extraction (leads) issue plugs the user's real count of profiles
 * collected this month in here, from the API.
 */
export function useMonthlyProfileUsage(): number {
  return 0;
}

export function UsageCard({ plan }: { plan: UserPlan }) {
  const headingId = useId();
  const used = useMonthlyProfileUsage();
  const limit = limitsFor(plan).monthlyProfiles;
  const percent = Math.round(usagePercent(used, limit));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id={headingId}>
          Monthly Usage
        </Title>
        <Text size="sm" fw={600}>
          {percent}%
        </Text>
      </Group>
      <Progress
        value={Math.min(percent, 100)}
        color={isNearLimit(used, limit) ? 'orange' : 'indigo'}
        aria-label="Monthly profile usage"
      />
      <Text size="sm" c="dimmed" mt="xs">
        {used.toLocaleString('en-US')} of {limit.toLocaleString('en-US')} profiles used this month
      </Text>
    </Card>
  );
}
