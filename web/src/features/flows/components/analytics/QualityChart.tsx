import { Group, Text } from '@mantine/core';
import type { FlowAnalytics } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS, QUALITY_LABELS } from './analytics-texts';
import { ChartSection } from './ChartSection';
import { DRAWING_HEIGHTS } from './drawing-heights';
import { formatCount, formatRate } from './format';
import { QualityDrawing } from './lazy-drawings';

/** Chart 4 (issue 21 point 2): invitations and acceptances by the prospects' match quality. */
export function QualityChart({ rows }: { rows: FlowAnalytics['acceptanceByQuality'] }) {
  const data = rows.map((row) => ({
    quality: QUALITY_LABELS[row.quality] ?? row.quality,
    invited: row.invited,
    accepted: row.accepted,
  }));
  return (
    <ChartSection
      height={DRAWING_HEIGHTS.quality}
      title={ANALYTICS_TEXTS.quality}
      summary={
        <Group component="span" gap="md">
          {rows.map((row) => (
            <Text component="span" size="sm" key={row.quality}>
              {QUALITY_LABELS[row.quality] ?? row.quality}:{' '}
              <Text component="span" fw={700} size="sm">
                {formatRate(row.rate)}
              </Text>
            </Text>
          ))}
        </Group>
      }
      table={{
        columns: [
          { key: 'quality', label: ANALYTICS_TEXTS.qualityColumn },
          { key: 'invited', label: ANALYTICS_TEXTS.invited },
          { key: 'accepted', label: ANALYTICS_TEXTS.accepted },
          { key: 'rate', label: ANALYTICS_TEXTS.rate },
        ],
        rows: rows.map((row) => ({
          quality: QUALITY_LABELS[row.quality] ?? row.quality,
          invited: formatCount(row.invited),
          accepted: formatCount(row.accepted),
          rate: formatRate(row.rate),
        })),
      }}
      testId="chart-quality"
    >
      <QualityDrawing data={data} />
    </ChartSection>
  );
}
