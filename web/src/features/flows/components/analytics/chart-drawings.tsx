import '@mantine/charts/styles.layer.css';
// The charts' tooltip and legend are drawn with ColorSwatch, which the app's own stylesheet list
// (app/mantine-styles.css, made from the app's imports) does not hold: it comes with the drawings.
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart, LineChart } from '@mantine/charts';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { DRAWING_HEIGHTS } from './drawing-heights';
import { formatRate } from './format';

/**
 * The drawings of the analytics charts (recharts, through @mantine/charts): a chunk of their own,
 * loaded by the analytics page once it shows, so that its figures never wait for them. Each is
 * hidden from screen readers by its ChartSection, which gives the same numbers in text; none takes
 * the keyboard (recharts' accessibility layer is off: its focusable SVG would sit in a hidden subtree).
 */

const LEGEND = { verticalAlign: 'bottom' as const, height: 40 };
const COUNT_AXIS = { allowDecimals: false, width: 40 };

/** Past a month of days, bars get too thin to read (on a phone above all): lines instead. */
const BARS_UP_TO_DAYS = 31;

export const DAILY_SERIES = [
  { name: 'prospectsFound', label: ANALYTICS_TEXTS.prospectsFound, color: 'indigo.6' },
  { name: 'invitationsSent', label: ANALYTICS_TEXTS.invitationsSent, color: 'orange.7' },
  { name: 'invitationsAccepted', label: ANALYTICS_TEXTS.invitationsAccepted, color: 'teal.7' },
];

export function DailyDrawing({ data }: { data: Record<string, string | number>[] }) {
  const common = {
    h: DRAWING_HEIGHTS.daily,
    data,
    dataKey: 'date',
    series: DAILY_SERIES,
    withLegend: true,
    legendProps: LEGEND,
    tickLine: 'y' as const,
    accessibilityLayer: false,
    yAxisProps: COUNT_AXIS,
  };
  return data.length > BARS_UP_TO_DAYS ? (
    <LineChart {...common} withDots={false} curveType="linear" />
  ) : (
    <BarChart {...common} maxBarWidth={24} />
  );
}

export function AcceptanceDrawing({
  data,
}: {
  data: Array<{ date: string; acceptanceRate: number | null }>;
}) {
  return (
    <LineChart
      h={DRAWING_HEIGHTS.acceptance}
      data={data}
      dataKey="date"
      series={[{ name: 'acceptanceRate', label: ANALYTICS_TEXTS.connectionRate, color: 'teal.7' }]}
      unit="%"
      yAxisProps={{ domain: [0, 100], width: 48 }}
      tickLine="y"
      connectNulls={false}
      curveType="linear"
      accessibilityLayer={false}
      valueFormatter={(value) => formatRate(value)}
    />
  );
}

export function QualityDrawing({
  data,
}: {
  data: Array<{ quality: string; invited: number; accepted: number }>;
}) {
  return (
    <BarChart
      h={DRAWING_HEIGHTS.quality}
      data={data}
      dataKey="quality"
      series={[
        { name: 'invited', label: ANALYTICS_TEXTS.invited, color: 'orange.7' },
        { name: 'accepted', label: ANALYTICS_TEXTS.accepted, color: 'teal.7' },
      ]}
      withLegend
      legendProps={LEGEND}
      tickLine="y"
      maxBarWidth={40}
      accessibilityLayer={false}
      yAxisProps={COUNT_AXIS}
    />
  );
}
