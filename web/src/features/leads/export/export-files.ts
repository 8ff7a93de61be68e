import type { ExportFormat } from '../../../../../shared/export-formats';
import type { Lead } from '../../../../../shared/leads';
import type { OptionalColumn } from './csv-columns';
import type { FileBuilder } from './file-builder';
import type { Paper, PdfBrand } from './pdf-page';

/**
 * The export formats the leads screen builds (DECISIONS 30): each file's extension, and its builder,
 * whose code (papaparse, the Excel writer, the PDF writer and its fonts) is loaded only when that
 * format is exported.
 */
export const EXPORT_FILE_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  csv: 'csv',
  json: 'json',
  excel: 'xlsx',
  pdf: 'pdf',
};

/** What a format needs beyond the leads: the PDF's date, paper and brand (DECISIONS 32). */
export interface FileOptions {
  /** The export's moment, ISO: the PDF heads its pages with its local date. */
  now: string;
  paper: Paper;
  brand?: PdfBrand;
}

export async function builderFor(
  format: ExportFormat,
  optional: readonly OptionalColumn[],
  options: FileOptions,
): Promise<FileBuilder> {
  switch (format) {
    case 'csv':
      return (await import('./leads-csv')).csvFileBuilder(optional);
    case 'json':
      return (await import('./leads-json')).jsonBuilder(optional);
    case 'excel':
      return (await import('./leads-xlsx')).xlsxBuilder(optional);
    case 'pdf': {
      const [{ pdfBuilder }, { loadCjkFallback, loadPdfFonts }] = await Promise.all([
        import('./leads-pdf'),
        import('./pdf-fonts'),
      ]);
      const [fonts, fallback] = await Promise.all([loadPdfFonts(), loadCjkFallback()]);
      return pdfBuilder(optional, {
        fonts,
        fallback,
        paper: options.paper,
        brand: options.brand,
        now: new Date(options.now),
      });
    }
  }
}

/** `leads-export-YYYY-MM-DD.{ext}`, the user's local date. */
export function exportFileName(now: Date, format: ExportFormat = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `leads-export-${day}.${EXPORT_FILE_EXTENSIONS[format]}`;
}

/** The success notification; counts are written as elsewhere in the app (`50,000`). */
export function exportedMessage(n: number): string {
  // The spec's words exactly (part 2 section 8), also for one lead.
  return `Exported ${n.toLocaleString('en-US')} leads with enhanced profile data`;
}

/**
 * What the page posts to the export worker: `start` with the format and the optional columns the
 * whole export has, chunks of leads, then `end`.
 */
export type ExportWorkerRequest =
  | { type: 'start'; format: ExportFormat; optional: OptionalColumn[]; options: FileOptions }
  | { type: 'rows'; leads: Lead[] }
  | { type: 'end' };
/** What the worker answers to `end`. */
export type ExportWorkerResponse = { type: 'done'; blob: Blob } | { type: 'error'; message: string };
