import { Badge, Table, Text } from '@mantine/core';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS, RUN_STATUS_LOOK } from './analytics-texts';
import { Block } from './ChartSection';
import { formatMoment } from './format';

/** A run's stage as the engine records it ('follow_up', 'connect'): words a person reads. */
function stageLabel(stage: string): string {
  const words = stage.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : ANALYTICS_TEXTS.none;
}

/** Spec 2.4 'recent executions': each run's stage, status, start and end (executionHistory). */
export function ExecutionHistory({ analytics }: { analytics: FlowAnalytics }) {
  const runs = analytics.executionHistory;
  return (
    <Block title={ANALYTICS_TEXTS.history} testId="block-history">
      {runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ANALYTICS_TEXTS.noHistory}
        </Text>
      ) : (
        <Table striped verticalSpacing="xs" aria-label={ANALYTICS_TEXTS.historyCaption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{ANALYTICS_TEXTS.stage}</Table.Th>
              <Table.Th scope="col">{ANALYTICS_TEXTS.status}</Table.Th>
              <Table.Th scope="col">{ANALYTICS_TEXTS.startedAt}</Table.Th>
              <Table.Th scope="col">{ANALYTICS_TEXTS.completedAt}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => {
              const look = RUN_STATUS_LOOK[run.status] ?? { label: run.status, color: 'gray' };
              return (
                <Table.Tr key={run.jobId} data-testid="execution-row">
                  <Table.Td>
                    <Text size="sm">{stageLabel(run.stage)}</Text>
                    {run.message && (
                      <Text size="xs" c="dimmed">
                        {run.message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={look.color}>
                      {look.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatMoment(run.startedAt, analytics.timezone)}</Table.Td>
                  <Table.Td>
                    {run.completedAt
                      ? formatMoment(run.completedAt, analytics.timezone)
                      : run.status === 'RUNNING'
                        ? ANALYTICS_TEXTS.inProgress
                        : ANALYTICS_TEXTS.none}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Block>
  );
}
