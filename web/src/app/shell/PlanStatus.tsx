import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/auth';
import {
  planBadgeLabel,
  planOrFree,
  showsUpgradeLink,
  trialDaysRemaining,
} from '../../../../shared/plan-policy';
import { formatDate } from './format';

/**
 * Spec 2.2: the plan badge, a trial's end date with the days remaining (section 4: rounded up, at least
 * 0), and 'Upgrade Plan' for TRIAL and BASE users.
 */
export function PlanStatus({ user }: { user: Pick<User, 'plan' | 'trialEndsAt'> }) {
  const plan = planOrFree(user.plan);
  const trialEnd = plan === 'TRIAL' ? formatDate(user.trialEndsAt) : undefined;
  const daysLeft = trialEnd ? trialDaysRemaining(user.trialEndsAt) : 0;

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
      {trialEnd && (
        <Text size="sm" c="dimmed" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
          ({daysLeft} {daysLeft === 1 ? 'day' : 'days'} left)
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
