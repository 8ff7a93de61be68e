import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { catalogue } from '../../../../functions/catalog/catalogue';
import { sanitizeTemplateHtml } from '../../../../functions/catalog/sanitize';
import {
  type ConfigProperty,
  type ConfigSchema,
  DIFFICULTY_LEVEL,
  MAX_EXAMPLES,
  template,
} from '../../../../shared/catalogue';
import { validateConfig } from '../../../../shared/config-validation';

const REQUIRED_IDS = [
  'linkedin-follower-extractor',
  'linkedin-post-leads-scraper',
  'linkedin-connections-export',
  'linkedin-profile-collector',
  'linkedin-search-export',
  'twitter-followers-extractor',
  'twitter-post-engagers',
  'instagram-followers-extractor',
  'instagram-post-engagers',
];

/** The paths of required fields with no default: what a person must fill in before a start. */
function inputsWithoutDefault(
  properties: Record<string, ConfigProperty>,
  required: string[] = [],
  prefix = '',
) {
  const out: string[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (property.type === 'object')
      out.push(...inputsWithoutDefault(property.properties, property.required, path));
    else if (required.includes(key) && property.default === undefined) out.push(path);
  }
  return out;
}

describe('the trob catalogue', () => {
  it('holds every trob the issue names, each id unique and kebab-case', () => {
    const ids = catalogue.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(REQUIRED_IDS));
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  describe.each(catalogue.map((t) => [t.id, t] as const))('%s', (_id, definition) => {
    it('has every field of spec part 1 section 3, in the Template schema', () => {
      const result = z.safeParse(template, definition);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      for (const field of ['features', 'limitations'] as const)
        expect(definition[field].length, field).toBeGreaterThanOrEqual(3);
      expect(
        definition.requirements.some((r) => /connected (LinkedIn|X \(Twitter\)|Instagram) account/.test(r)),
      ).toBe(true);
      expect(definition.difficultyLevel).toBe(DIFFICULTY_LEVEL[definition.difficulty]);
      expect(definition.id.startsWith(definition.platform)).toBe(true);
      expect(definition.estimatedTime).toMatch(/^\d+-\d+ min$/);
    });

    it('has 2 or 3 examples, each valid against its own schema with nothing dropped', () => {
      expect(definition.examples.length).toBeGreaterThanOrEqual(2);
      expect(definition.examples.length).toBeLessThanOrEqual(MAX_EXAMPLES);
      for (const example of definition.examples) {
        const { issues, config } = validateConfig(definition.configSchema, example.config);
        expect(issues, example.title).toEqual([]);
        // Every key of the preset is one the schema knows (nothing silently dropped) and it is complete.
        expect(config, example.title).toEqual(example.config);
      }
    });

    it('has a default config that fits its schema, missing only the inputs a person must give', () => {
      const schema: ConfigSchema = definition.configSchema;
      const { issues, config } = validateConfig(schema, definition.defaultConfig);
      const mustGive = inputsWithoutDefault(schema.properties, schema.required);
      expect(issues.map((i) => i.path)).toEqual(mustGive);
      for (const issue of issues) expect(issue.message).toMatch(/is required$|needs at least one item$/);
      // The defaults written in the config agree with the schema's own defaults.
      const fromSchema = validateConfig(schema, {}).config;
      expect(config).toEqual(fromSchema);
    });

    it('names the inputs its runner takes: filtering limits and export settings', () => {
      const { properties } = definition.configSchema;
      expect(properties.filteringSettings?.type).toBe('object');
      const filtering = properties.filteringSettings as Extract<ConfigProperty, { type: 'object' }>;
      expect(filtering.properties.maxProfiles).toMatchObject({ type: 'integer', minimum: 1 });
      expect(properties.exportSettings).toMatchObject({
        type: 'object',
        // DECISIONS 30: PDF too, which the start refuses below PLUS.
        properties: { format: { enum: ['csv', 'json', 'excel', 'pdf'] } },
      });
    });

    it('has a detailed description that sanitizing leaves intact', () => {
      const clean = sanitizeTemplateHtml(definition.detailedDescription);
      const textOf = (html: string) => html.replace(/&#x27;|&apos;/g, "'").replace(/\s+/g, ' ');
      expect(textOf(clean)).toBe(textOf(definition.detailedDescription.trim()));
    });
  });

  it('gives the post scraper the post URL and extraction types the runner reads', () => {
    const scraper = catalogue.find((t) => t.id === 'linkedin-post-leads-scraper')!;
    expect(scraper.configSchema.properties.postSettings).toMatchObject({
      required: ['linkedinPostUrl', 'extractionTypes'],
      properties: {
        linkedinPostUrl: { type: 'string', format: 'url' },
        extractionTypes: { type: 'array', items: { enum: ['likers', 'commenters'] } },
      },
    });
  });
});
