import { Button, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { DAY_PLAN_TEXTS } from '../../../../../shared/day-plan';
import { DayPlanLoadFailed, DayPlanLoading } from '../../../lib/ui/day-plan/DayPlanStates';
import { DayPlanView } from '../../../lib/ui/day-plan/DayPlanView';
import { DAY_PLAN_UI_TEXTS } from '../../../lib/ui/day-plan/day-plan-texts';
import { useDayPlan } from '../api/day-plan';

function DayPlanPanel({
  connectionId,
  id,
  headingId,
}: {
  connectionId: string;
  id: string;
  headingId: string;
}) {
  const { dayPlan, error, mutate } = useDayPlan(connectionId);
  let body: ReactNode;
  if (dayPlan) {
    body = (
      <>
        <Text size="sm" c="dimmed">
          {DAY_PLAN_TEXTS.subtitle(dayPlan.timeZone)}
        </Text>
        <DayPlanView
          dayPlan={dayPlan}
          runs={dayPlan.runs}
          lines={dayPlan.budgets}
          empty={DAY_PLAN_TEXTS.empty}
          showFlowName
          budgetCaption={DAY_PLAN_UI_TEXTS.budgetCaption}
        />
      </>
    );
  } else if (error) {
    body = <DayPlanLoadFailed onRetry={() => void mutate()} />;
  } else {
    body = <DayPlanLoading />;
  }
  return (
    <Stack component="section" id={id} aria-labelledby={headingId} gap="sm" data-testid="day-plan">
      <Title id={headingId} order={2} size="h4">
        {DAY_PLAN_TEXTS.title}
      </Title>
      {body}
    </Stack>
  );
}

/**
 * Tomorrow's plan of one connected account (issue 23 point 4), behind a disclosure button: the day plan is
 * a dry run of every flow of the account, so it is asked for when the user opens it, not with the list.
 */
export function DayPlanCard({ connectionId }: { connectionId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const Chevron = open ? IconChevronUp : IconChevronDown;
  return (
    <Stack gap="sm">
      <div>
        <Button
          variant="subtle"
          px="xs"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          rightSection={<Chevron size={16} aria-hidden />}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? DAY_PLAN_UI_TEXTS.hide : DAY_PLAN_UI_TEXTS.show}
        </Button>
      </div>
      {open && <DayPlanPanel connectionId={connectionId} id={panelId} headingId={headingId} />}
    </Stack>
  );
}
