import type { AnalyticsDay } from '../../../../../../shared/flow-insights-values';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { ChartSection } from './ChartSection';
import { DRAWING_HEIGHTS } from './drawing-heights';
import { formatCount, formatDate } from './format';
import { DailyDrawing } from './lazy-drawings';

const SERIES = [
  { name: 'prospectsFound', label: ANALYTICS_TEXTS.prospectsFound },
  { name: 'invitationsSent', label: ANALYTICS_TEXTS.invitationsSent },
  { name: 'invitationsAccepted', label: ANALYTICS_TEXTS.invitationsAccepted },
] as const;

/** Chart 1 (issue 21 point 2): prospects found, invitations sent and accepted, day by day. */
export function DailyActivityChart({ daily }: { daily: readonly AnalyticsDay[] }) {
  const data = daily.map((day) => ({
    date: formatDate(day.date),
    prospectsFound: day.prospectsFound,
    invitationsSent: day.invitationsSent,
    invitationsAccepted: day.invitationsAccepted,
  }));
  const total = (key: (typeof SERIES)[number]['name']) => daily.reduce((sum, day) => sum + day[key], 0);
  return (
    <ChartSection
      height={DRAWING_HEIGHTS.daily}
      title={ANALYTICS_TEXTS.daily}
      summary={ANALYTICS_TEXTS.dailySummary(
        total('prospectsFound'),
        total('invitationsSent'),
        total('invitationsAccepted'),
      )}
      table={{
        columns: [
          { key: 'date', label: ANALYTICS_TEXTS.date },
          ...SERIES.map((series) => ({ key: series.name, label: series.label })),
        ],
        rows: daily.map((day) => ({
          date: formatDate(day.date, true),
          prospectsFound: formatCount(day.prospectsFound),
          invitationsSent: formatCount(day.invitationsSent),
          invitationsAccepted: formatCount(day.invitationsAccepted),
        })),
      }}
      testId="chart-daily"
    >
      <DailyDrawing data={data} />
    </ChartSection>
  );
}
