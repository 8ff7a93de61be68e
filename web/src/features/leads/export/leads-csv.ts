import { unparse } from 'papaparse';
import type { Lead } from '../../../../../shared/leads';
import { CSV_COLUMNS } from './csv-columns';

/**
 * The leads CSV (part 2 section 5, issue 12 point 3): UTF-8 with a byte order mark (so Excel reads
 * Zoë and 李雷 as such), CRLF after every record including the last, the header row unquoted, text
 * cells always quoted with doubled inner quotes, date cells bare. Pure: the export worker and the
 * main-thread fallback both build the file with `csvChunk`.
 */

export const CSV_BOM = '\ufeff';
export const CSV_MIME = 'text/csv;charset=utf-8';
const CRLF = '\r\n';

/**
 * Cells a spreadsheet program could run as a formula: those starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return. Papaparse prefixes them with `'` (and quotes them). Its own `escapeFormulae: true`
 * pattern, `/^[=+\-@\t\r].*$/`, has no `s` flag, so it misses a cell with a line break after the
 * first character (`=HYPERLINK(...)\nmore`); this one tests the first character alone.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

const HEADERS = CSV_COLUMNS.map((column) => column.header);
const QUOTED = CSV_COLUMNS.map((column) => column.text);

/**
 * The CSV text of some leads, every record ending in CRLF, without the byte order mark; with the
 * header row first when `header` is set. The chunks of one export concatenated, the first with the
 * header, give the same text as one call for all the leads.
 */
export function csvChunk(leads: readonly Lead[], { header }: { header: boolean }): string {
  let text = header ? unparse([HEADERS], { quotes: false, newline: CRLF }) + CRLF : '';
  if (leads.length > 0) {
    const rows = leads.map((lead) => CSV_COLUMNS.map((column) => column.cell(lead)));
    text += unparse(rows, { quotes: QUOTED, escapeFormulae: FORMULA_START, newline: CRLF }) + CRLF;
  }
  return text;
}

/** The whole file: byte order mark, header row, one record per lead. */
export function leadsCsv(leads: readonly Lead[]): string {
  return CSV_BOM + csvChunk(leads, { header: true });
}

/**
 * Builds the file from chunks of leads, as the worker receives them: `parts()` are the strings whose
 * concatenation is `leadsCsv` of all the leads added, ready for `new Blob(parts)`.
 */
export function csvBuilder(): { add: (leads: readonly Lead[]) => void; parts: () => string[] } {
  const chunks: string[] = [];
  return {
    add: (leads) => {
      chunks.push(csvChunk(leads, { header: chunks.length === 0 }));
    },
    parts: () => [CSV_BOM, ...(chunks.length > 0 ? chunks : [csvChunk([], { header: true })])],
  };
}

/** `leads-export-YYYY-MM-DD.csv`, the user's local date. */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `leads-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** The success notification; counts are written as elsewhere in the app (`50,000`). */
export function exportedMessage(n: number): string {
  // The spec's words exactly (part 2 section 8), also for one lead.
  return `Exported ${n.toLocaleString('en-US')} leads with enhanced profile data`;
}

/** What the page posts to the export worker: chunks of leads, then `end`. */
export type CsvWorkerRequest = { type: 'rows'; leads: Lead[] } | { type: 'end' };
/** What the worker answers to `end`. */
export type CsvWorkerResponse = { type: 'done'; blob: Blob } | { type: 'error'; message: string };
