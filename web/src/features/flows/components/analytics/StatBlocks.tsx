import { Group, Progress, SimpleGrid, Text } from '@mantine/core';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { Block } from './ChartSection';
import { formatCount, formatMoment, percentOf } from './format';

interface Stat {
  label: string;
  value: string;
  /** The test's handle on the value. */
  id: string;
  /** What the figure counts, when its label alone does not say. */
  hint?: string;
}

/** Figures as a description list: each label read with its value. */
function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" m={0}>
      {stats.map((stat) => (
        <div key={stat.id}>
          <Text component="dt" size="xs" c="dimmed">
            {stat.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" data-testid={`stat-${stat.id}`}>
            {stat.value}
          </Text>
          {stat.hint && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {stat.hint}
            </Text>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Spec 2.4 'overview stats': the runs (executionStats). */
export function OverviewBlock({ analytics }: { analytics: FlowAnalytics }) {
  const stats = analytics.executionStats;
  return (
    <Block title={ANALYTICS_TEXTS.overview} testId="block-overview">
      <StatList
        stats={[
          { id: 'total-runs', label: ANALYTICS_TEXTS.totalRuns, value: formatCount(stats.totalRuns) },
          {
            id: 'successful-runs',
            label: ANALYTICS_TEXTS.successfulRuns,
            value: formatCount(stats.successfulRuns),
          },
          { id: 'failed-runs', label: ANALYTICS_TEXTS.failedRuns, value: formatCount(stats.failedRuns) },
          { id: 'success-rate', label: ANALYTICS_TEXTS.successRate, value: stats.successRate },
          {
            id: 'last-success',
            label: ANALYTICS_TEXTS.lastSuccessfulRun,
            value: stats.lastSuccessfulRun
              ? formatMoment(stats.lastSuccessfulRun, analytics.timezone)
              : ANALYTICS_TEXTS.never,
          },
        ]}
      />
    </Block>
  );
}

/** Spec 2.4 'prospect pipeline' (prospectStats). */
export function PipelineBlock({ stats }: { stats: FlowAnalytics['prospectStats'] }) {
  return (
    <Block title={ANALYTICS_TEXTS.pipeline} testId="block-pipeline">
      <StatList
        stats={[
          {
            id: 'prospects-found',
            label: ANALYTICS_TEXTS.prospectsFound,
            value: formatCount(stats.totalProspectsFound),
          },
          {
            id: 'connection-requests',
            label: ANALYTICS_TEXTS.connectionRequests,
            value: formatCount(stats.totalConnectionRequests),
          },
          {
            id: 'connections-accepted',
            label: ANALYTICS_TEXTS.connectionsAccepted,
            value: formatCount(stats.connectionsAccepted),
          },
          { id: 'connection-rate', label: ANALYTICS_TEXTS.connectionRate, value: stats.connectionRate },
          {
            id: 'engagements',
            label: ANALYTICS_TEXTS.engagements,
            value: formatCount(stats.totalEngagements),
          },
          {
            id: 'messages',
            label: ANALYTICS_TEXTS.messagesExchanged,
            value: formatCount(stats.messagesExchanged),
          },
          {
            id: 'waiting',
            label: ANALYTICS_TEXTS.waiting,
            value: formatCount(stats.waiting),
            hint: ANALYTICS_TEXTS.waitingHint,
          },
        ]}
      />
    </Block>
  );
}

/** Spec 2.4 'execution performance': the runs' success rate and the duplicates the flow left out. */
export function PerformanceBlock({ analytics }: { analytics: FlowAnalytics }) {
  const { executionStats: runs, performance } = analytics;
  const success = percentOf(runs.successfulRuns, runs.totalRuns);
  return (
    <Block title={ANALYTICS_TEXTS.performance} testId="block-performance">
      <div>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{ANALYTICS_TEXTS.successRate}</Text>
          <Text size="sm" fw={700} data-testid="stat-performance-rate">
            {runs.successRate}
          </Text>
        </Group>
        <Progress value={success} color="teal" size="lg" mt={4} aria-label={ANALYTICS_TEXTS.successRate} />
        <Text size="xs" c="dimmed" mt={2}>
          {ANALYTICS_TEXTS.runSuccess(runs.successfulRuns, runs.totalRuns)}
        </Text>
      </div>
      <StatList
        stats={[
          {
            id: 'deduplication',
            label: ANALYTICS_TEXTS.deduplication,
            value: formatCount(performance.deduplicationCount),
          },
        ]}
      />
      <Text size="xs" c="dimmed">
        {ANALYTICS_TEXTS.deduplicationHint}
      </Text>
    </Block>
  );
}

/** Spec 2.4 'scheduling': runs per day, weekends, working hours and the next run. */
export function SchedulingBlock({ analytics }: { analytics: FlowAnalytics }) {
  const { scheduling } = analytics;
  const hours = scheduling.workingHours;
  return (
    <Block title={ANALYTICS_TEXTS.scheduling} testId="block-scheduling">
      <StatList
        stats={[
          { id: 'runs-per-day', label: ANALYTICS_TEXTS.runsPerDay, value: String(scheduling.runsPerDay) },
          {
            id: 'weekends',
            label: ANALYTICS_TEXTS.weekends,
            value: scheduling.weekendsEnabled ? ANALYTICS_TEXTS.weekendsOn : ANALYTICS_TEXTS.weekendsOff,
          },
          {
            id: 'working-hours',
            label: ANALYTICS_TEXTS.workingHours,
            value: ANALYTICS_TEXTS.workingHoursValue(hours.start, hours.end, hours.timezone),
          },
          {
            id: 'next-run',
            label: ANALYTICS_TEXTS.nextRun,
            value: scheduling.nextScheduledRun
              ? formatMoment(scheduling.nextScheduledRun, hours.timezone)
              : ANALYTICS_TEXTS.notScheduled,
          },
        ]}
      />
    </Block>
  );
}
