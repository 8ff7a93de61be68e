import type { AnalyticsDay } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { ChartSection } from './ChartSection';
import { DRAWING_HEIGHTS } from './drawing-heights';
import { formatDate, formatRate } from './format';
import { AcceptanceDrawing } from './lazy-drawings';

/**
 * Chart 2 (issue 21 point 2): the share of the day's answered invitations that were accepted; a day
 * without answers (null) leaves a gap. The summary gives the period's rate over all its answers.
 */
export function AcceptanceRateChart({ daily }: { daily: readonly AnalyticsDay[] }) {
  const accepted = daily.reduce((sum, day) => sum + day.invitationsAccepted, 0);
  const answered = daily.reduce((sum, day) => sum + day.invitationsAccepted + day.invitationsDeclined, 0);
  const data = daily.map((day) => ({ date: formatDate(day.date), acceptanceRate: day.acceptanceRate }));
  return (
    <ChartSection
      height={DRAWING_HEIGHTS.acceptance}
      title={ANALYTICS_TEXTS.acceptance}
      description={ANALYTICS_TEXTS.acceptanceHint}
      summary={
        answered > 0
          ? ANALYTICS_TEXTS.acceptanceSummary(formatRate((accepted / answered) * 100), accepted, answered)
          : ANALYTICS_TEXTS.acceptanceNone
      }
      table={{
        columns: [
          { key: 'date', label: ANALYTICS_TEXTS.date },
          { key: 'rate', label: ANALYTICS_TEXTS.connectionRate },
        ],
        rows: daily.map((day) => ({
          date: formatDate(day.date, true),
          rate: day.acceptanceRate === null ? ANALYTICS_TEXTS.noAnswers : formatRate(day.acceptanceRate),
        })),
      }}
      testId="chart-acceptance"
    >
      <AcceptanceDrawing data={data} />
    </ChartSection>
  );
}
