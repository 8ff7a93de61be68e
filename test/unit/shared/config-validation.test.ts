import { describe, expect, it } from 'vitest';
import type { ConfigSchema } from '../../../shared/catalogue';
import { validateConfig } from '../../../shared/config-validation';

const schema: ConfigSchema = {
  type: 'object',
  properties: {
    postSettings: {
      type: 'object',
      properties: {
        linkedinPostUrl: {
          type: 'string',
          title: 'LinkedIn post URL',
          format: 'url',
          pattern: '^https://www\\.linkedin\\.com/posts/',
          patternMessage: 'Must be a LinkedIn post link',
        },
        extractionTypes: {
          type: 'array',
          title: 'Who to collect',
          items: { type: 'string', enum: ['likers', 'commenters'] },
          minItems: 1,
          default: ['likers'],
        },
      },
      required: ['linkedinPostUrl', 'extractionTypes'],
    },
    filteringSettings: {
      type: 'object',
      properties: {
        maxProfiles: { type: 'integer', title: 'Maximum profiles', minimum: 1, maximum: 1000, default: 100 },
        minScore: { type: 'number', minimum: 0, maximum: 1 },
        offset: { type: 'integer', minimum: 0 },
        keywords: { type: 'array', items: { type: 'string', maxLength: 5 }, maxItems: 2 },
      },
    },
    exportSettings: {
      type: 'object',
      properties: {
        format: { type: 'string', title: 'Export format', enum: ['csv', 'json'], default: 'csv' },
        skipDuplicates: { type: 'boolean', default: true },
      },
    },
    note: { type: 'string', maxLength: 10 },
  },
  required: ['postSettings'],
};

const POST = 'https://www.linkedin.com/posts/jane_activity-1';
const valid = { postSettings: { linkedinPostUrl: POST, extractionTypes: ['likers', 'commenters'] } };

