import { Alert, Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { REVIEW_TEXTS, type ReviewQueue } from '../../../../../shared/review';
import { FlowNotFound } from '../../../lib/flows/FlowNotFound';
import { useFlow } from '../../../lib/flows/flow-api';
import { flowAnalyticsPath, flowsTabPath } from '../../../lib/flows/flow-paths';
import { ReviewModeRadios } from '../../../lib/flows/ReviewModeRadios';
import { BackLink } from '../../../lib/ui/BackLink';
import { usePageTitle } from '../../../lib/workspace';
import { useReviewQueue } from '../api/review';
import { AutopilotOffer } from '../components/AutopilotOffer';
import { ReviewList } from '../components/ReviewList';
import classes from '../components/review.module.css';
import { REVIEW_PAGE_TEXTS } from '../components/review-texts';
import { useReviewDecisions } from '../components/use-review-decisions';
import { useReviewMode } from '../components/use-review-mode';

function QueueView({
  flowId,
  queue,
  mutate,
}: {
  flowId: string;
  queue: ReviewQueue;
  mutate: ReturnType<typeof useReviewQueue>['mutate'];
}) {
  // One clock per visit for every row's 'Expires in N days'.
  const [now] = useState(Date.now);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const decisions = useReviewDecisions(flowId, mutate);
  const mode = useReviewMode(flowId, queue, mutate);
  const shownMode = mode.mode ?? queue.reviewMode;
  const { pending } = decisions;
  const items = useMemo(
    () => (pending.size === 0 ? queue.items : queue.items.filter((item) => !pending.has(item.key))),
    [queue.items, pending],
  );
  const offered = queue.offerAutopilot && queue.reviewMode !== 'autopilot' && !offerDismissed;

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <ReviewModeRadios value={shownMode} onChange={(next) => void mode.save(next)} testId="review-mode" />
      </Card>
      {offered && (
        <AutopilotOffer
          streak={queue.approvalStreak}
          busy={mode.saving}
          onSwitch={() => void mode.save('autopilot')}
          onDismiss={() => setOfferDismissed(true)}
        />
      )}
      {/* With nothing waiting the list's own empty state says so, once. */}
      {items.length > 0 && (
        <Text size="sm" data-testid="review-count">
          {REVIEW_PAGE_TEXTS.waiting(items.length)} {REVIEW_TEXTS.keyboardHelp}{' '}
          {REVIEW_PAGE_TEXTS.keyboardWhere}
        </Text>
      )}
      {decisions.failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          withCloseButton
          closeButtonLabel="Close"
          onClose={decisions.dismissFailure}
          data-testid="review-failure"
        >
          {decisions.failure}
        </Alert>
      )}
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={classes.status}
        data-testid="review-status"
      >
        {decisions.announcement}
      </p>
      <ReviewList
        items={items}
        reviewMode={shownMode}
        now={now}
        decide={decisions.decide}
        announce={decisions.announce}
      />
    </Stack>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={REVIEW_TEXTS.loadFailed}
    >
      <Button mt="xs" size="sm" variant="light" color="red" onClick={onRetry}>
        {REVIEW_PAGE_TEXTS.retry}
      </Button>
    </Alert>
  );
}

/**
 * Issue 23 point 1, /flows/{flowId}/review: the flow's review mode, and the AI's writes waiting for
 * the user, each approved (as written or edited) or skipped, one at a time by keyboard or by selection.
 */
export default function FlowReviewPage() {
  const { flowId = '' } = useParams();
  const flowAnswer = useFlow(flowId);
  const queueAnswer = useReviewQueue(flowId);
  const { flow } = flowAnswer;
  const { queue } = queueAnswer;
  const notFound = flowAnswer.notFound || queueAnswer.notFound;
  const title = flow ? REVIEW_PAGE_TEXTS.pageTitle(flow.name) : REVIEW_PAGE_TEXTS.fallbackTitle;
  usePageTitle(title);
  // The queue's first drawing (20 writes, each a card with its text and actions) is a transition, in
  // slices the phone can interrupt: SWR's answer alone would draw it in one task (issue 38 point 2).
  // Later answers (a decision made) are drawn at once.
  const queueDrawn = useDeferredValue(queue !== undefined);

  let content: ReactNode;
  if (notFound) {
    content = <FlowNotFound text={REVIEW_PAGE_TEXTS.notFoundText} to={flowsTabPath('running')} />;
  } else if (queue && queueDrawn) {
    content = <QueueView flowId={flowId} queue={queue} mutate={queueAnswer.mutate} />;
  } else if (queueAnswer.error && !queue) {
    content = (
      <LoadError
        onRetry={() => {
          void queueAnswer.mutate();
          if (flowAnswer.error) void flowAnswer.mutate();
        }}
      />
    );
  } else {
    content = (
      <Stack gap="md" aria-busy="true" data-testid="review-loading">
        <span className={classes.srOnly}>{REVIEW_PAGE_TEXTS.loading}</span>
        <Skeleton height={120} radius="md" />
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={180} radius="md" />
        ))}
      </Stack>
    );
  }

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        {!notFound && (
          <>
            <BackLink to={flowAnalyticsPath(flowId)}>{REVIEW_PAGE_TEXTS.backToAnalytics}</BackLink>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
          </>
        )}
        {content}
      </Stack>
    </Container>
  );
}
