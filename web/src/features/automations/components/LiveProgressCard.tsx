import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Automation } from '../../../../../shared/automations-values';
import type { ConnectionState } from '../../../lib/realtime';
import { ConnectionIndicator } from './ConnectionIndicator';
import { JobProgressBar } from './JobProgressBar';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} data-testid="figure-value">
        {value.toLocaleString('en-US')}
      </Text>
    </div>
  );
}

/** Part 2 section 2.10: the live progress of a running or active automation. */
export function LiveProgressCard({
  automation,
  connection,
}: {
  automation: Automation;
  connection: ConnectionState;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          Live Progress
        </Title>
        <ConnectionIndicator state={connection} />
      </Group>
      <Stack gap="sm">
        <JobProgressBar progress={automation.progress} label="Job progress" size="lg" />
        <div>
          <Text size="sm">
            <Text span fw={600}>
              Stage:
            </Text>{' '}
            <span data-testid="live-stage">{automation.stage || '—'}</span>
          </Text>
          {automation.message && (
            <Text size="sm" c="dimmed" data-testid="live-message">
              {automation.message}
            </Text>
          )}
        </div>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
          <Figure label="Completed tasks" value={automation.completedTasks ?? 0} />
          <Figure label="Total tasks" value={automation.totalTasks ?? 0} />
          <Figure label="Successful tasks" value={automation.successTasks ?? 0} />
          <Figure label="Failed tasks" value={automation.failedTasks ?? 0} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
