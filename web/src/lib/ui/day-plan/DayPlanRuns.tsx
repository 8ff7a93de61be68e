import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  DAY_PLAN_ACTIONS,
  DAY_PLAN_TEXTS,
  type DayPlanAction,
  type DayPlanRun,
} from '../../../../../shared/day-plan';
import classes from './day-plan.module.css';
import { DAY_PLAN_UI_TEXTS } from './day-plan-texts';

const wanted = (run: DayPlanRun, action: DayPlanAction) =>
  run.planned[action] + run.waitingForReview[action] + run.leftOver[action];

const hasLeftOver = (run: DayPlanRun) => DAY_PLAN_ACTIONS.some((action) => run.leftOver[action] > 0);

/** One action of a run: what it does, what waits for review, what the budget leaves out; zeros unsaid. */
function ActionLine({ run, action }: { run: DayPlanRun; action: DayPlanAction }) {
  const parts: Array<{ key: string; part: ReactNode }> = [];
  if (run.planned[action] > 0)
    parts.push({ key: 'planned', part: DAY_PLAN_TEXTS.planned(run.planned[action]) });
  if (run.waitingForReview[action] > 0) {
    parts.push({ key: 'review', part: DAY_PLAN_TEXTS.waitingForReview(run.waitingForReview[action]) });
  }
  if (run.leftOver[action] > 0) {
    // Said in words, not only in colour: the colour is the theme's AA orange.
    const part = (
      <Text span size="sm" c="orange" fw={600}>
        {DAY_PLAN_TEXTS.leftOver(run.leftOver[action])}
      </Text>
    );
    parts.push({ key: 'left-over', part });
  }
  return (
    <li data-testid={`run-action-${action}`}>
      <Text size="sm">
        <Text span size="sm" fw={600}>
          {DAY_PLAN_TEXTS.actionLabels[action]}:
        </Text>{' '}
        {parts.map(({ key, part }, index) => (
          <span key={key}>
            {index > 0 && ', '}
            {part}
          </span>
        ))}
      </Text>
    </li>
  );
}

/**
 * The runs of a day plan in time order: when (on the flow's clock, its zone named), the new prospects to
 * find and, per action, what is planned, waits for review or is left over for lack of budget.
 */
export function DayPlanRuns({ runs, showFlowName }: { runs: readonly DayPlanRun[]; showFlowName: boolean }) {
  // The API answers them in time order; sorting a copy keeps that true whatever filtered them.
  const ordered = [...runs].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <ol className={classes.list} aria-label={DAY_PLAN_UI_TEXTS.runs}>
      {ordered.map((run) => (
        <li key={`${run.flowId}@${run.at}`} className={classes.run} data-testid="planned-run">
          <Group gap="xs" justify="space-between" wrap="wrap">
            {showFlowName && (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {run.flowName}
              </Text>
            )}
            <Text size="sm" fw={showFlowName ? undefined : 600}>
              <time dateTime={run.at}>{DAY_PLAN_TEXTS.runAt(run.localTime, run.timeZone)}</time>
            </Text>
          </Group>
          <Text size="sm">
            {run.backlog > 0 && `${DAY_PLAN_TEXTS.backlog(run.backlog)}; `}
            {DAY_PLAN_TEXTS.prospects(run.prospects)}
          </Text>
          {DAY_PLAN_ACTIONS.some((action) => wanted(run, action) > 0) && (
            <ul className={classes.list}>
              {DAY_PLAN_ACTIONS.filter((action) => wanted(run, action) > 0).map((action) => (
                <ActionLine key={action} run={run} action={action} />
              ))}
            </ul>
          )}
          {!hasLeftOver(run) && (
            <Text size="sm" c="teal">
              {DAY_PLAN_TEXTS.nothingLeftOver}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}
