import { Anchor, Skeleton, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { DAY_PLAN_TEXTS } from '../../../../../../shared/day-plan';
import { DayPlanLoadFailed, DayPlanLoading } from '../../../../lib/ui/day-plan/DayPlanStates';
import { DAY_PLAN_UI_TEXTS } from '../../../../lib/ui/day-plan/day-plan-texts';
import { useFlowDayPlan } from '../../api/day-plan';
import { Block } from './ChartSection';
import { useNearScreen } from './use-near-screen';

const CONNECTIONS_PATH = '/platforms';

// The runs list and the budget table load as their own chunk, once the day plan has arrived: the analytics
// page's first load (under a Lighthouse budget) carries only this card's frame and its states.
const FlowDayPlanContent = lazy(() => import('./FlowDayPlanContent'));

/**
 * Next runs (issue 23 point 4): this flow's runs of its account's day plan for the next 24 hours, with
 * their planned counts and left-overs, and the account's budget lines they draw on.
 */
export function FlowDayPlanCard({ flowId }: { flowId: string }) {
  // Asked for when the card comes near the screen: it is the page's last block, below the fold on a phone.
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const { dayPlan, error, mutate } = useFlowDayPlan(flowId, near);
  let body: ReactNode;
  if (!near) {
    // Not asked for yet: its place is held, and nothing says it is loading.
    body = <Skeleton height={92} radius="md" />;
  } else if (error && dayPlan === undefined) {
    body = <DayPlanLoadFailed onRetry={() => void mutate()} />;
  } else if (dayPlan === null) {
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
  } else if (dayPlan === undefined) {
    body = <DayPlanLoading />;
  } else {
    body = (
      <Suspense fallback={<DayPlanLoading />}>
        <FlowDayPlanContent dayPlan={dayPlan} flowId={flowId} />
      </Suspense>
    );
  }
  return (
    <div ref={ref}>
      <Block
        title={DAY_PLAN_TEXTS.flowTitle}
        description={dayPlan ? DAY_PLAN_UI_TEXTS.flowSubtitle(dayPlan.timeZone) : undefined}
        testId="flow-plan"
      >
        {body}
      </Block>
    </div>
  );
}
