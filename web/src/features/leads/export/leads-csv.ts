import { unparse } from 'papaparse';
import type { Lead } from '../../../../../shared/leads';
import { csvColumns, FORMULA_START, type OptionalColumn, optionalColumnsOf } from './csv-columns';
import type { FileBuilder } from './file-builder';

/**
 * The leads CSV (part 2 section 5, issue 12 point 3): UTF-8 with a byte order mark (so Excel reads
 * Zoë and 李雷 as such), CRLF after every record including the last, the header row unquoted, text
 * cells always quoted with doubled inner quotes, date cells bare. Pure: the export worker and the
 * main-thread fallback both build the file with `csvChunk`.
 */

export const CSV_BOM = '\ufeff';
export const CSV_MIME = 'text/csv;charset=utf-8';
const CRLF = '\r\n';

// Papaparse prefixes a cell matching it with `'` (and quotes it). Its own `escapeFormulae: true`
// pattern, `/^[=+\-@\t\r].*$/`, has no `s` flag, so it misses a cell with a line break after the
// first character (`=HYPERLINK(...)\nmore`); FORMULA_START tests the first character alone.
export { FORMULA_START };

/**
 * The CSV text of some leads, every record ending in CRLF, without the byte order mark; with the
 * header row first when `header` is set. `optional` names the columns of DECISIONS 26 the file has
 * after the spec's eleven (decided over the whole export, `optionalColumnsOf`). The chunks of one
 * export concatenated, the first with the header, give the same text as one call for all the leads.
 */
export function csvChunk(
  leads: readonly Lead[],
  { header, optional = [] }: { header: boolean; optional?: readonly OptionalColumn[] },
): string {
  const columns = csvColumns(optional);
  let text = header
    ? unparse([columns.map((column) => column.header)], { quotes: false, newline: CRLF }) + CRLF
    : '';
  if (leads.length > 0) {
    const rows = leads.map((lead) => columns.map((column) => column.cell(lead)));
    const quotes = columns.map((column) => column.text);
    text += unparse(rows, { quotes, escapeFormulae: FORMULA_START, newline: CRLF }) + CRLF;
  }
  return text;
}

/** The whole file: byte order mark, header row, one record per lead. */
export function leadsCsv(leads: readonly Lead[]): string {
  return CSV_BOM + csvChunk(leads, { header: true, optional: optionalColumnsOf(leads) });
}

/**
 * Builds the file from chunks of leads, as the worker receives them: `parts()` are the strings whose
 * concatenation is `leadsCsv` of all the leads added, ready for `new Blob(parts)`, when `optional` is
 * what `optionalColumnsOf` answers for all of them (the header comes with the first chunk, so the
 * columns are decided before it).
 */
export function csvBuilder(optional: readonly OptionalColumn[] = []): {
  add: (leads: readonly Lead[]) => void;
  parts: () => string[];
} {
  const chunks: string[] = [];
  return {
    add: (leads) => {
      chunks.push(csvChunk(leads, { header: chunks.length === 0, optional }));
    },
    parts: () => [CSV_BOM, ...(chunks.length > 0 ? chunks : [csvChunk([], { header: true, optional })])],
  };
}

/** The CSV as an export format's builder (the worker's and the main thread's). */
export function csvFileBuilder(optional: readonly OptionalColumn[] = []): FileBuilder {
  const builder = csvBuilder(optional);
  return { add: builder.add, finish: async () => new Blob(builder.parts(), { type: CSV_MIME }) };
}
