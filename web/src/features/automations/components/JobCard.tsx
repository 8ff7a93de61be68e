import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarStats, IconListCheck } from '@tabler/icons-react';
import { useId } from 'react';
import type { Automation } from '../../../../../shared/automations-values';
import { formatDateTime, percent } from '../automation-display';
import { type Fact, FactTable } from './FactTable';
import { StatusBadge } from './StatusBadge';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * The job: its status and progress, the error text when it failed (part 2 section 2.10), the
 * completeness report of a finished job and the budget forecast of a long one (issue 11 points 8, 10).
 */
export function JobCard({ automation }: { automation: Automation }) {
  const headingId = useId();
  const { report, forecast } = automation;
  const facts: Fact[] = [
    ['Status', <StatusBadge key="status" status={automation.status} />],
    ['Progress', `${percent(automation.progress)}%`],
  ];
  const started = formatDateTime(automation.startedAt);
  if (started) facts.push(['Started', started]);
  const completed = formatDateTime(automation.completedAt);
  if (completed) facts.push(['Completed', completed]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Job
      </Title>
      <Stack gap="sm">
        <FactTable facts={facts} label="Job" />
        {automation.status === 'failed' && (
          <Alert color="red" variant="light" title="Error" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Text size="sm" data-testid="job-error">
              {automation.errorMessage || 'The job failed.'}
            </Text>
          </Alert>
        )}
        {automation.status === 'paused' && automation.errorMessage && (
          <Alert
            color="yellow"
            variant="light"
            title="Paused"
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            <Text size="sm" data-testid="paused-reason">
              {automation.errorMessage}
            </Text>
          </Alert>
        )}
        {report && (
          <Alert
            color="blue"
            variant="light"
            role="note"
            title="Completeness"
            icon={<IconListCheck size={18} aria-hidden />}
          >
            <Text size="sm" data-testid="report-summary">
              {report.summary}
            </Text>
            <FactTable
              label="Completeness figures"
              facts={[
                ...(report.available !== undefined ? ([['Available', n(report.available)]] as const) : []),
                ['Found', n(report.found)],
                ['Stored', n(report.stored)],
                ['Skipped (hidden)', n(report.skipped.hidden)],
                ['Skipped (filtered)', n(report.skipped.filtered)],
                ['Skipped (duplicates)', n(report.skipped.duplicates)],
                ...(report.platformCap !== undefined
                  ? ([['Platform cap', n(report.platformCap)]] as const)
                  : []),
              ]}
            />
          </Alert>
        )}
        {forecast && (
          <Alert
            color="yellow"
            variant="light"
            role="note"
            title="Forecast"
            icon={<IconCalendarStats size={18} aria-hidden />}
          >
            <Text size="sm" data-testid="forecast-summary">
              {forecast.summary}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
