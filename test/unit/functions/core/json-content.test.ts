import { describe, expect, it } from 'vitest';
import { UnsupportedMediaTypeError } from '../../../../functions/core/errors';
import { isJsonContentType, requireJsonContent } from '../../../../functions/core/parse';

describe('requireJsonContent (issue 8, point 13)', () => {
  it('accepts application/json with any parameters and application/*+json', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON;charset=UTF-8',
      'application/vnd.api+json',
      'application/merge-patch+json',
    ]) {
      expect(isJsonContentType(type), type).toBe(true);
    }
  });

  it('refuses every other type, and a body without one, with 415', () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      'application/jsonp',
      'text/json',
      undefined,
    ]) {
      const event = { body: '{}', headers: type === undefined ? {} : { 'content-type': type } };
      expect(() => requireJsonContent(event), String(type)).toThrow(UnsupportedMediaTypeError);
    }
    expect(new UnsupportedMediaTypeError().status).toBe(415);
  });

  it('lets bodyless requests through whatever their headers say', () => {
    expect(() => requireJsonContent({ headers: { 'content-type': 'text/plain' } })).not.toThrow();
    expect(() => requireJsonContent({ body: '', headers: {} })).not.toThrow();
  });
});
