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
