import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/auth';
import { planBadgeLabel, planOrFree, showsUpgradeLink } from '../../../../shared/plan-policy';
import { formatDate } from './format';

/** Spec 2.2: the plan badge, a trial's end date, and 'Upgrade Plan' for TRIAL and BASE users. */
export function PlanStatus({ user }: { user: Pick<User, 'plan' | 'trialEndsAt'> }) {
  const plan = planOrFree(user.plan);
  const trialEnd = plan === 'TRIAL' ? formatDate(user.trialEndsAt) : undefined;

  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        variant="light"
        color={plan === 'TRIAL' ? 'orange' : 'indigo'}
        tt="none"
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {planBadgeLabel(plan)}
      </Badge>
      {trialEnd && (
        <Text size="sm" c="dimmed" visibleFrom="xs">
          Trial ends {trialEnd}
        </Text>
      )}
      {showsUpgradeLink(plan) && (
        <Button
          component={Link}
          to="/pricing"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          leftSection={<IconCrown size={14} aria-hidden />}
        >
          Upgrade Plan
        </Button>
      )}
    </Group>
  );
}
