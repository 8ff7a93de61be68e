import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useDeferredValue, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsResponse,
  DEFAULT_ANALYTICS_PERIOD,
  type FlowAnalytics,
} from '../../../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { get } from '../../../lib/api-client';
import { FlowNotFound } from '../../../lib/flows/FlowNotFound';
import {
  FLOWS_KEY,
  type FlowListResponse,
  type FlowResponse,
  flowKey,
  useFlow,
  withFlow,
} from '../../../lib/flows/flow-api';
import { flowActivitiesPath, flowProspectsPath, flowsTabPath } from '../../../lib/flows/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BackLink } from '../../../lib/ui/BackLink';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { usePageTitle } from '../../../lib/workspace';
import { analyticsKey, useFlowAnalytics } from '../api/analytics';
import { flowDayPlanKey } from '../api/day-plan';
import { AcceptanceRateChart } from '../components/analytics/AcceptanceRateChart';
import { ANALYTICS_TEXTS } from '../components/analytics/analytics-texts';
import { BudgetUsage } from '../components/analytics/BudgetUsage';
import { DailyActivityChart } from '../components/analytics/DailyActivityChart';
import { ExecutionHistory } from '../components/analytics/ExecutionHistory';
import { FlowActions } from '../components/analytics/FlowActions';
import { FlowDayPlanCard } from '../components/analytics/FlowDayPlanCard';
import { formatDate } from '../components/analytics/format';
import { PeriodSelector } from '../components/analytics/PeriodSelector';
import { ProspectFunnel } from '../components/analytics/ProspectFunnel';
import { QualityChart } from '../components/analytics/QualityChart';
import { RenameFlow } from '../components/analytics/RenameFlow';
import { ReviewComparison } from '../components/analytics/ReviewComparison';
import {
  OverviewBlock,
  PerformanceBlock,
  PipelineBlock,
  SchedulingBlock,
} from '../components/analytics/StatBlocks';
import { ReviewQueueLink } from '../components/ReviewQueueLink';
import { FLOW_STATUS_LOOK } from '../flows-texts';

/** `?period=30d` in the page's address; anything else is the default 7d (spec 9). */
const periodOf = (value: string | null): AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsPeriod)
    : DEFAULT_ANALYTICS_PERIOD;

function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {ANALYTICS_TEXTS.retry}
      </Button>
    </Alert>
  );
}

function BlocksSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={ANALYTICS_TEXTS.loading}>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={180} radius="md" data-testid="analytics-skeleton" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The five blocks of spec 2.4 and the charts of issue 21 point 2, for one period. Memoised: the page
 * renders them from a deferred copy of the analytics, and the urgent render that keeps the old copy
 * must not draw them again.
 */
const AnalyticsBlocks = memo(function AnalyticsBlocks({ analytics }: { analytics: FlowAnalytics }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OverviewBlock analytics={analytics} />
        <PipelineBlock stats={analytics.prospectStats} />
        <PerformanceBlock analytics={analytics} />
        <SchedulingBlock analytics={analytics} />
      </SimpleGrid>
      <ExecutionHistory analytics={analytics} />
      <DailyActivityChart daily={analytics.daily} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AcceptanceRateChart daily={analytics.daily} />
        <ProspectFunnel funnel={analytics.funnel} />
        <QualityChart rows={analytics.acceptanceByQuality} />
        <BudgetUsage budget={analytics.budget} />
      </SimpleGrid>
      <ReviewComparison rows={analytics.reviewComparison} />
    </Stack>
  );
});

