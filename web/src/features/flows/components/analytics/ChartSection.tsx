import { Card, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, Suspense, useId } from 'react';
import { ANALYTICS_TEXTS } from './analytics-texts';
import { useNearScreen } from './use-near-screen';

/** A block of the page: a card that is a region named by its heading (h2 under the page's h1). */
export function Block({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id} data-testid={testId} miw={0}>
      <Stack gap="sm">
        <div>
          <Title id={id} order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

export interface DataColumn {
  key: string;
  label: string;
}

/** A table of a chart's numbers, for screen readers (the chart's text alternative). */
export function HiddenTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: readonly DataColumn[];
  rows: ReadonlyArray<Record<string, string | number>>;
  testId?: string;
}) {
  return (
    <VisuallyHidden>
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // The first column names the row (a date, a quality): unique within a chart.
            <tr key={String(row[columns[0]?.key ?? ''] ?? index)}>
              {columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.key} scope="row">
                    {row[column.key]}
                  </th>
                ) : (
                  <td key={column.key}>{row[column.key]}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * A chart with its text alternative: a visible summary line and a visually hidden table of the same
 * numbers; the drawing itself is hidden from screen readers (and out of the tab order), and its code
 * (lazy-drawings.ts) loads after the page's: a skeleton of its height holds its place meanwhile.
 */
export function ChartSection({
  title,
  description,
  summary,
  table,
  children,
  height,
  testId,
}: {
  title: string;
  description?: ReactNode;
  summary: ReactNode;
  /** The drawing's height, kept while its code loads. */
  height: number;
  /** The chart's numbers: HiddenTable's props. */
  table: { columns: readonly DataColumn[]; rows: ReadonlyArray<Record<string, string | number>> };
  children: ReactNode;
  testId?: string;
}) {
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const placeholder = <Skeleton height={height} radius="md" />;
  return (
    <Block title={title} description={description} testId={testId}>
      <Text size="sm" data-testid="chart-summary">
        {summary}
      </Text>
      <div ref={ref} aria-hidden="true" data-testid="chart-drawing">
        {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
      </div>
      <HiddenTable caption={ANALYTICS_TEXTS.asTable(title)} {...table} testId="chart-table" />
    </Block>
  );
}
