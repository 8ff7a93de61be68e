import { Container, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FLOW_LIST_TEXTS } from '../../../../../shared/flow-insight-texts';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { ApiError } from '../../../lib/api-client';
import { flowAnalyticsPath } from '../../../lib/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/workspace';
import { type ActivityFilters, fetchActivities, type PageRequest, useFlow } from '../api/insights';
import { ActivityRow } from '../components/insights/ActivityRow';
import { ActivityFiltersForm, NO_ACTIVITY_FILTERS } from '../components/insights/InsightFilters';
import {
  BackLink,
  EmptyList,
  FlowName,
  FlowNotFound,
  InsightHeader,
  ListCounts,
  ListFooter,
  ListLoading,
  LoadFailed,
} from '../components/insights/InsightParts';
import { INSIGHT_TEXTS } from '../components/insights/insight-texts';
import classes from '../components/insights/insights.module.css';
import { successfulPage, usePagedList } from '../components/insights/use-paged-list';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function Activities({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  usePageTitle(`${INSIGHT_TEXTS.activitiesTitle}${flow.flow ? ` · ${flow.flow.name}` : ''}`);
  const fetchPage = useCallback(
    async (filters: ActivityFilters, request: PageRequest) =>
      successfulPage(await fetchActivities(flowId, filters, request), (answer) => answer.data.activities),
    [flowId],
  );
  const list = usePagedList(fetchPage, NO_ACTIVITY_FILTERS);
  const [refreshing, setRefreshing] = useState(false);

  if (flow.notFound || isNotFound(list.error)) return <FlowNotFound />;

  // Spec 2.5 and 8: Refresh reloads page 1 with the applied filters, and the flow's name with it.
  const refresh = async () => {
    setRefreshing(true);
    const [loaded] = await Promise.all([list.reload(), flow.mutate().catch(() => undefined)]);
    setRefreshing(false);
    if (loaded) notifySuccess(FLOW_TEXTS.toasts.activitiesRefreshed);
  };

  const loadMore = async () => {
    if ((await list.loadMore()) === false) notifyError(FLOW_TEXTS.errors.loadActivities);
  };

  const { items, pagination } = list;
  return (
    <Stack gap="md">
      <BackLink to={flowAnalyticsPath(flowId)}>{INSIGHT_TEXTS.backToAnalytics}</BackLink>
      <InsightHeader
        title={INSIGHT_TEXTS.activitiesTitle}
        subtitle={<FlowName flow={flow} />}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <ActivityFiltersForm
        onApply={(filters) => void list.reload(filters)}
        onClear={() => void list.reload(NO_ACTIVITY_FILTERS)}
      />
      <section aria-labelledby="activity-feed">
        <Stack gap="sm">
          <Title order={2} size="h4" id="activity-feed">
            {INSIGHT_TEXTS.activityFeed}
          </Title>
          {list.phase === 'failed' ? (
            <LoadFailed title={FLOW_TEXTS.errors.loadActivities} onRetry={() => void list.reload()} />
          ) : list.phase === 'loading' && list.pagesLoaded === 0 ? (
            <ListLoading label={INSIGHT_TEXTS.loadingActivities} />
          ) : items.length === 0 ? (
            <EmptyList text={FLOW_TEXTS.empty.noActivities} />
          ) : (
            <>
              {pagination && (
                <ListCounts
                  shown={items.length}
                  pagination={pagination}
                  pagesLoaded={list.pagesLoaded}
                  showing={FLOW_LIST_TEXTS.showingActivities}
                />
              )}
              <ul className={classes.list} aria-busy={list.busy || undefined} data-testid="activity-list">
                {items.map((activity) => (
                  <ActivityRow key={activity.id} activity={activity} />
                ))}
              </ul>
              <ListFooter
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                busy={list.busy}
                onLoadMore={() => void loadMore()}
                loadMoreText={FLOW_LIST_TEXTS.loadMoreActivities}
                endText={FLOW_LIST_TEXTS.endOfActivities}
              />
            </>
          )}
        </Stack>
      </section>
    </Stack>
  );
}

/**
 * Spec 2.5, /flows/{flowId}/activities: what the flow did, newest first, filtered by search, type
 * and status, a page of 20 at a time with Load More (issue 21 point 3).
 */
export default function FlowActivitiesPage() {
  const { flowId = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <Activities key={flowId} flowId={flowId} />
    </Container>
  );
}