function FlowAnalyticsView({ flow, period }: { flow: Flow; period: AnalyticsPeriod }) {
  const [, setParams] = useSearchParams();
  const { mutate } = useSWRConfig();
  const flowAnswer = useFlow(flow.id);
  const analyticsAnswer = useFlowAnalytics(flow.id, period);
  const { analytics } = analyticsAnswer;
  // SWR hands new data over in a synchronous render (useSyncExternalStore), which React cannot cut
  // into slices: drawn from it, the blocks made one long task on a phone. Drawn from this deferred
  // copy, they are a transition, rendered in slices that give the main thread back between them.
  const shownAnalytics = useDeferredValue(analytics);
  const [refreshing, setRefreshing] = useState(false);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const status = FLOW_STATUS_LOOK[flow.status] ?? { label: flow.status, color: 'gray' };
  // The previous period's numbers stay while the chosen one loads (keepPreviousData).
  const current = analytics?.period === period ? analytics : undefined;
  const switching = Boolean(analytics) && !current && !analyticsAnswer.error;

  const choosePeriod = (next: AnalyticsPeriod) =>
    setParams(
      (params) => {
        const nextParams = new URLSearchParams(params);
        if (next === DEFAULT_ANALYTICS_PERIOD) nextParams.delete('period');
        else nextParams.set('period', next);
        return nextParams;
      },
      { replace: true },
    );

  // Spec 2.4: Refresh reads the flow and the period's analytics again, and says so.
  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    // The day plan is read again beside them; a failure shows in its own card, not in this toast.
    void mutate(flowDayPlanKey(flow.id));
    const [flowRead, analyticsRead] = await Promise.allSettled([
      get<FlowResponse>(flowKey(flow.id)),
      get<AnalyticsResponse>(analyticsKey(flow.id, period)),
    ]);
    if (flowRead.status === 'fulfilled') await flowAnswer.mutate(flowRead.value, { revalidate: false });
    if (analyticsRead.status === 'fulfilled')
      await analyticsAnswer.mutate(analyticsRead.value, { revalidate: false });
    if (flowRead.status === 'rejected') notifyError(FLOW_TEXTS.errors.loadDetails);
    else if (analyticsRead.status === 'rejected') notifyError(FLOW_TEXTS.errors.loadAnalytics);
    else notifySuccess(FLOW_TEXTS.toasts.analyticsRefreshed);
    setRefreshing(false);
  };

  // After an action: the flow the API answered at once, then the flow, its analytics and the list read again.
  const changed = (next: Flow) => {
    // A paused or resumed flow changes its account's next runs; the action does not wait for them.
    void mutate(flowDayPlanKey(flow.id));
    return Promise.all([
      flowAnswer.mutate({ data: { flow: next } }, { revalidate: true }),
      analyticsAnswer.mutate(),
      mutate<FlowListResponse>(FLOWS_KEY, (list) => withFlow(list, next), { revalidate: false }),
    ]);
  };

  // After a rename: the name the API answered, in the flow's and the list's caches; the day plan names
  // it too.
  const renamed = (next: Flow) => {
    void mutate(flowDayPlanKey(flow.id));
    return Promise.all([
      flowAnswer.mutate({ data: { flow: next } }, { revalidate: false }),
      mutate<FlowListResponse>(FLOWS_KEY, (list) => withFlow(list, next), { revalidate: false }),
    ]);
  };

  const focusRefresh = useCallback(() => refreshButton.current?.focus(), []);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {flow.name}
            </Title>
            <Badge color={status.color} variant="light" size="lg" data-testid="flow-status">
              {status.label}
            </Badge>
            <RenameFlow flow={flow} onRenamed={renamed} />
          </Group>
          <Group gap="xs">
            <PlatformBadge platform={flow.template.platform} />
            {flow.template.displayName !== flow.name && (
              <Text size="sm" c="dimmed">
                {flow.template.displayName}
              </Text>
            )}
          </Group>
          <Group gap="md" component="nav" aria-label={ANALYTICS_TEXTS.flowPages}>
            <Anchor component={Link} to={flowActivitiesPath(flow.id)} size="sm" fw={600}>
              {ANALYTICS_TEXTS.activities}
            </Anchor>
            <Anchor component={Link} to={flowProspectsPath(flow.id)} size="sm" fw={600}>
              {ANALYTICS_TEXTS.prospects}
            </Anchor>
            <ReviewQueueLink flowId={flow.id} />
          </Group>
        </Stack>
        <Button
          ref={refreshButton}
          variant="default"
          leftSection={
            refreshing ? (
              <Loader size={14} color="currentColor" aria-hidden />
            ) : (
              <IconRefresh size={16} aria-hidden />
            )
          }
          aria-busy={refreshing || undefined}
          aria-disabled={refreshing || undefined}
          onClick={() => void refresh()}
        >
          {ANALYTICS_TEXTS.refresh}
        </Button>
      </Group>

      <FlowActions flow={flow} onChanged={changed} onNoActionLeft={focusRefresh} />

      <Group justify="space-between" align="flex-end" gap="sm">
        <PeriodSelector value={period} onChange={choosePeriod} />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="period-range">
          {switching
            ? ANALYTICS_TEXTS.loadingPeriod
            : current
              ? ANALYTICS_TEXTS.periodRange(
                  formatDate(current.from, true),
                  formatDate(current.to, true),
                  current.timezone,
                )
              : ''}
        </Text>
      </Group>

      {analyticsAnswer.error && !current ? (
        <LoadError title={FLOW_TEXTS.errors.loadAnalytics} onRetry={() => void analyticsAnswer.mutate()} />
      ) : !shownAnalytics ? (
        <BlocksSkeleton />
      ) : (
        <div aria-busy={switching || undefined} style={switching ? { opacity: 0.6 } : undefined}>
          <AnalyticsBlocks analytics={shownAnalytics} />
        </div>
      )}

      {/* Issue 23 point 4: not the period's, so shown whatever the analytics' state; last, below the fold. */}
      <FlowDayPlanCard flowId={flow.id} />
    </Stack>
  );
}

/**
 * Spec 2.4, /flows/{flowId}/analytics: the flow's name and status, its actions, a period (7d, 30d,
 * 90d; `?period=`), the five blocks (overview, prospect pipeline, execution performance, scheduling,
 * recent executions) and the charts of issue 21 point 2, each with its numbers in text.
 */
export default function FlowAnalyticsPage() {
  const { flowId = '' } = useParams();
  const [params] = useSearchParams();
  const period = periodOf(params.get('period'));
  const { flow: loadedFlow, notFound, error, mutate } = useFlow(flowId);
  // As the analytics below: the page's first full render, when the flow arrives, is a transition.
  const flow = useDeferredValue(loadedFlow);
  // Asked beside the flow, not after it: the page's two reads go out at once.
  useFlowAnalytics(flowId, period);
  usePageTitle(flow ? ANALYTICS_TEXTS.title(flow.name) : ANALYTICS_TEXTS.pageTitle);

  let content: ReactNode;
  if (notFound) {
    content = <FlowNotFound text={ANALYTICS_TEXTS.notFoundText} to={flowsTabPath('running')} />;
  } else if (flow) {
    content = <FlowAnalyticsView flow={flow} period={period} />;
  } else if (error) {
    content = (
      <Stack gap="md">
        <Title order={1} size="h2">
          {ANALYTICS_TEXTS.pageTitle}
        </Title>
        <LoadError title={FLOW_TEXTS.errors.loadDetails} onRetry={() => void mutate()} />
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md" aria-busy="true" aria-label={ANALYTICS_TEXTS.loading}>
        <Skeleton height={36} width="50%" />
        <Skeleton height={24} width="30%" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={180} radius="md" data-testid="analytics-skeleton" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        {!notFound && <BackLink to={flowsTabPath('running')}>{ANALYTICS_TEXTS.back}</BackLink>}
        {content}
      </Stack>
    </Container>
  );
}
