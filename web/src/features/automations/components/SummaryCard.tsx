import { Card, Title } from '@mantine/core';
import { useId } from 'react';
import type { Automation } from '../../../../../shared/automations-values';
import { platformLabel } from '../../../../../shared/platforms';
import { formatDateTime, intervalLabel, successRate } from '../automation-display';
import { type Fact, FactTable } from './FactTable';
import { NextRun } from './NextRun';

/** Part 2 section 2.10 'summary card': what it is, when it ran, how it went. */
export function SummaryCard({ automation }: { automation: Automation }) {
  const headingId = useId();
  const facts: Fact[] = [
    ['Template', automation.displayName],
    ['Platform', platformLabel(automation.platform)],
    ['Created', formatDateTime(automation.createdAt) ?? '—'],
    ['Schedule', intervalLabel(automation.interval) ?? 'Runs once'],
  ];
  if (automation.interval || automation.nextRunAt) {
    facts.push(['Next run', <NextRun key="next" nextRunAt={automation.nextRunAt} />]);
  }
  const lastRun = formatDateTime(automation.lastRunAt);
  if (lastRun) facts.push(['Last run', lastRun]);
  facts.push(['Runs', (automation.totalRuns ?? 0).toLocaleString('en-US')]);
  const rate = successRate(automation);
  if (rate) facts.push(['Success rate', rate]);
  facts.push(['Leads', (automation.totalLeads ?? 0).toLocaleString('en-US')]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Summary
      </Title>
      <FactTable facts={facts} label="Summary" />
    </Card>
  );
}
