import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Automation } from '../../../../../shared/automations-values';
import { BusyButton } from '../../../lib/ui/BusyButton';
import { useResumeAutomation } from '../api/resume';
import { AUTOMATIONS_TEXTS, canResume, detailPath, intervalLabel } from '../automation-display';
import { AutomationName } from './AutomationName';
import { JobProgressBar } from './JobProgressBar';
import { NextRun } from './NextRun';
import { StatusBadge } from './StatusBadge';

/** One automation of the active list; a paused one offers Resume beside 'View details' (DECISIONS 25). */
function ActiveAutomationRow({ automation }: { automation: Automation }) {
  const { busy, resume } = useResumeAutomation();
  const details = useRef<HTMLAnchorElement>(null);
  const onResume = async () => {
    // Resume goes with the paused status: keep the keyboard user's place on the row's other action.
    if (await resume(automation)) details.current?.focus();
  };
  return (
    <Table.Tr data-testid="automation-row">
      <Table.Td>
        <AutomationName automation={automation} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <StatusBadge status={automation.status} />
          {/* Why it paused (a platform's check, three failed runs in a row), so the user knows what to fix. */}
          {automation.status === 'paused' && automation.errorMessage && (
            <Text size="xs" c="dimmed" data-testid="paused-reason" maw={260}>
              {automation.errorMessage}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{intervalLabel(automation.interval) ?? 'Runs once'}</Text>
          <NextRun nextRunAt={automation.nextRunAt} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <JobProgressBar progress={automation.progress} label={`Progress of ${automation.displayName}`} />
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Anchor ref={details} component={Link} to={detailPath(automation.id)} size="sm" fw={600}>
            {AUTOMATIONS_TEXTS.viewDetailsActive}
            <VisuallyHidden> of {automation.displayName}</VisuallyHidden>
          </Anchor>
          {canResume(automation.status) && (
            <BusyButton
              size="xs"
              variant="light"
              color="yellow"
              busy={busy}
              icon={<IconPlayerPlay size={14} aria-hidden />}
              onClick={() => void onResume()}
            >
              {AUTOMATIONS_TEXTS.resume} <VisuallyHidden>{automation.displayName}</VisuallyHidden>
            </BusyButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Part 2 section 2.8: Automation, Status, Schedule, Progress, Actions; with DECISIONS 25's paused
 * automations and their Resume. Scrolls sideways on a phone.
 */
export function ActiveAutomationsTable({ automations }: { automations: readonly Automation[] }) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
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
            <ActiveAutomationRow key={automation.id} automation={automation} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
