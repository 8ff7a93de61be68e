import { Group, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useQueueStatus } from '../api/automations';
import { queueSummary } from '../automation-display';

/** The run queue in one line (`GET /api/automation/queue`, reloaded every 30 s). */
export function QueueLine() {
  const queue = useQueueStatus();
  if (!queue) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="queue-line">
      <IconStack2 size={16} aria-hidden />
      <Text size="sm" c="dimmed">
        Queue: {queueSummary(queue)}
      </Text>
    </Group>
  );
}
