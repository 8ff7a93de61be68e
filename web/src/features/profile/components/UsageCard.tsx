import { Card, Group, Progress, Text, Title } from '@mantine/core';
import { useId } from 'react';
import useSWR from 'swr';
import { isNearLimit, limitsFor, type MonthlyUsage, usagePercent } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';

/**
 * Spec 2.12 and 9: usage as a percentage of the plan's monthly profile limit: the profiles the user's
 * runs stored this month (DECISIONS 22), from `GET /api/users/usage`; 0 until it answers.
 */
export const USAGE_KEY = '/users/usage';

export function useMonthlyProfileUsage(): number {
  const { data } = useSWR<{ data: { usage: MonthlyUsage } }>(USAGE_KEY);
  return data?.data.usage.profilesUsed ?? 0;
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
