import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ValidationError } from '../../../../functions/core/errors';
import { parseJsonBody, parseWith } from '../../../../functions/core/parse';

describe('parseJsonBody', () => {
  it.each([[{}], [{ body: undefined }], [{ body: null }], [{ body: '' }]])(
    'reads a missing or empty body %j as {}',
    (event) => {
      expect(parseJsonBody(event)).toEqual({});
    },
  );

  it('parses a JSON body', () => {
    expect(parseJsonBody({ body: '{"name":"Ada","tags":["a"]}' })).toEqual({ name: 'Ada', tags: ['a'] });
  });

  it('decodes a base64 body before parsing', () => {
    const body = Buffer.from(JSON.stringify({ name: 'Zoë' })).toString('base64');
    expect(parseJsonBody({ body, isBase64Encoded: true })).toEqual({ name: 'Zoë' });
  });

  it.each(['{name:', 'not json', '{"a":1}}'])('refuses invalid JSON %j with a ValidationError', (body) => {
    const attempt = () => parseJsonBody({ body });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow('Request body must be valid JSON');
  });

  it('refuses a base64 body that does not decode to JSON', () => {
    const body = Buffer.from('<xml/>').toString('base64');
    expect(() => parseJsonBody({ body, isBase64Encoded: true })).toThrow('Request body must be valid JSON');
  });
});

describe('parseWith', () => {
  const schema = z.object({
    name: z.string().min(1, 'Name is required'),
    limit: z.coerce.number().int().max(100, 'At most 100'),
  });

  it('returns the parsed data', () => {
    expect(parseWith(schema, { name: 'Ada', limit: '20' }, 'query')).toEqual({ name: 'Ada', limit: 20 });
  });

  it('throws a ValidationError with one issue per bad field', () => {
    let caught: unknown;
    try {
      parseWith(schema, { name: '', limit: 500 }, 'query');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const error = caught as ValidationError;
    expect(error.message).toBe('Name is required');
    expect(error.issues).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'limit', message: 'At most 100' },
    ]);
  });
});
