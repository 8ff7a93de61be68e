import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Automation } from '../../../../../shared/automations-values';
import { AUTOMATIONS_TEXTS, detailPath } from '../automation-display';
import { AutomationName } from './AutomationName';
import { StatusBadge } from './StatusBadge';

const runs = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'run' : 'runs'}`;
const leads = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'}`;

/** Part 2 section 2.9: Automation, Status, Results (the number of runs), Actions. */
export function CompletedAutomationsTable({ automations }: { automations: readonly Automation[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Completed automations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Automation</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Results</Table.Th>
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
                <Text size="sm" data-testid="results">
                  {runs(automation.totalRuns ?? 0)}
                </Text>
                {automation.totalLeads > 0 && (
                  <Text size="xs" c="dimmed">
                    {leads(automation.totalLeads)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={detailPath(automation.id)} size="sm" fw={600}>
                  {AUTOMATIONS_TEXTS.viewDetailsCompleted}
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
