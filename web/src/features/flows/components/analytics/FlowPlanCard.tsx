import { Anchor, Skeleton, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { DAY_PLAN_TEXTS } from '../../../../../../shared/day-plan';
import { DayPlanLoadFailed, DayPlanLoading } from '../../../../lib/day-plan/DayPlanStates';
import { DAY_PLAN_UI_TEXTS } from '../../../../lib/day-plan/day-plan-texts';
import { useFlowPlan } from '../../api/plan';
import { Block } from './ChartSection';
import { useNearScreen } from './use-near-screen';

const CONNECTIONS_PATH = '/platforms';

// The runs list and the budget table load as their own chunk, once the plan has arrived: the analytics
// page's first load (under a Lighthouse budget) carries only this card's frame and its states.
const FlowPlanContent = lazy(() => import('./FlowPlanContent'));

/**
 * Next runs (issue 23 point 4): this flow's runs of its account's plan for the next 24 hours, with
 * their planned counts and left-overs, and the account's budget lines they draw on.
 */
export function FlowPlanCard({ flowId }: { flowId: string }) {
  // Asked for when the card comes near the screen: it is the page's last block, below the fold on a phone.
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const { plan, error, mutate } = useFlowPlan(flowId, near);
  let body: ReactNode;
  if (!near) {
    // Not asked for yet: its place is held, and nothing says it is loading.
    body = <Skeleton height={92} radius="md" />;
  } else if (error && plan === undefined) {
    body = <DayPlanLoadFailed onRetry={() => void mutate()} />;
  } else if (plan === null) {
    body = (
      <>
        <Text size="sm" data-testid="day-plan-not-connected">
          {DAY_PLAN_UI_TEXTS.notConnected}
        </Text>
        <Anchor component={Link} to={CONNECTIONS_PATH} size="sm" fw={600}>
          {DAY_PLAN_UI_TEXTS.connectAccount}
        </Anchor>
      </>
    );
  } else if (plan === undefined) {
    body = <DayPlanLoading />;
  } else {
    body = (
      <Suspense fallback={<DayPlanLoading />}>
        <FlowPlanContent plan={plan} flowId={flowId} />
      </Suspense>
    );
  }
  return (
    <div ref={ref}>
      <Block
        title={DAY_PLAN_TEXTS.flowTitle}
        description={plan ? DAY_PLAN_UI_TEXTS.flowSubtitle(plan.timeZone) : undefined}
        testId="flow-plan"
      >
        {body}
      </Block>
    </div>
  );
}
