/**
 * THE export formats (issue 9 point 4): the plan-limit table (shared/plan-policy.ts), a trob's
 * Export Settings (functions/catalog/templates/settings.ts) and the start check's messages all read
 * this one list. Imports nothing, like shared/platforms.ts.
 */

/** Every format the spec's plan-limit table names (part 1, section 9), in its order. */
export const EXPORT_FORMATS = ['csv', 'json', 'excel', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFormatInfo {
  /** The name in sentences ('Excel export is not included in your plan.'). */
  readonly label: string;
  /** The choice as a trob's Export format field shows it. */
  readonly optionLabel: string;
  /**
   * Whether a trob's Export Settings offer it: every format does (DECISIONS 30: the trob's format is
   * the one its leads' Export preselects, PDF on PLUS); a plan without it sees it disabled with the
   * upgrade hint, and the start refuses it.
   */
  readonly trobSetting: boolean;
}

export const EXPORT_FORMAT_TABLE: Readonly<Record<ExportFormat, ExportFormatInfo>> = {
  csv: { label: 'CSV', optionLabel: 'CSV', trobSetting: true },
  json: { label: 'JSON', optionLabel: 'JSON', trobSetting: true },
  excel: { label: 'Excel', optionLabel: 'Excel (.xlsx)', trobSetting: true },
  pdf: { label: 'PDF', optionLabel: 'PDF', trobSetting: true },
};

export function isExportFormat(value: unknown): value is ExportFormat {
  return (EXPORT_FORMATS as readonly unknown[]).includes(value);
}

/** The formats a trob's Export Settings offer, in the table's order: csv, json, excel, pdf. */
export const TROB_EXPORT_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter(
  (format) => EXPORT_FORMAT_TABLE[format].trobSetting,
);
