import { Container, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FLOW_LIST_TEXTS } from '../../../../../shared/flow-insight-texts';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { ApiError } from '../../../lib/api-client';
import { flowAnalyticsPath } from '../../../lib/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/workspace';
import { fetchProspects, type PageRequest, type ProspectFilters, useFlow } from '../api/insights';
import { NO_PROSPECT_FILTERS, ProspectFiltersForm } from '../components/insights/InsightFilters';
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
import { ProspectRow } from '../components/insights/ProspectRow';
import { successfulPage, usePagedList } from '../components/insights/use-paged-list';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function Prospects({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  usePageTitle(`${INSIGHT_TEXTS.prospectsTitle}${flow.flow ? ` · ${flow.flow.name}` : ''}`);
  const fetchPage = useCallback(
    async (filters: ProspectFilters, request: PageRequest) =>
      successfulPage(await fetchProspects(flowId, filters, request), (answer) => answer.data.prospects),
    [flowId],
  );
  const list = usePagedList(fetchPage, NO_PROSPECT_FILTERS);
  const [refreshing, setRefreshing] = useState(false);

  if (flow.notFound || isNotFound(list.error)) return <FlowNotFound />;

  // Spec 2.6 and 8: Refresh reloads page 1 with the applied filters, and the flow's name with it.
  const refresh = async () => {
    setRefreshing(true);
    const [loaded] = await Promise.all([list.reload(), flow.mutate().catch(() => undefined)]);
    setRefreshing(false);
    if (loaded) notifySuccess(FLOW_TEXTS.toasts.prospectsRefreshed);
  };

  const loadMore = async () => {
    if ((await list.loadMore()) === false) notifyError(FLOW_TEXTS.errors.loadProspects);
  };

  const { items, pagination } = list;
  return (
    <Stack gap="md">
      <BackLink to={flowAnalyticsPath(flowId)}>{INSIGHT_TEXTS.backToAnalytics}</BackLink>
      <InsightHeader
        title={INSIGHT_TEXTS.prospectsTitle}
        subtitle={<FlowName flow={flow} />}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <ProspectFiltersForm
        onApply={(filters) => void list.reload(filters)}
        onClear={() => void list.reload(NO_PROSPECT_FILTERS)}
      />
      <section aria-labelledby="prospect-list">
        <Stack gap="sm">
          <Title order={2} size="h4" id="prospect-list">
            {INSIGHT_TEXTS.prospectList}
          </Title>
          {list.phase === 'failed' ? (
            <LoadFailed title={FLOW_TEXTS.errors.loadProspects} onRetry={() => void list.reload()} />
          ) : list.phase === 'loading' && list.pagesLoaded === 0 ? (
            <ListLoading label={INSIGHT_TEXTS.loadingProspects} />
          ) : items.length === 0 ? (
            <EmptyList text={FLOW_TEXTS.empty.noProspects} />
          ) : (
            <>
              {pagination && (
                <ListCounts
                  shown={items.length}
                  pagination={pagination}
                  pagesLoaded={list.pagesLoaded}
                  showing={FLOW_LIST_TEXTS.showingProspects}
                />
              )}
              <ul className={classes.list} aria-busy={list.busy || undefined} data-testid="prospect-list">
                {items.map((prospect) => (
                  <ProspectRow key={prospect.id} flowId={flowId} prospect={prospect} />
                ))}
              </ul>
              <ListFooter
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                busy={list.busy}
                onLoadMore={() => void loadMore()}
                loadMoreText={FLOW_LIST_TEXTS.loadMoreProspects}
                endText={FLOW_LIST_TEXTS.endOfProspects}
              />
            </>
          )}
        </Stack>
      </section>
    </Stack>
  );
}

/**
 * Spec 2.6, /flows/{flowId}/prospects: the people the flow found, filtered by search and status, a
 * page of 20 at a time with Load More, each with its score and a link to its detail (issue 21 point 4).
 */
export default function FlowProspectsPage() {
  const { flowId = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <Prospects key={flowId} flowId={flowId} />
    </Container>
  );
}
