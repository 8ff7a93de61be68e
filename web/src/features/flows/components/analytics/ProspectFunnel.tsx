import { Group, Progress, Stack, Text } from '@mantine/core';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS, FUNNEL_LABELS } from './analytics-texts';
import { Block } from './ChartSection';
import { formatCount, formatRate, percentOf } from './format';

/**
 * Chart 3 (issue 21 point 2): found → scored → engaged → invited → accepted → messaged → replied, each
 * step's count and its share of the step before. An ordered list of text: its own text alternative;
 * the bars (widths against the first step) are drawing only.
 */
export function ProspectFunnel({ funnel }: { funnel: FlowAnalytics['funnel'] }) {
  const first = funnel[0]?.count ?? 0;
  return (
    <Block title={ANALYTICS_TEXTS.funnel} description={ANALYTICS_TEXTS.funnelHint} testId="chart-funnel">
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {funnel.map((step) => (
          <li key={step.step} data-testid={`funnel-${step.step}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {FUNNEL_LABELS[step.step] ?? step.step}
              </Text>
              <Text size="sm">
                <Text component="span" fw={700} size="sm">
                  {formatCount(step.count)}
                </Text>
                {step.rateFromPrevious !== null && (
                  <Text component="span" c="dimmed" size="sm">
                    {' '}
                    ({ANALYTICS_TEXTS.ofPrevious(formatRate(step.rateFromPrevious))})
                  </Text>
                )}
              </Text>
            </Group>
            <Progress value={percentOf(step.count, first)} color="indigo" size="lg" mt={4} aria-hidden />
          </li>
        ))}
      </Stack>
    </Block>
  );
}
