import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { FLOWS_KEY, type FlowListResponse, withFlow } from '../../../lib/flows/flow-api';
import { flowActivitiesPath, flowAnalyticsPath, flowProspectsPath } from '../../../lib/flows/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LazyConfirmDialog } from '../../../lib/ui/LazyConfirmDialog';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { pauseFlow, stopFlow } from '../api/flows';
import { isStopped } from '../flow-filters';
import { FLOW_STATUS_LOOK, FLOWS_PAGE_TEXTS } from '../flows-texts';
import { ReviewQueueLink } from './ReviewQueueLink';

export function formatDay(value: string | undefined): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

const clampPercent = (value: number | undefined) =>
  Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? (value as number) : 0)));

/**
 * Spec 2.1: a running flow's name, summary, creation date, runs per day and connection acceptance
 * rate; Pause only while ACTIVE; its analytics, activities, prospects and review queue (issue 23, whatever
 * its review mode: the queue's screen is where the mode is changed); and Delete, which stops it
 * for good after a confirmation (DECISIONS 24). `onStopped` runs once a stop took it off the list.
 */
export function RunningFlowCard({ flow, onStopped }: { flow: Flow; onStopped: () => void }) {
  const { mutate } = useSWRConfig();
  const [pausing, setPausing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);
  const analyticsLink = useRef<HTMLAnchorElement>(null);
  const status = FLOW_STATUS_LOOK[flow.status] ?? { label: flow.status, color: 'gray' };
  const rate = clampPercent(flow.analytics?.connectionRate);
  const runsPerDay = flow.config?.executionSettings?.runsPerDay;
  const stopped = isStopped(flow);

  const replace = (next: Flow) =>
    mutate<FlowListResponse>(FLOWS_KEY, (current) => withFlow(current, next), { revalidate: true });

  const pause = async () => {
    if (pausing) return;
    setPausing(true);
    try {
      const paused = await pauseFlow(flow.id);
      notifySuccess(FLOW_TEXTS.toasts.paused);
      await replace(paused);
      // Pause goes with the ACTIVE status: keep the keyboard's place on the card.
      analyticsLink.current?.focus();
    } catch {
      notifyError(FLOW_TEXTS.errors.pause);
    } finally {
      setPausing(false);
    }
  };

  const stop = async () => {
    setStopping(true);
    try {
      const ended = await stopFlow(flow.id);
      notifySuccess(FLOW_TEXTS.toasts.stopped);
      setConfirming(false);
      await replace(ended);
      onStopped();
    } catch {
      notifyError(FLOW_TEXTS.errors.stop);
    } finally {
      setStopping(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="article" aria-label={flow.name} data-testid="running-flow-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {flow.name}
          </Title>
          <Badge color={status.color} variant="light" data-testid="flow-status">
            {status.label}
          </Badge>
        </Group>
        <Group gap="xs">
          <PlatformBadge platform={flow.template.platform} />
          {flow.template.displayName !== flow.name && (
            <Text size="xs" c="dimmed">
              {flow.template.displayName}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {flow.template.summary}
        </Text>
        <Group gap="lg">
          <Text size="sm">
            {FLOWS_PAGE_TEXTS.created} <span data-testid="flow-created">{formatDay(flow.createdAt)}</span>
          </Text>
          {runsPerDay !== undefined && (
            <Text size="sm" data-testid="flow-runs">
              {FLOWS_PAGE_TEXTS.runsPerDay(runsPerDay)}
            </Text>
          )}
        </Group>
        <div>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{FLOWS_PAGE_TEXTS.acceptanceRate}</Text>
            <Text size="sm" fw={600} data-testid="flow-rate">
              {rate}%
            </Text>
          </Group>
          <Progress
            value={rate}
            color="teal"
            mt={4}
            aria-label={`${FLOWS_PAGE_TEXTS.acceptanceRate} of ${flow.name}`}
          />
        </div>
        <Group gap="md">
          <Anchor ref={analyticsLink} component={Link} to={flowAnalyticsPath(flow.id)} size="sm" fw={600}>
            {FLOWS_PAGE_TEXTS.analytics} <VisuallyHidden>of {flow.name}</VisuallyHidden>
          </Anchor>
          <Anchor component={Link} to={flowActivitiesPath(flow.id)} size="sm" fw={600}>
            {FLOWS_PAGE_TEXTS.activities} <VisuallyHidden>of {flow.name}</VisuallyHidden>
          </Anchor>
          <Anchor component={Link} to={flowProspectsPath(flow.id)} size="sm" fw={600}>
            {FLOWS_PAGE_TEXTS.prospects} <VisuallyHidden>of {flow.name}</VisuallyHidden>
          </Anchor>
          <ReviewQueueLink flowId={flow.id} flowName={flow.name} />
        </Group>
        {!stopped && (
          <Group gap="sm">
            {flow.status === 'ACTIVE' && (
              <Button
                size="xs"
                variant="light"
                color="yellow"
                leftSection={
                  pausing ? (
                    <Loader size={14} color="currentColor" aria-hidden />
                  ) : (
                    <IconPlayerPause size={14} aria-hidden />
                  )
                }
                aria-busy={pausing || undefined}
                aria-disabled={pausing || undefined}
                onClick={() => void pause()}
              >
                {FLOWS_PAGE_TEXTS.pause} <VisuallyHidden>{flow.name}</VisuallyHidden>
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {FLOWS_PAGE_TEXTS.delete} <VisuallyHidden>{flow.name}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
      <LazyConfirmDialog
        title={FLOWS_PAGE_TEXTS.stopTitle}
        text={FLOWS_PAGE_TEXTS.stopText(flow.name)}
        cancelLabel={FLOWS_PAGE_TEXTS.cancel}
        confirmLabel={FLOWS_PAGE_TEXTS.stopConfirm}
        opened={confirming}
        busy={stopping}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void stop()}
      />
    </Card>
  );
}
