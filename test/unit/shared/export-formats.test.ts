import { describe, expect, it } from 'vitest';
import { exportSettings } from '../../../functions/catalog/templates/settings';
import {
  EXPORT_FORMAT_TABLE,
  EXPORT_FORMATS,
  isExportFormat,
  TROB_EXPORT_FORMATS,
} from '../../../shared/export-formats';
import { planLimits, plans } from '../../../shared/plan-policy';

describe('the export formats', () => {
  it("are the plan table's, in its order, each with a row", () => {
    expect(EXPORT_FORMATS).toEqual(['csv', 'json', 'excel', 'pdf']);
    expect(Object.keys(EXPORT_FORMAT_TABLE)).toEqual([...EXPORT_FORMATS]);
  });

  it('cover every format a plan allows', () => {
    for (const plan of plans) {
      for (const format of planLimits[plan].exportFormats) expect(isExportFormat(format)).toBe(true);
    }
    expect(isExportFormat('xml')).toBe(false);
  });

  it('offer a trob every format, PDF too (DECISIONS 30: PDF for PLUS)', () => {
    expect(TROB_EXPORT_FORMATS).toEqual(['csv', 'json', 'excel', 'pdf']);
  });

  it("give the trobs' Export format field its choices and labels", () => {
    const format = exportSettings().properties.format;
    expect(format).toMatchObject({
      type: 'string',
      enum: ['csv', 'json', 'excel', 'pdf'],
      default: 'csv',
      'ui:options': {
        widget: 'select',
        labels: { csv: 'CSV', json: 'JSON', excel: 'Excel (.xlsx)', pdf: 'PDF' },
      },
    });
  });
});
