import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { type Automation, dashboardStatusLabel } from '../../../../../shared/automations-values';
import { RECENT_AUTOMATIONS } from '../api/dashboard';

const badgeColors = { Active: 'green', Completed: 'blue', Inactive: 'gray' } as const;

/** The status in words next to the date: the badge folds pending, running, failed... into Inactive. */
const statusWords = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function RecentAutomationsCardView({ automations }: { automations: readonly Automation[] }) {
  const headingId = useId();
  const recent = automations.slice(0, RECENT_AUTOMATIONS);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          Recent Automations
        </Title>
        <Anchor component={Link} to="/automations" size="sm">
          View all
        </Anchor>
      </Group>
      {recent.length === 0 ? (
        <Text c="dimmed" size="sm" mt="md">
          No automations yet. Start one from a template and it will appear here.
        </Text>
      ) : (
        <Stack gap="sm" mt="md">
          {recent.map((automation) => {
            const label = dashboardStatusLabel(automation.status);
            return (
              <Group key={automation.id} justify="space-between" wrap="nowrap">
                <div>
                  <Anchor component={Link} to={`/automations/${automation.id}`} fw={600}>
                    {automation.displayName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {statusWords(automation.status)} · created{' '}
                    {dateFormat.format(new Date(automation.createdAt))}
                  </Text>
                </div>
                <Badge color={badgeColors[label]} variant="light">
                  {label}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** Memoised: the dashboard re-renders as each of its three answers arrives (issue 10 point 7). */
export const RecentAutomationsCard = memo(RecentAutomationsCardView);
