import { Alert, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AI_FILTER_MAX_IDS } from '../../../../../shared/ai-filter-limits';
import { automationIdOfJob } from '../../../../../shared/automations-values';
import { isDemoLead } from '../../../../../shared/demo-leads';
import type { ExportFormat } from '../../../../../shared/export-formats';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useWorkspacePlan } from '../../../lib/session';
import { BackLink } from '../../../lib/ui/BackLink';
import { usePageTitle, useWorkspaces } from '../../../lib/workspace';
import { useAiFilter } from '../ai/use-ai-filter';
import { useLazyPanel } from '../ai/use-lazy-panel';
import { useLeadsData } from '../api/leads';
import { EnrichmentBanner } from '../components/EnrichmentBanner';
import { initialExportFormat } from '../components/ExportFormatPicker';
import { LeadsActions } from '../components/LeadsActions';
import { LeadsPagination } from '../components/LeadsPagination';
import { LeadsTable } from '../components/LeadsTable';
import { ListControls } from '../components/ListControls';
import { SearchBox } from '../components/SearchBox';
import { logoAsPng } from '../export/brand-logo';
import { exportLeads } from '../export/export-leads';
import { DEFAULT_PDF_BRAND } from '../export/pdf-page';
import {
  buildIndex,
  LEADS_PAGE_SIZE,
  type LeadFilter,
  type LeadSort,
  listLeads,
  pageCount,
} from '../lead-index';
import { LEADS_TEXTS } from '../leads-texts';
import { useSelection } from '../use-selection';

const loadAiPanel = () => import('../ai/AiPanel').then((module) => module.AiPanel);
const prefetchAiPanel = () => void loadAiPanel().catch(() => undefined);

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Part 2 section 2.11: an automation's extracted leads to search, select, export and filter with AI.
 * Keyed by the route's id, so another automation in the same place starts afresh (search, selection, AI).
 */
export default function LeadsRoute() {
  const routeId = useParams().automationId ?? '';
  return <LeadsPage key={routeId} routeId={routeId} />;
}

