import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Automation } from '../../../../../shared/automations-values';
import { AUTOMATIONS_TEXTS, detailPath, intervalLabel } from '../automation-display';
import { AutomationName } from './AutomationName';
import { JobProgressBar } from './JobProgressBar';
import { NextRun } from './NextRun';
import { StatusBadge } from './StatusBadge';

/** Part 2 section 2.8: Automation, Status, Schedule, Progress, Actions. Scrolls sideways on a phone. */
export function ActiveAutomationsTable({ automations }: { automations: readonly Automation[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Active automations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Automation</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Schedule</Table.Th>
            <Table.Th scope="col" w={200}>
              Progress
            </Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {automations.map((automation) => (
            <Table.Tr key={automation.id} data-testid="automation-row">
              <Table.Td>
                <AutomationName automation={automation} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={automation.status} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{intervalLabel(automation.interval) ?? 'Runs once'}</Text>
                  <NextRun nextRunAt={automation.nextRunAt} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <JobProgressBar
                  progress={automation.progress}
                  label={`Progress of ${automation.displayName}`}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={detailPath(automation.id)} size="sm" fw={600}>
                  {AUTOMATIONS_TEXTS.viewDetailsActive}
                  <VisuallyHidden> of {automation.displayName}</VisuallyHidden>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
