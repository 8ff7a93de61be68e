import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { Block } from './ChartSection';
import { formatDate, percentOf } from './format';

const CONNECTIONS_PATH = '/platforms';

/** The bar's colour as the week's budget runs out (spec 9's progress colours, turned around). */
function usageColor(percent: number): string {
  if (percent >= 90) return 'red';
  if (percent >= 75) return 'yellow';
  return 'teal';
}

/**
 * Chart 5 (issue 21 point 2): the connected account's budget use this week against its limits, one
 * bar per action kind (a progress bar: its name and value are read out), with today's use beside it.
 */
export function BudgetUsage({ budget }: { budget: FlowAnalytics['budget'] }) {
  if (!budget) {
    return (
      <Block title={ANALYTICS_TEXTS.budget} testId="chart-budget">
        <Text size="sm" data-testid="no-budget">
          {ANALYTICS_TEXTS.noBudget}
        </Text>
        <Anchor component={Link} to={CONNECTIONS_PATH} size="sm" fw={600}>
          {ANALYTICS_TEXTS.connectAccount}
        </Anchor>
      </Block>
    );
  }
  return (
    <Block
      title={ANALYTICS_TEXTS.budget}
      description={ANALYTICS_TEXTS.budgetHint(formatDate(budget.week, true), budget.timeZone)}
      testId="chart-budget"
    >
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {budget.actions.map((action) => {
          const percent = percentOf(action.usedThisWeek, action.weekly);
          return (
            <li key={action.action} data-testid={`budget-${action.action}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {action.label}
                </Text>
                <Text size="sm">{ANALYTICS_TEXTS.thisWeek(action.usedThisWeek, action.weekly)}</Text>
              </Group>
              <Progress
                value={percent}
                color={usageColor(percent)}
                size="lg"
                mt={4}
                aria-label={ANALYTICS_TEXTS.budgetBar(action.label)}
              />
              <Text size="xs" c="dimmed" mt={2}>
                {ANALYTICS_TEXTS.today(action.usedToday, action.daily)}
              </Text>
            </li>
          );
        })}
      </Stack>
    </Block>
  );
}
