import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../functions/catalog/catalogue';
import type { ConfigProperty } from '../../../shared/catalogue';
import {
  exampleHint,
  fieldPlaceholder,
  PLACEHOLDER_MAX_LENGTH,
} from '../../../web/src/features/catalogue/config-form';

const field = (placeholder: string, extra: Partial<ConfigProperty> = {}): ConfigProperty =>
  ({ type: 'string', placeholder, ...extra }) as ConfigProperty;

describe('placeholders on a phone (issue 10 point 10)', () => {
  it(`keeps a placeholder of ${PLACEHOLDER_MAX_LENGTH} characters in the field`, () => {
    const fits = 'x'.repeat(PLACEHOLDER_MAX_LENGTH);
    expect(fieldPlaceholder(field(fits))).toBe(fits);
    expect(exampleHint(field(fits))).toBeUndefined();
  });

  it(`shows a placeholder of ${PLACEHOLDER_MAX_LENGTH + 1} characters whole as the hint instead of cut in the field`, () => {
    const long = 'https://www.linkedin.com/company/x';
    expect(long).toHaveLength(PLACEHOLDER_MAX_LENGTH + 2);
    expect(fieldPlaceholder(field(long))).toBeUndefined();
    expect(exampleHint(field(long))).toBe(`e.g. ${long}`);
  });

  it('judges a list placeholder line by line, and lists it in one hint when a line is too long', () => {
    expect(fieldPlaceholder(field('@ada\n@grace'))).toBe('@ada\n@grace');
    const urls = 'https://www.linkedin.com/in/jane-doe\nhttps://www.linkedin.com/in/john';
    expect(fieldPlaceholder(field(urls))).toBeUndefined();
    expect(exampleHint(field(urls))).toBe(
      'e.g. https://www.linkedin.com/in/jane-doe, https://www.linkedin.com/in/john',
    );
  });

  it("keeps a field's own example as its hint", () => {
    expect(exampleHint(field('https://www.instagram.com/p/C1a2B3c4D5e/', { example: 'ada' }))).toBe(
      'e.g. ada',
    );
  });

  it('loses no placeholder of the catalogue: each is in its field whole, or in the hint', () => {
    let moved = 0;
    let kept = 0;
    const walk = (property: ConfigProperty) => {
      if (property.type === 'object') for (const child of Object.values(property.properties)) walk(child);
      const placeholder = property.placeholder;
      if (!placeholder) return;
      if (fieldPlaceholder(property) === placeholder) kept++;
      else if (property.example === undefined && property.examples === undefined) {
        expect(exampleHint(property)).toContain(placeholder.split('\n')[0]);
        moved++;
      }
    };
    for (const template of catalogue)
      for (const property of Object.values(template.configSchema.properties)) walk(property);
    // Both kinds exist: short ones (a handle, a date) and post or profile URLs.
    expect(kept).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
  });
});