describe('validateConfig', () => {
  it('accepts a valid config and fills every default', () => {
    expect(validateConfig(schema, valid)).toEqual({
      issues: [],
      config: {
        postSettings: { linkedinPostUrl: POST, extractionTypes: ['likers', 'commenters'] },
        filteringSettings: { maxProfiles: 100 },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    });
  });

  it('names every missing required field by its path', () => {
    expect(validateConfig(schema, {}).issues).toEqual([
      { path: 'postSettings.linkedinPostUrl', message: 'LinkedIn post URL is required' },
    ]);
    expect(validateConfig(schema, { postSettings: { linkedinPostUrl: '   ' } }).issues).toEqual([
      { path: 'postSettings.linkedinPostUrl', message: 'LinkedIn post URL is required' },
    ]);
  });

  it('parses numeric fields as integers and turns an empty value into 0 before the range check', () => {
    const parsed = validateConfig(schema, {
      ...valid,
      filteringSettings: { maxProfiles: ' 250 ', offset: '' },
    });
    expect(parsed.issues).toEqual([]);
    expect(parsed.config.filteringSettings).toEqual({ maxProfiles: 250, offset: 0 });

    expect(validateConfig(schema, { ...valid, filteringSettings: { maxProfiles: '' } }).issues).toEqual([
      { path: 'filteringSettings.maxProfiles', message: 'Maximum profiles must be between 1 and 1000' },
    ]);
  });

  it('refuses fractions, words and out-of-range numbers', () => {
    const issues = (filteringSettings: Record<string, unknown>) =>
      validateConfig(schema, { ...valid, filteringSettings }).issues;
    expect(issues({ maxProfiles: '12.5' })).toEqual([
      { path: 'filteringSettings.maxProfiles', message: 'Maximum profiles must be a whole number' },
    ]);
    expect(issues({ maxProfiles: 3.2 })[0]?.message).toBe('Maximum profiles must be a whole number');
    expect(issues({ maxProfiles: 'lots' })[0]?.message).toBe('Maximum profiles must be a whole number');
    expect(issues({ maxProfiles: 1001 })[0]?.message).toBe('Maximum profiles must be between 1 and 1000');
    expect(issues({ offset: -1 })[0]?.message).toBe('offset must be at least 0');
    expect(issues({ minScore: '0.5' })).toEqual([]);
    expect(issues({ minScore: 2 })[0]?.message).toBe('minScore must be between 0 and 1');
  });

  it('checks enums, URLs, patterns and lengths of text', () => {
    const at = (config: unknown) => validateConfig(schema, config).issues;
    expect(at({ ...valid, exportSettings: { format: 'pdf' } })).toEqual([
      { path: 'exportSettings.format', message: 'Export format must be one of: csv, json' },
    ]);
    expect(
      at({ postSettings: { linkedinPostUrl: 'javascript:alert(1)', extractionTypes: ['likers'] } }),
    ).toEqual([
      {
        path: 'postSettings.linkedinPostUrl',
        message: 'LinkedIn post URL must be a valid URL (http or https)',
      },
    ]);
    expect(
      at({ postSettings: { linkedinPostUrl: 'https://example.com/x', extractionTypes: ['likers'] } }),
    ).toEqual([{ path: 'postSettings.linkedinPostUrl', message: 'Must be a LinkedIn post link' }]);
    expect(at({ ...valid, note: 'far too long a note' })).toEqual([
      { path: 'note', message: 'note must be 10 characters or less' },
    ]);
    expect(at({ ...valid, note: 42 })).toEqual([{ path: 'note', message: 'note must be text' }]);
  });

  it('checks arrays item by item, drops repeats and enforces minItems and maxItems', () => {
    const at = (extractionTypes: unknown) =>
      validateConfig(schema, { postSettings: { linkedinPostUrl: POST, extractionTypes } });
    expect(at(['likers', 'likers']).config.postSettings).toEqual({
      linkedinPostUrl: POST,
      extractionTypes: ['likers'],
    });
    expect(at(['likers', 'sharers']).issues).toEqual([
      {
        path: 'postSettings.extractionTypes.1',
        message: 'Each item of Who to collect must be one of: likers, commenters',
      },
    ]);
    expect(at([]).issues).toEqual([
      { path: 'postSettings.extractionTypes', message: 'Who to collect needs at least one item' },
    ]);
    expect(at('likers').issues).toEqual([
      { path: 'postSettings.extractionTypes', message: 'Who to collect must be a list' },
    ]);
    expect(
      validateConfig(schema, { ...valid, filteringSettings: { keywords: ['a', 'b', 'c'] } }).issues,
    ).toEqual([{ path: 'filteringSettings.keywords', message: 'keywords must have at most 2 items' }]);
  });

  it('accepts "true" and "false" for booleans and refuses anything else', () => {
    expect(
      validateConfig(schema, { ...valid, exportSettings: { skipDuplicates: 'false' } }).config,
    ).toMatchObject({
      exportSettings: { skipDuplicates: false },
    });
    expect(validateConfig(schema, { ...valid, exportSettings: { skipDuplicates: 'yes' } }).issues).toEqual([
      { path: 'exportSettings.skipDuplicates', message: 'skipDuplicates must be true or false' },
    ]);
  });

  it('refuses a group that is not an object and drops keys the schema does not know', () => {
    expect(validateConfig(schema, { ...valid, exportSettings: ['csv'] }).issues).toEqual([
      { path: 'exportSettings', message: 'exportSettings must be an object' },
    ]);
    expect(validateConfig(schema, 'nope').issues).toEqual([
      { path: '', message: 'Configuration must be an object' },
    ]);
    const { config } = validateConfig(schema, { ...valid, __proto__x: 1, secret: 'x' });
    expect(Object.keys(config)).toEqual(['postSettings', 'filteringSettings', 'exportSettings']);
  });

  it('does not share default objects between results', () => {
    const first = validateConfig(schema, { postSettings: { linkedinPostUrl: POST } }).config as {
      postSettings: { extractionTypes: string[] };
    };
    first.postSettings.extractionTypes.push('commenters');
    const second = validateConfig(schema, { postSettings: { linkedinPostUrl: POST } }).config;
    expect(second).toMatchObject({ postSettings: { extractionTypes: ['likers'] } });
  });
});

describe('validateConfig: exact limits and both sides of each rule', () => {
  const rules: ConfigSchema = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 3, maxLength: 10 },
      city: { type: 'string', title: 'City', pattern: '^\\p{Lu}' },
      free: { type: 'string', title: 'Free text' },
      website: { type: 'string', title: 'Website', format: 'url' },
      ratio: { type: 'number', title: 'Ratio' },
      limit: { type: 'integer', title: 'Limit', maximum: 10 },
      count: { type: 'integer', title: 'Count', default: 7 },
      tags: {
        type: 'array',
        title: 'Tags',
        items: { type: 'string', maxLength: 5 },
        minItems: 2,
        maxItems: 3,
      },
      urls: { type: 'array', title: 'URLs', items: { type: 'string' } },
      dryRun: { type: 'boolean', title: 'Dry run' },
    },
  };
  const check = (config: Record<string, unknown>) => validateConfig(rules, config);
  const messages = (config: Record<string, unknown>) => check(config).issues.map((issue) => issue.message);

  it('reads a missing configuration as an empty one', () => {
    expect(validateConfig(rules, undefined)).toEqual({ issues: [], config: { count: 7 } });
    expect(validateConfig(rules, null).issues).toEqual([]);
    expect(validateConfig(schema, null).issues).toEqual([
      { path: 'postSettings.linkedinPostUrl', message: 'LinkedIn post URL is required' },
    ]);
  });

  it('leaves a refused field out of the configuration a runner gets', () => {
    const { config, issues } = check({ name: 'x', dryRun: 'maybe' });
    expect(issues).toHaveLength(2);
    expect(Object.keys(config)).toEqual(['count']);
  });

  it('accepts text of exactly the maximum length and refuses one character more', () => {
    expect(check({ name: 'abcdefghij' }).config.name).toBe('abcdefghij');
    expect(messages({ name: 'abcdefghijk' })).toEqual(['Name must be 10 characters or less']);
  });

  it('accepts text of exactly the minimum length and refuses one character less', () => {
    expect(check({ name: 'abc' }).config.name).toBe('abc');
    expect(check({ name: 'ab' }).issues).toEqual([
      { path: 'name', message: 'Name must be at least 3 characters' },
    ]);
  });

  it('caps text without a schema limit at 2000 characters', () => {
    expect(check({ free: 'a'.repeat(2000) }).config.free).toHaveLength(2000);
    expect(messages({ free: 'a'.repeat(2001) })).toEqual(['Free text must be 2000 characters or less']);
  });

  it('trims text before checking and storing it', () => {
    expect(check({ name: '  abc  ' }).config.name).toBe('abc');
    expect(messages({ name: '  ab  ' })).toEqual(['Name must be at least 3 characters']);
    expect(validateConfig(schema, { ...valid, exportSettings: { format: ' json ' } }).config).toMatchObject({
      exportSettings: { format: 'json' },
    });
  });

  it('reads a pattern as Unicode, so a letter class matches accented capitals', () => {
    expect(check({ city: 'Évora' }).issues).toEqual([]);
    expect(check({ city: 'évora' }).issues).toEqual([
      { path: 'city', message: 'City has an invalid format' },
    ]);
  });

  it('accepts http and https links and refuses other schemes and text that is no link', () => {
    expect(check({ website: 'http://example.com/a' }).config.website).toBe('http://example.com/a');
    expect(check({ website: 'https://example.com/a' }).config.website).toBe('https://example.com/a');
    expect(messages({ website: 'ftp://example.com/a' })).toEqual([
      'Website must be a valid URL (http or https)',
    ]);
    expect(messages({ website: 'example dot com' })).toEqual(['Website must be a valid URL (http or https)']);
  });

  it('accepts "true" as well as "false" for a boolean', () => {
    expect(check({ dryRun: 'true' }).config.dryRun).toBe(true);
    expect(check({ dryRun: 'false' }).config.dryRun).toBe(false);
    expect(check({ dryRun: true }).config.dryRun).toBe(true);
    expect(messages({ dryRun: 'TRUE' })).toEqual(['Dry run must be true or false']);
  });

  it('reads decimal numbers written every usual way', () => {
    const ratio = (text: string) => check({ ratio: text }).config.ratio;
    expect(ratio('7')).toBe(7);
    expect(ratio('12.5')).toBe(12.5);
    expect(ratio('5.')).toBe(5);
    expect(ratio('.25')).toBe(0.25);
    expect(ratio('+0.5')).toBe(0.5);
    expect(ratio('-2.75')).toBe(-2.75);
    expect(ratio('')).toBe(0);
  });

  it.each(['abc', '1e3', '0x10', '1.2.3', '12abc', 'Infinity'])('refuses %j as a number', (text) => {
    expect(check({ ratio: text }).issues).toEqual([{ path: 'ratio', message: 'Ratio must be a number' }]);
  });

  it('refuses a number value that is not finite', () => {
    expect(messages({ ratio: Number.POSITIVE_INFINITY })).toEqual(['Ratio must be a number']);
    expect(messages({ ratio: Number.NaN })).toEqual(['Ratio must be a number']);
  });

  it.each(['1e3', '0x10', '12abc'])('refuses %j as a whole number', (text) => {
    expect(messages({ limit: text })).toEqual(['Limit must be a whole number']);
  });

  it('reads a signed whole number', () => {
    expect(check({ limit: '+5' }).config.limit).toBe(5);
    expect(check({ limit: '-5' }).config.limit).toBe(-5);
  });

  it('refuses a value that is neither a number nor text as a number', () => {
    expect(messages({ limit: true })).toEqual(['Limit must be a whole number']);
    expect(messages({ ratio: ['1'] })).toEqual(['Ratio must be a number']);
  });

  it('words a maximum without a minimum as "at most", and accepts the maximum itself', () => {
    expect(check({ limit: 10 }).config.limit).toBe(10);
    expect(messages({ limit: 11 })).toEqual(['Limit must be at most 10']);
  });

  it('turns an empty decimal into 0 but a null number into its default', () => {
    expect(check({ ratio: ' ' }).config.ratio).toBe(0);
    expect(check({ count: null }).config.count).toBe(7);
    expect(check({ count: '' }).config.count).toBe(0);
  });

  it('accepts exactly the most items and refuses one more', () => {
    expect(check({ tags: ['a', 'b', 'c'] }).config.tags).toEqual(['a', 'b', 'c']);
    expect(messages({ tags: ['a', 'b', 'c', 'd'] })).toEqual(['Tags must have at most 3 items']);
  });

  it('caps a list without a schema limit at 1000 items', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`);
    expect(check({ urls: many(1000) }).config.urls).toHaveLength(1000);
    expect(messages({ urls: many(1001) })).toEqual(['URLs must have at most 1000 items']);
  });

  it('counts the least items after dropping empty ones and repeats, and words a minimum above one', () => {
    expect(check({ tags: ['a', '  ', 'a'] }).issues).toEqual([
      { path: 'tags', message: 'Tags needs at least 2 items' },
    ]);
    expect(check({ tags: ['a', '', 'b'] }).config.tags).toEqual(['a', 'b']);
  });

  it('refuses the whole list when one item is refused, naming that item', () => {
    const { config, issues } = check({ tags: ['a', 'toolong'] });
    expect(issues).toEqual([{ path: 'tags.1', message: 'Each item of Tags must be 5 characters or less' }]);
    expect(config).not.toHaveProperty('tags');
  });
});
