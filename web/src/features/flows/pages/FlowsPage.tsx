import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay, IconRefresh, IconRoute, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import type { FlowTemplateListResponse } from '../../../../../shared/flows';
import { get } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/workspace';
import { FLOW_TEMPLATES_KEY, useFlows, useFlowTemplates } from '../api/flows';
import { AvailableFlowCard } from '../components/AvailableFlowCard';
import { FlowsInfo } from '../components/FlowsInfo';
import { PlatformFilter } from '../components/PlatformFilter';
import { RunningFlowCard } from '../components/RunningFlowCard';
import { type PlatformFilter as Filter, filterFlows, filterTemplates, isStopped } from '../flow-filters';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

type Tab = 'available' | 'running';

function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {FLOWS_PAGE_TEXTS.retry}
      </Button>
    </Alert>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={220} radius="md" data-testid="flow-skeleton" />
      ))}
    </SimpleGrid>
  );
}

function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="xs" ta="center">
        <IconRoute size={36} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A tab's count, beside its name. */
function TabCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge size="sm" variant="light" circle={count < 10} data-testid="tab-count">
      {count}
    </Badge>
  );
}

/**
 * Spec 2.1, /flows: the flow templates one can start ('Available Flows') and the user's flows
 * ('Running Flows'), each tab with its count, search and platform filter; Refresh reloads the
 * templates. `?tab=running` opens the Running tab (where the wizard's start lands, spec 4).
 */
export default function FlowsPage() {
  usePageTitle('Flows');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'running' ? 'running' : 'available';
  const templatesAnswer = useFlowTemplates();
  const flowsAnswer = useFlows();
  const { templates } = templatesAnswer;
  const { flows } = flowsAnswer;
  const [availableSearch, setAvailableSearch] = useState('');
  const [availablePlatform, setAvailablePlatform] = useState<Filter>('all');
  const [runningSearch, setRunningSearch] = useState('');
  const [runningPlatform, setRunningPlatform] = useState<Filter>('all');
  const [showStopped, setShowStopped] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const showStoppedSwitch = useRef<HTMLInputElement>(null);

  const shownTemplates = useMemo(
    () => (templates ? filterTemplates(templates, availableSearch, availablePlatform) : undefined),
    [templates, availableSearch, availablePlatform],
  );
  const shownFlows = useMemo(
    () => (flows ? filterFlows(flows, runningSearch, runningPlatform, showStopped) : undefined),
    [flows, runningSearch, runningPlatform, showStopped],
  );
  const runningCount = flows?.filter((flow) => !isStopped(flow)).length;

  const changeTab = (next: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'running') nextParams.set('tab', 'running');
    else nextParams.delete('tab');
    setParams(nextParams, { replace: true });
  };

  // Spec 2.1: Refresh reloads the templates (and the flows with them) and says so.
  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await get<FlowTemplateListResponse>(FLOW_TEMPLATES_KEY);
      await templatesAnswer.mutate(fresh, { revalidate: false });
      void flowsAnswer.mutate();
      notifySuccess(FLOW_TEXTS.toasts.templatesRefreshed);
    } catch {
      notifyError(FLOW_TEXTS.errors.loadTemplates);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs" align="center">
              <Title order={1}>{FLOWS_PAGE_TEXTS.title}</Title>
              <FlowsInfo />
            </Group>
            <Text c="dimmed">{FLOWS_PAGE_TEXTS.subtitle}</Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void refresh()}
            loading={refreshing}
          >
            {FLOWS_PAGE_TEXTS.refresh}
          </Button>
        </Group>

        <Tabs value={tab} onChange={changeTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="available" rightSection={<TabCount count={templates?.length} />}>
              {FLOWS_PAGE_TEXTS.availableTab}
            </Tabs.Tab>
            <Tabs.Tab value="running" rightSection={<TabCount count={runningCount} />}>
              {FLOWS_PAGE_TEXTS.runningTab}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="available" pt="lg">
            <Stack gap="md">
              <Card withBorder padding="md">
                <Stack gap="sm">
                  <TextInput
                    aria-label={FLOWS_PAGE_TEXTS.searchAvailable}
                    placeholder="Search by name, description or platform…"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={availableSearch}
                    onChange={(event) => setAvailableSearch(event.currentTarget.value)}
                  />
                  <PlatformFilter
                    label={FLOWS_PAGE_TEXTS.platform}
                    value={availablePlatform}
                    onChange={setAvailablePlatform}
                  />
                </Stack>
              </Card>
              {templatesAnswer.error && !templates ? (
                <LoadError
                  title={FLOW_TEXTS.errors.loadTemplates}
                  onRetry={() => void templatesAnswer.mutate()}
                />
              ) : !shownTemplates ? (
                <Loading label={FLOWS_PAGE_TEXTS.loadingTemplates} />
              ) : shownTemplates.length === 0 ? (
                <Empty
                  title={
                    templates?.length === 0 ? FLOWS_PAGE_TEXTS.noTemplates : FLOWS_PAGE_TEXTS.noTemplatesMatch
                  }
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="available-flows">
                  {shownTemplates.map((template) => (
                    <AvailableFlowCard key={template.id} template={template} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="running" pt="lg">
            <Stack gap="md">
              <Card withBorder padding="md">
                <Stack gap="sm">
                  <TextInput
                    aria-label={FLOWS_PAGE_TEXTS.searchRunning}
                    placeholder="Search by flow or template name…"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={runningSearch}
                    onChange={(event) => setRunningSearch(event.currentTarget.value)}
                  />
                  <Group justify="space-between" gap="sm">
                    <PlatformFilter
                      label={FLOWS_PAGE_TEXTS.platform}
                      value={runningPlatform}
                      onChange={setRunningPlatform}
                    />
                    <Switch
                      ref={showStoppedSwitch}
                      label={FLOWS_PAGE_TEXTS.showStopped}
                      checked={showStopped}
                      onChange={(event) => setShowStopped(event.currentTarget.checked)}
                    />
                  </Group>
                </Stack>
              </Card>
              {flowsAnswer.error && !flows ? (
                <LoadError title={FLOW_TEXTS.errors.loadFlows} onRetry={() => void flowsAnswer.mutate()} />
              ) : !shownFlows ? (
                <Loading label={FLOWS_PAGE_TEXTS.loadingFlows} />
              ) : shownFlows.length === 0 ? (
                runningCount === 0 && !runningSearch.trim() && runningPlatform === 'all' ? (
                  <Empty title={FLOWS_PAGE_TEXTS.noRunning}>
                    <Text size="sm" c="dimmed">
                      {FLOWS_PAGE_TEXTS.noRunningHint}
                    </Text>
                    <Button
                      variant="light"
                      leftSection={<IconPlayerPlay size={16} aria-hidden />}
                      onClick={() => changeTab('available')}
                    >
                      {FLOWS_PAGE_TEXTS.browseAvailable}
                    </Button>
                  </Empty>
                ) : (
                  <Empty title={FLOWS_PAGE_TEXTS.noRunningMatch} />
                )
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="running-flows">
                  {shownFlows.map((flow) => (
                    <RunningFlowCard
                      key={flow.id}
                      flow={flow}
                      onStopped={() => {
                        // The card leaves the list (stopped flows are hidden): keep the keyboard near it.
                        if (!showStopped) requestAnimationFrame(() => showStoppedSwitch.current?.focus());
                      }}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
