import { Badge, Text } from '@mantine/core';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import classes from './analytics.module.css';
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
        <table className={classes.table} aria-label={ANALYTICS_TEXTS.historyCaption}>
          <thead>
            <tr>
              <th scope="col">{ANALYTICS_TEXTS.stage}</th>
              <th scope="col">{ANALYTICS_TEXTS.status}</th>
              <th scope="col">{ANALYTICS_TEXTS.startedAt}</th>
              <th scope="col">{ANALYTICS_TEXTS.completedAt}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => {
              const look = RUN_STATUS_LOOK[run.status] ?? { label: run.status, color: 'gray' };
              return (
                <tr key={run.jobId} data-testid="execution-row">
                  <td>
                    <Text size="sm">{stageLabel(run.stage)}</Text>
                    {run.message && (
                      <Text size="xs" c="dimmed">
                        {run.message}
                      </Text>
                    )}
                  </td>
                  <td>
                    <Badge variant="light" color={look.color}>
                      {look.label}
                    </Badge>
                  </td>
                  <td>{formatMoment(run.startedAt, analytics.timezone)}</td>
                  <td>
                    {run.completedAt
                      ? formatMoment(run.completedAt, analytics.timezone)
                      : run.status === 'RUNNING'
                        ? ANALYTICS_TEXTS.inProgress
                        : ANALYTICS_TEXTS.none}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Block>
  );
}
