import { Alert, Button, Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { type Automation, automationIdOfJob, type Job } from '../../../../../shared/automations-values';
import { LoadingStatus } from '../../../lib/ui/LoadingStatus';
import { useRuns } from '../api/jobs';
import { AUTOMATIONS_TEXTS, formatDateTime } from '../automation-display';
import { StatusBadge } from './StatusBadge';

/**
 * Whether the detail shows the Runs card: an automation with more than one run (DECISIONS 23), ended
 * or under way (its current job is a later one, `<automationId>.<n>`).
 */
export const showsRuns = (automation: Pick<Automation, 'id' | 'jobId' | 'totalRuns'>): boolean =>
  (automation.totalRuns ?? 0) > 1 ||
  (automation.jobId !== automation.id && automationIdOfJob(automation.jobId ?? '') === automation.id);

/** What a run's report says in a line: its completeness summary, or why it failed or stopped. */
export const runReport = (job: Job): string => job.report?.summary ?? job.error ?? job.message ?? '—';

/**
 * The automation's runs, newest first (issue 19 point 1): when, status, leads added and the report,
 * ten at a time with 'Load more runs'.
 */
export function RunsCard({ automation }: { automation: Automation }) {
  const headingId = useId();
  const { runs, error, isLoading, hasMore, isLoadingMore, loadMore, reload } = useRuns(automation.id);
  // A run that starts or ends moves the automation's current job, run count or status: read again
  // (not on the first render, which reads them anyway).
  const seen = `${automation.jobId}|${automation.totalRuns}|${automation.status}`;
  const lastSeen = useRef(seen);
  useEffect(() => {
    if (lastSeen.current === seen) return;
    lastSeen.current = seen;
    void reload();
  }, [seen, reload]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {AUTOMATIONS_TEXTS.runsTitle}
      </Title>
      {error !== undefined && runs.length === 0 ? (
        <Alert color="red" title={AUTOMATIONS_TEXTS.runsFailed}>
          <Button variant="light" color="red" size="xs" onClick={() => void reload()}>
            {AUTOMATIONS_TEXTS.tryAgain}
          </Button>
        </Alert>
      ) : isLoading ? (
        <LoadingStatus size="sm" label={AUTOMATIONS_TEXTS.runsLoading} />
      ) : runs.length === 0 ? (
        <Text c="dimmed">{AUTOMATIONS_TEXTS.runsEmpty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" striped>
              <VisuallyHidden component="caption">{AUTOMATIONS_TEXTS.runsCaption}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Leads added</Table.Th>
                  <Table.Th scope="col">Report</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.map((job) => (
                  <Table.Tr key={job.id} data-testid="run-row">
                    <Table.Td>{formatDateTime(job.startedAt ?? job.createdAt) ?? '—'}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={job.status} />
                    </Table.Td>
                    <Table.Td>{job.leadsAdded.toLocaleString('en-US')}</Table.Td>
                    <Table.Td>{runReport(job)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {hasMore && (
            <Button
              variant="subtle"
              mt="sm"
              onClick={() => void loadMore()}
              aria-busy={isLoadingMore}
              disabled={isLoadingMore}
            >
              {AUTOMATIONS_TEXTS.runsMore}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
