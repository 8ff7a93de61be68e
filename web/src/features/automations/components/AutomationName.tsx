import { Text } from '@mantine/core';
import type { Automation } from '../../../../../shared/automations-values';
import { platformLabel } from '../../../../../shared/platforms';
import { formatDateTime } from '../automation-display';

/** The Automation cell: its name, then its platform and when it was started. */
export function AutomationName({ automation }: { automation: Automation }) {
  return (
    <>
      <Text fw={600} size="sm">
        {automation.displayName}
      </Text>
      <Text size="xs" c="dimmed">
        {platformLabel(automation.platform)} · started {formatDateTime(automation.createdAt)}
      </Text>
    </>
  );
}
