import writeExcelFile from 'write-excel-file/universal';
import type { Lead } from '../../../../../shared/leads';
import { csvColumns, FORMULA_START, type OptionalColumn } from './csv-columns';
import type { FileBuilder } from './file-builder';

/**
 * The leads Excel workbook (DECISIONS 30), written by write-excel-file: one sheet of the CSV's columns
 * with a bold header row kept in view (frozen), dates as date cells shown `yyyy-mm-dd hh:mm` in UTC as
 * the CSV writes them, the follower count as a number, the rest as text. Text that a spreadsheet could
 * take for a formula starts with `'`, as in the CSV. Each column is as wide as its longest cell, within
 * bounds, so the sheet reads without resizing.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm';
export const SHEET_NAME = 'Leads';
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const DATE_WIDTH = XLSX_DATE_FORMAT.length + 2;

type Cell =
  | string
  | number
  | null
  | { value: Date; type: DateConstructor; format: string }
  | { value: string; fontWeight: 'bold' };

const safeText = (text: string): string | null =>
  text === '' ? null : FORMULA_START.test(text) ? `'${text}` : text;

export function xlsxBuilder(optional: readonly OptionalColumn[] = []): FileBuilder {
  const columns = csvColumns(optional);
  const widths = columns.map((column) =>
    column.kind === 'date' ? Math.max(DATE_WIDTH, column.header.length + 2) : column.header.length + 2,
  );
  const rows: Cell[][] = [columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }))];
  return {
    add: (leads: readonly Lead[]) => {
      for (const lead of leads) {
        rows.push(
          columns.map((column, at): Cell => {
            if (column.kind === 'date') {
              const iso = column.value(lead);
              return typeof iso === 'string'
                ? { value: new Date(iso), type: Date, format: XLSX_DATE_FORMAT }
                : null;
            }
            if (column.kind === 'count') {
              const count = column.value(lead);
              return typeof count === 'number' ? count : null;
            }
            const text = safeText(column.cell(lead));
            if (text && text.length + 2 > widths[at]!) widths[at] = Math.min(MAX_WIDTH, text.length + 2);
            return text;
          }),
        );
      }
    },
    finish: () =>
      writeExcelFile(rows, {
        sheet: SHEET_NAME,
        columns: widths.map((width) => ({ width: Math.max(MIN_WIDTH, width) })),
        stickyRowsCount: 1,
      }).toBlob(),
  };
}
