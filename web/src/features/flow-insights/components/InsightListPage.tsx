import { Stack, Title } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FlowNotFound } from '../../../lib/flows/FlowNotFound';
import { useFlow } from '../../../lib/flows/flow-api';
import { flowAnalyticsPath } from '../../../lib/flows/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BackLink } from '../../../lib/ui/BackLink';
import { usePageTitle } from '../../../lib/workspace';
import type { PageRequest } from '../api/insights';
import {
  EmptyList,
  FlowName,
  InsightHeader,
  ListCounts,
  ListFooter,
  ListLoading,
  LoadFailed,
} from './InsightParts';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';
import { type ListPage, usePagedList } from './use-paged-list';

/** What a flow's paged list (its activities, its prospects) says, each in the spec's words. */
export interface InsightListTexts {
  title: string;
  heading: string;
  /** The heading's id, and the list's test id. */
  listId: string;
  loading: string;
  empty: string;
  loadFailed: string;
  refreshed: string;
  showing: (from: number, to: number, total: number) => string;
  loadMore: string;
  end: string;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A flow's paged list screen (spec 2.5 activities, 2.6 prospects): back to the analytics, the header
 * with Refresh, the filters, then the list a page of 20 at a time with Load More. Refresh reloads
 * page 1 with the applied filters, and the flow's name with it (spec 8). `fetchPage` must keep its
 * identity (a useCallback): the list starts over when it changes.
 */
export function InsightListPage<T extends { id: string }, F>({
  flowId,
  texts,
  fetchPage,
  noFilters,
  Filters,
  row,
}: {
  flowId: string;
  texts: InsightListTexts;
  fetchPage: (filters: F, request: PageRequest) => Promise<ListPage<T>>;
  noFilters: F;
  Filters: ComponentType<{ onApply: (filters: F) => void; onClear: () => void }>;
  row: (item: T) => ReactNode;
}) {
  const flow = useFlow(flowId);
  usePageTitle(`${texts.title}${flow.flow ? ` · ${flow.flow.name}` : ''}`);
  const list = usePagedList(fetchPage, noFilters);
  const [refreshing, setRefreshing] = useState(false);

  if (flow.notFound || isNotFound(list.error)) return <FlowNotFound />;

  const refresh = async () => {
    setRefreshing(true);
    const [loaded] = await Promise.all([list.reload(), flow.mutate().catch(() => undefined)]);
    setRefreshing(false);
    if (loaded) notifySuccess(texts.refreshed);
  };

  const loadMore = async () => {
    if ((await list.loadMore()) === false) notifyError(texts.loadFailed);
  };

  const { items, pagination } = list;
  return (
    <Stack gap="md">
      <BackLink to={flowAnalyticsPath(flowId)}>{INSIGHT_TEXTS.backToAnalytics}</BackLink>
      <InsightHeader
        title={texts.title}
        subtitle={<FlowName flow={flow} />}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <Filters onApply={(filters) => void list.reload(filters)} onClear={() => void list.reload(noFilters)} />
      <section aria-labelledby={texts.listId}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={texts.listId}>
            {texts.heading}
          </Title>
          {list.phase === 'failed' ? (
            <LoadFailed title={texts.loadFailed} onRetry={() => void list.reload()} />
          ) : list.phase === 'loading' && list.pagesLoaded === 0 ? (
            <ListLoading label={texts.loading} />
          ) : items.length === 0 ? (
            <EmptyList text={texts.empty} />
          ) : (
            <>
              {pagination && (
                <ListCounts
                  shown={items.length}
                  pagination={pagination}
                  pagesLoaded={list.pagesLoaded}
                  showing={texts.showing}
                />
              )}
              <ul className={classes.list} aria-busy={list.busy || undefined} data-testid={texts.listId}>
                {items.map(row)}
              </ul>
              <ListFooter
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                busy={list.busy}
                onLoadMore={() => void loadMore()}
                loadMoreText={texts.loadMore}
                endText={texts.end}
              />
            </>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
