import type { Lead, LeadEngagement } from '../../../../../shared/leads';

/**
 * One column of the leads export (part 2 section 5; DECISIONS 30: every format has the CSV's columns):
 * its header, how its cell is read from a lead, and whether it is a text column. Text columns are always quoted (empty ones as `""`), as the spec says of
 * text fields; the date columns and the follower count are not (a date or a number never needs
 * quotes), so a missing one is an empty cell with nothing between its commas.
 */
export interface CsvColumn {
  header: string;
  cell: (lead: Lead) => string;
  text: boolean;
  /** The spec's name of the lead field (part 2 section 3): the key of the JSON export. */
  field: string;
  /** How a typed file holds it: Excel writes dates as date cells and counts as numbers. */
  kind: 'text' | 'date' | 'count';
  /**
   * The cell as its own type, for the JSON export: the text (null when the lead has none), the ISO
   * timestamp, the count, the flag, the engagement object.
   */
  value: (lead: Lead) => string | number | boolean | LeadEngagement | null;
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

/**
 * Cells a spreadsheet program could run as a formula: those starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return. The CSV and the Excel file prefix them with `'`, so they stay text.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A lead's timestamp as ISO text, or null when it has none that is a date. */
export function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const text = (header: string, field: string, cell: (lead: Lead) => string | undefined): CsvColumn => ({
  header,
  field,
  kind: 'text',
  cell: (lead) => cell(lead) ?? '',
  text: true,
  value: (lead) => cell(lead) || null,
});

const date = (header: string, field: string, cell: (lead: Lead) => string | undefined): CsvColumn => ({
  header,
  field,
  kind: 'date',
  cell: (lead) => csvDate(cell(lead)),
  text: false,
  value: (lead) => isoDate(cell(lead)),
});

/** The spec's columns, in its order. */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  text('Name', 'name', (lead) => lead.name),
  text('Headline', 'headline', (lead) => lead.headline),
  text('Skills', 'skills', (lead) => lead.skills),
  text('Description', 'description', (lead) => lead.description),
  text('Profile URL', 'profileUrl', (lead) => lead.profileUrl),
  text('Website', 'website', (lead) => lead.website),
  text('Title', 'title', (lead) => lead.title),
  text('Company', 'company', (lead) => lead.company),
  text('Location', 'location', (lead) => lead.location),
  date('Extracted Date', 'extractedAt', (lead) => lead.extractedAt),
  date('Enhanced Date', 'enrichedAt', (lead) => lead.enrichedAt),
];

/**
 * The columns DECISIONS 26 adds after the spec's eleven, in this order, each only when at least one
 * exported lead has its field: the X or Instagram handle (without '@', which a spreadsheet would take
 * for a formula), the follower count, the verified flag and how a post engager engaged.
 */
export const OPTIONAL_COLUMNS = ['handle', 'followers', 'verified', 'engagement'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** An engagement as one cell: 'commented on 2026-01-10 09:30: Great post!', 'liked'. */
export function engagementCell(engagement: LeadEngagement | undefined): string {
  if (!engagement) return '';
  const at = csvDate(engagement.at);
  const head = at ? `${engagement.type} on ${at}` : engagement.type;
  return engagement.text ? `${head}: ${engagement.text}` : head;
}

const OPTIONAL: Record<OptionalColumn, { column: CsvColumn; has: (lead: Lead) => boolean }> = {
  handle: {
    column: text('Handle', 'handle', (lead) => lead.handle),
    has: (lead) => typeof lead.handle === 'string' && lead.handle !== '',
  },
  followers: {
    column: {
      header: 'Followers',
      field: 'followersCount',
      kind: 'count',
      cell: (lead) => (isCount(lead.followersCount) ? String(lead.followersCount) : ''),
      text: false,
      value: (lead) => (isCount(lead.followersCount) ? lead.followersCount : null),
    },
    has: (lead) => isCount(lead.followersCount),
  },
  verified: {
    column: {
      ...text('Verified', 'verified', (lead) =>
        typeof lead.verified === 'boolean' ? (lead.verified ? 'Yes' : 'No') : undefined,
      ),
      value: (lead) => (typeof lead.verified === 'boolean' ? lead.verified : null),
    },
    has: (lead) => typeof lead.verified === 'boolean',
  },
  engagement: {
    column: {
      ...text('Engagement', 'engagement', (lead) => engagementCell(lead.engagement)),
      value: (lead) => (typeof lead.engagement?.type === 'string' ? lead.engagement : null),
    },
    has: (lead) => typeof lead.engagement?.type === 'string',
  },
};

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The optional columns some of `leads` have a field for, in the file's order. */
export function optionalColumnsOf(leads: readonly Lead[]): OptionalColumn[] {
  const found = new Set<OptionalColumn>();
  for (const lead of leads) {
    for (const key of OPTIONAL_COLUMNS) if (!found.has(key) && OPTIONAL[key].has(lead)) found.add(key);
    if (found.size === OPTIONAL_COLUMNS.length) break;
  }
  return OPTIONAL_COLUMNS.filter((key) => found.has(key));
}

/** The file's columns: the spec's eleven, then the optional ones asked for, always in the same order. */
export function csvColumns(optional: readonly OptionalColumn[] = []): CsvColumn[] {
  return [
    ...CSV_COLUMNS,
    ...OPTIONAL_COLUMNS.filter((key) => optional.includes(key)).map((key) => OPTIONAL[key].column),
  ];
}
