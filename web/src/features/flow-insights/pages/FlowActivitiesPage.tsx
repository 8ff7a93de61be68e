import { Container } from '@mantine/core';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { FLOW_LIST_TEXTS } from '../../../../../shared/flow-insight-texts';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { type ActivityFilters, fetchActivities, type PageRequest } from '../api/insights';
import { ActivityRow } from '../components/ActivityRow';
import { ActivityFiltersForm, NO_ACTIVITY_FILTERS } from '../components/InsightFilters';
import { InsightListPage, type InsightListTexts } from '../components/InsightListPage';
import { INSIGHT_TEXTS } from '../components/insight-texts';
import { successfulPage } from '../components/use-paged-list';

const TEXTS: InsightListTexts = {
  title: INSIGHT_TEXTS.activitiesTitle,
  heading: INSIGHT_TEXTS.activityFeed,
  listId: 'activity-feed',
  loading: INSIGHT_TEXTS.loadingActivities,
  empty: FLOW_TEXTS.empty.noActivities,
  loadFailed: FLOW_TEXTS.errors.loadActivities,
  refreshed: FLOW_TEXTS.toasts.activitiesRefreshed,
  showing: FLOW_LIST_TEXTS.showingActivities,
  loadMore: FLOW_LIST_TEXTS.loadMoreActivities,
  end: FLOW_LIST_TEXTS.endOfActivities,
};

/**
 * Spec 2.5, /flows/{flowId}/activities: what the flow did, newest first, filtered by search, type
 * and status, a page of 20 at a time with Load More (issue 21 point 3).
 */
export default function FlowActivitiesPage() {
  const { flowId = '' } = useParams();
  const fetchPage = useCallback(
    async (filters: ActivityFilters, request: PageRequest) =>
      successfulPage(await fetchActivities(flowId, filters, request), (answer) => answer.data.activities),
    [flowId],
  );
  return (
    <Container size="lg" py="md">
      <InsightListPage
        key={flowId}
        flowId={flowId}
        texts={TEXTS}
        fetchPage={fetchPage}
        noFilters={NO_ACTIVITY_FILTERS}
        Filters={ActivityFiltersForm}
        row={(activity) => <ActivityRow key={activity.id} activity={activity} />}
      />
    </Container>
  );
}
