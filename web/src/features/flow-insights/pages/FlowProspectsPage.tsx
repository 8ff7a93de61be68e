import { Container } from '@mantine/core';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { FLOW_LIST_TEXTS } from '../../../../../shared/flow-insight-texts';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { fetchProspects, type PageRequest, type ProspectFilters } from '../api/insights';
import { NO_PROSPECT_FILTERS, ProspectFiltersForm } from '../components/InsightFilters';
import { InsightListPage, type InsightListTexts } from '../components/InsightListPage';
import { INSIGHT_TEXTS } from '../components/insight-texts';
import { ProspectRow } from '../components/ProspectRow';
import { successfulPage } from '../components/use-paged-list';

const TEXTS: InsightListTexts = {
  title: INSIGHT_TEXTS.prospectsTitle,
  heading: INSIGHT_TEXTS.prospectList,
  listId: 'prospect-list',
  loading: INSIGHT_TEXTS.loadingProspects,
  empty: FLOW_TEXTS.empty.noProspects,
  loadFailed: FLOW_TEXTS.errors.loadProspects,
  refreshed: FLOW_TEXTS.toasts.prospectsRefreshed,
  showing: FLOW_LIST_TEXTS.showingProspects,
  loadMore: FLOW_LIST_TEXTS.loadMoreProspects,
  end: FLOW_LIST_TEXTS.endOfProspects,
};

/**
 * Spec 2.6, /flows/{flowId}/prospects: the people the flow found, filtered by search and status, a
 * page of 20 at a time with Load More, each with its score and a link to its detail (issue 21 point 4).
 */
export default function FlowProspectsPage() {
  const { flowId = '' } = useParams();
  const fetchPage = useCallback(
    async (filters: ProspectFilters, request: PageRequest) =>
      successfulPage(await fetchProspects(flowId, filters, request), (answer) => answer.data.prospects),
    [flowId],
  );
  return (
    <Container size="lg" py="md">
      <InsightListPage
        key={flowId}
        flowId={flowId}
        texts={TEXTS}
        fetchPage={fetchPage}
        noFilters={NO_PROSPECT_FILTERS}
        Filters={ProspectFiltersForm}
        row={(prospect) => <ProspectRow key={prospect.id} flowId={flowId} prospect={prospect} />}
      />
    </Container>
  );
}
