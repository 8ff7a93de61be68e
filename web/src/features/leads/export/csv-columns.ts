import type { Lead } from '../../../../../shared/leads';

/**
 * One column of the leads CSV (part 2 section 5): its header, how its cell is read from a lead, and
 * whether it is a text column. Text columns are always quoted (empty ones as `""`), as the spec says of
 * text fields; the two date columns are not (a date never needs quotes), so a missing date is an
 * empty cell with nothing between its commas.
 */
export interface CsvColumn {
  header: string;
  cell: (lead: Lead) => string;
  text: boolean;
}

/**
 * A lead's ISO timestamp as the date a person reads: `YYYY-MM-DD HH:mm`, in UTC. Spreadsheet programs
 * read this shape as a date and time (they keep `2026-01-05T09:30:00.000Z` as text), and UTC keeps the
 * file the same wherever it is exported. Empty when the lead has none, or one that is not a date.
 */
export function csvDate(value: string | undefined): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

const text = (header: string, cell: (lead: Lead) => string | undefined): CsvColumn => ({
  header,
  cell: (lead) => cell(lead) ?? '',
  text: true,
});

const date = (header: string, cell: (lead: Lead) => string | undefined): CsvColumn => ({
  header,
  cell: (lead) => csvDate(cell(lead)),
  text: false,
});

/** The spec's columns, in its order. */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  text('Name', (lead) => lead.name),
  text('Headline', (lead) => lead.headline),
  text('Skills', (lead) => lead.skills),
  text('Description', (lead) => lead.description),
  text('Profile URL', (lead) => lead.profileUrl),
  text('Website', (lead) => lead.website),
  text('Title', (lead) => lead.title),
  text('Company', (lead) => lead.company),
  text('Location', (lead) => lead.location),
  date('Extracted Date', (lead) => lead.extractedAt),
  date('Enhanced Date', (lead) => lead.enrichedAt),
];
