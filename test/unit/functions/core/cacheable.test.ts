import { describe, expect, it } from 'vitest';
import { etagOf, matchesEtag } from '../../../../functions/core/cacheable';

describe('revalidating a kept answer', () => {
  const etag = etagOf({ data: { templates: [{ id: 'a' }] } });

  it('names one answer by one strong tag, and a changed answer by another', () => {
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf({ data: { templates: [{ id: 'a' }] } })).toBe(etag);
    expect(etagOf({ data: { templates: [{ id: 'b' }] } })).not.toBe(etag);
  });

  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"old", ${etag}`, true],
    ['*', true],
    ['"old"', false],
    [etag.slice(1, -1), false],
    ['', false],
    [undefined, false],
  ])('If-None-Match %s matches: %s', (header, matches) => {
    expect(matchesEtag(header, etag)).toBe(matches);
  });
});
