import { describe, expect, it } from 'vitest';
import { exportSettings } from '../../../functions/catalog/templates/settings';
import { EXPORT_FORMAT_FIELD, features } from '../../../shared/plan-policy';

// Kept apart from plan-policy.test.ts, whose test cases are built from `features` while the file is
// collected: a wrong feature name there breaks the collection, which is not a failing test.
describe('the feature names of section 6', () => {
  it('are exactly the seven features of section 6, spelled as the code checks them', () => {
    expect(features).toEqual([
      'smartFlows',
      'flows',
      'aiPersonalization',
      'advancedExport',
      'multiPlatform',
      'team',
      'whiteLabel',
    ]);
  });
});

describe('the export format a start checks', () => {
  it('is the format field of a template’s Export Settings, the path an issue names', () => {
    expect(EXPORT_FORMAT_FIELD).toBe('exportSettings.format');
    const [group, field] = EXPORT_FORMAT_FIELD.split('.') as [string, string];
    expect(group).toBe('exportSettings');
    expect(exportSettings().properties).toHaveProperty(field);
  });
});
