import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { FLOW_LIST_TEXTS } from '../../../../../shared/flow-insight-texts';
import type { Pagination } from '../../../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import type { useFlow } from '../../../lib/flows/flow-api';
import { BusyButton } from '../../../lib/ui/BusyButton';
import { shownRange } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';

/** The page's heading, what it belongs to (the flow's name) and its Refresh button. */
export function InsightHeader({
  title,
  subtitle,
  refreshing,
  onRefresh,
}: {
  title: string;
  subtitle: ReactNode;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Title order={1}>{title}</Title>
        {subtitle}
      </div>
      <BusyButton
        variant="default"
        busy={refreshing}
        icon={<IconRefresh size={16} aria-hidden />}
        onClick={onRefresh}
      >
        {INSIGHT_TEXTS.refresh}
      </BusyButton>
    </Group>
  );
}

export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {INSIGHT_TEXTS.retry}
      </Button>
    </Alert>
  );
}

export function ListLoading({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={60} radius="md" />
      ))}
    </Stack>
  );
}

export function EmptyList({ text }: { text: string }) {
  return (
    <Card withBorder padding="xl">
      <Text ta="center" fw={600}>
        {text}
      </Text>
    </Card>
  );
}

/** A success indicator that does not rely on colour alone: an icon and a word. */
export function SuccessMark({ ok }: { ok: boolean }) {
  return ok ? (
    <span className={classes.ok} data-testid="success-mark">
      <IconCircleCheck size={14} aria-hidden />
      {INSIGHT_TEXTS.succeeded}
    </span>
  ) : (
    <span className={classes.bad} data-testid="success-mark">
      <IconCircleX size={14} aria-hidden />
      {INSIGHT_TEXTS.failed}
    </span>
  );
}

/** A link off the app, in a new tab, said so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {children} <VisuallyHidden>{INSIGHT_TEXTS.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

/** 'Showing x-y of n …' and 'Page i of n', read out when they change (a Load More, an Apply). */
export function ListCounts({
  shown,
  pagination,
  pagesLoaded,
  showing,
}: {
  shown: number;
  pagination: Pagination;
  pagesLoaded: number;
  showing: (from: number, to: number, total: number) => string;
}) {
  const range = shownRange(shown, pagination.totalItems);
  return (
    <Group justify="space-between" gap="xs" aria-live="polite" aria-atomic="true">
      <Text size="sm" data-testid="list-count">
        {showing(range.from, range.to, range.total)}
      </Text>
      <Text size="sm" c="dimmed" data-testid="list-page">
        {FLOW_LIST_TEXTS.page(pagesLoaded, Math.max(pagination.totalPages, pagesLoaded))}
      </Text>
    </Group>
  );
}

/**
 * Below a list: Load More while a next page exists, else the end note. When a Load More brings the
 * last page, the button goes and the keyboard's focus moves to the end note instead of the page's top.
 */
export function ListFooter({
  hasMore,
  loadingMore,
  busy,
  onLoadMore,
  loadMoreText,
  endText,
}: {
  hasMore: boolean;
  loadingMore: boolean;
  busy: boolean;
  onLoadMore: () => void;
  loadMoreText: string;
  endText: string;
}) {
  const endNote = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);

  useEffect(() => {
    if (!pressed.current || loadingMore) return;
    pressed.current = false;
    if (!hasMore) endNote.current?.focus();
  }, [hasMore, loadingMore]);

  if (hasMore) {
    return (
      <Group justify="center">
        <BusyButton
          variant="light"
          busy={busy}
          onClick={() => {
            pressed.current = true;
            onLoadMore();
          }}
        >
          {loadMoreText}
        </BusyButton>
      </Group>
    );
  }
  return (
    <Text ref={endNote} tabIndex={-1} ta="center" size="sm" c="dimmed" data-testid="list-end">
      {endText}
    </Text>
  );
}

/** The flow's name under the page's heading, or 'Failed to load flow details' (spec 8). */
export function FlowName({ flow }: { flow: ReturnType<typeof useFlow> }) {
  if (flow.flow) {
    return (
      <Text c="dimmed" data-testid="flow-name" style={{ overflowWrap: 'anywhere' }}>
        {flow.flow.name}
      </Text>
    );
  }
  if (flow.error) {
    return (
      <Alert
        mt="xs"
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title={FLOW_TEXTS.errors.loadDetails}
      />
    );
  }
  return <Skeleton height={20} width={220} mt={6} role="status" aria-label={INSIGHT_TEXTS.loadingFlow} />;
}