function LeadsPage({ routeId }: { routeId: string }) {
  const { automation, failed, leads, refresh } = useLeadsData(routeId);
  usePageTitle(LEADS_TEXTS.heading);
  const workspaceBrand = useWorkspaces().view?.brand;

  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<LeadFilter>('all');
  const [sort, setSort] = useState<LeadSort>('recent');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const plan = useWorkspacePlan()?.plan;
  // DECISIONS 30: the trob's own Export format is preselected (when the plan has it) until one is chosen.
  const [chosenFormat, setChosenFormat] = useState<ExportFormat | undefined>();
  const trobFormat = (automation?.config?.exportSettings as { format?: unknown } | undefined)?.format;
  const format = chosenFormat ?? initialExportFormat(plan, trobFormat);
  const panel = useLazyPanel(loadAiPanel);
  const openPanel = useCallbackRef(panel.open);
  const selection = useSelection();

  const goToPage = useCallback((next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  }, []);
  const backToFirstPage = useCallback(() => setPage(1), []);
  const onSearch = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const onFilter = useCallback((next: LeadFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  const ai = useAiFilter(backToFirstPage);

  const index = useMemo(() => buildIndex(leads.leads), [leads.leads]);
  // 'Recent' is measured from when the leads were read, so the list does not shift while the page is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time is taken again whenever new leads arrive.
  const now = useMemo(() => Date.now(), [leads.leads]);
  // The last results stay applied while a new request streams, until its results replace them.
  const aiOrder = ai.state.order;
  const listed = useMemo(
    () => listLeads(index, { search, filter, sort, now, aiOrder }),
    [index, search, filter, sort, now, aiOrder],
  );
  const pages = pageCount(listed.length);
  const current = Math.min(page, pages);
  const shown = useMemo(
    () => listed.slice((current - 1) * LEADS_PAGE_SIZE, current * LEADS_PAGE_SIZE),
    [listed, current],
  );
  const shownIds = useMemo(() => shown.map((lead) => lead.id), [shown]);
  const { togglePage: toggleIds } = selection;
  const togglePage = useCallback(() => toggleIds(shownIds), [toggleIds, shownIds]);
  const pageSelected = shownIds.length > 0 && shownIds.every((id) => selection.selected.has(id));
  const demo = leads.source === 'demo';
  // Only ids of leads on this screen count: demo ids stay behind when the live leads arrive.
  const selectedCount = useMemo(
    () => [...selection.selected].filter((id) => index.byId.has(id)).length,
    [selection.selected, index],
  );
  // The export covers the selected leads among those currently listed (part 2 section 5).
  const toExport = useMemo(
    () => listed.filter((lead) => selection.selected.has(lead.id) && !isDemoLead(lead)),
    [listed, selection.selected],
  );
  const narrowed = search.trim() !== '' || filter !== 'all';

  // Stable callbacks reading the latest list, so the memoised actions and panel are not drawn per keystroke.
  const exportSelected = useCallbackRef(async () => {
    setExporting(true);
    try {
      // A PDF is headed by the workspace's brand (DECISIONS 32) when it has one.
      const brand =
        workspaceBrand && format === 'pdf'
          ? {
              name: workspaceBrand.name,
              accent: workspaceBrand.accentColor ?? DEFAULT_PDF_BRAND.accent,
              logoPng: await logoAsPng(workspaceBrand.logo),
            }
          : undefined;
      const result = await exportLeads(toExport, format, new Date(), brand);
      notifySuccess(result.message);
    } catch {
      notifyError('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  });
  const filterWithAi = useCallbackRef((query: string) => {
    // The server reads the automation's own leads; the ids go along only when a search or filter narrows them.
    // While an AI answer is applied, a new request goes over what the search and filter list, not that answer.
    const base = aiOrder ? listLeads(index, { search, filter, sort, now }) : listed;
    const leadIds =
      narrowed && !demo && base.length <= AI_FILTER_MAX_IDS ? base.map((lead) => lead.id) : undefined;
    void ai.run({ query, automationId: routeId, ...(leadIds ? { leadIds } : {}) });
  });

  if (failed) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {LEADS_TEXTS.loadFailed}
          </Title>
          <Group>
            <Button component={Link} to="/automations" variant="default">
              Back to Automations
            </Button>
            <Button onClick={refresh}>{LEADS_TEXTS.tryAgain}</Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  const detailTo = `/automations/${encodeURIComponent(automationIdOfJob(routeId))}`;
  const firstLoad = !automation || (leads.loading && leads.leads.length === 0);

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <BackLink to={detailTo}>{LEADS_TEXTS.back}</BackLink>

        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Group gap="sm">
              <Title order={1}>{LEADS_TEXTS.heading}</Title>
              {!firstLoad && (
                <Badge color={demo ? 'yellow' : 'green'} variant="light" data-testid="data-source">
                  {demo ? LEADS_TEXTS.demoData : LEADS_TEXTS.liveData}
                </Badge>
              )}
            </Group>
            {automation && (
              <Text c="dimmed" size="sm" mt={4}>
                {automation.displayName}
              </Text>
            )}
          </div>
          <LeadsActions
            refreshing={leads.loading && !firstLoad}
            onRefresh={refresh}
            onAskAi={openPanel}
            askAiLoading={panel.loading}
            onAskAiIntent={prefetchAiPanel}
            aiApplied={aiOrder !== undefined}
            onClearAi={ai.clear}
            exportCount={demo ? 0 : toExport.length}
            exporting={exporting}
            onExport={exportSelected}
            plan={plan}
            format={format}
            onFormatChange={setChosenFormat}
          />
        </Group>

        <Group gap="sm">
          <Group gap="sm" aria-live="polite" data-testid="counters">
            <Text size="sm">{count(listed.length, 'lead found', 'leads found')}</Text>
            <Text size="sm">{count(selectedCount, 'selected', 'selected')}</Text>
            {aiOrder && (
              <Badge color="violet" variant="light">
                {LEADS_TEXTS.aiFiltered}
              </Badge>
            )}
          </Group>
          {leads.loading && leads.loaded > 0 && (
            <Text size="sm" c="dimmed" data-testid="loading-progress">
              Loading {leads.loaded.toLocaleString('en-US')} of {leads.expected.toLocaleString('en-US')}...
            </Text>
          )}
        </Group>

        {leads.partial && (
          <Alert color="yellow" variant="light" data-testid="partial-leads">
            {LEADS_TEXTS.partial(leads.leads.length, leads.expected)}
          </Alert>
        )}

        {demo && (
          <Text size="sm" c="dimmed">
            {LEADS_TEXTS.demoNotExported}
          </Text>
        )}

        {automation?.enrichment && <EnrichmentBanner enrichment={automation.enrichment} />}

        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchBox onSearch={onSearch} />
          <ListControls
            filter={filter}
            sort={sort}
            onFilter={onFilter}
            onSort={setSort}
            sortDisabled={aiOrder !== undefined}
            pageSelected={pageSelected}
            pageEmpty={shownIds.length === 0}
            onTogglePage={togglePage}
          />
        </Group>

        {firstLoad ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading leads">
            <Skeleton height={72} />
            <Skeleton height={72} />
            <Skeleton height={72} />
          </Stack>
        ) : listed.length === 0 ? (
          <Card withBorder padding="xl" data-testid="leads-empty">
            <Stack align="center" gap={4}>
              <Title order={2} size="h4">
                {LEADS_TEXTS.empty}
              </Title>
              <Text c="dimmed" size="sm">
                {narrowed || aiOrder ? LEADS_TEXTS.emptyFiltered : LEADS_TEXTS.emptyNone}
              </Text>
            </Stack>
          </Card>
        ) : (
          <LeadsTable
            leads={shown}
            selected={selection.selected}
            onToggle={selection.toggle}
            onTogglePage={togglePage}
            reasons={aiOrder ? ai.state.reasons : undefined}
          />
        )}

        <LeadsPagination page={current} total={listed.length} onPage={goToPage} />
      </Stack>

      {panel.Panel && (
        <panel.Panel opened={panel.opened} onClose={panel.close} state={ai.state} onFilter={filterWithAi} />
      )}
    </Container>
  );
}
