import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardAutomation } from '../api/dashboard';

/** Spec 2.8: the 3 newest automations. */
export const RECENT_AUTOMATIONS = 3;

function statusBadge(status: string): { label: string; color: string } {
  if (status === 'active') return { label: 'Active', color: 'green' };
  if (status === 'completed') return { label: 'Completed', color: 'blue' };
  return { label: 'Inactive', color: 'gray' };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function RecentAutomationsCard({ automations }: { automations: readonly DashboardAutomation[] }) {
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
            const badge = statusBadge(automation.status);
            return (
              <Group key={automation.id} justify="space-between" wrap="nowrap">
                <div>
                  <Anchor component={Link} to={`/automations/${automation.id}`} fw={600}>
                    {automation.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {dateFormat.format(new Date(automation.createdAt))}
                  </Text>
                </div>
                <Badge color={badge.color} variant="light">
                  {badge.label}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
