import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { catalogue } from '../../../functions/catalog/catalogue';
import { difficultyOf, listTemplatesQuery, popularTemplatesQuery, template } from '../../../shared/catalogue';

describe('popularTemplatesQuery', () => {
  it('defaults the limit to 6 and parses 1 to 20', () => {
    expect(z.parse(popularTemplatesQuery, {})).toEqual({ limit: 6 });
    expect(z.parse(popularTemplatesQuery, { limit: '1' })).toEqual({ limit: 1 });
    expect(z.parse(popularTemplatesQuery, { limit: '20' })).toEqual({ limit: 20 });
  });

  it.each(['0', '21', 'x', '2.5', '-1', '', '1e1'])('refuses limit=%j with one message', (limit) => {
    const result = z.safeParse(popularTemplatesQuery, { limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['limit', 'limit must be a whole number from 1 to 20'],
    ]);
  });
});

describe('listTemplatesQuery', () => {
  it('accepts the filters, trims the search and ignores unknown parameters', () => {
    expect(
      z.parse(listTemplatesQuery, {
        platform: 'linkedin',
        category: 'lead-generation',
        search: '  leads ',
        includeUsage: 'true',
        page: '2',
      }),
    ).toEqual({ platform: 'linkedin', category: 'lead-generation', search: 'leads', includeUsage: 'true' });
    expect(z.parse(listTemplatesQuery, { platform: 'all', category: 'all' })).toEqual({
      platform: 'all',
      category: 'all',
    });
  });

  it('refuses an unknown platform or category, a long search and an includeUsage other than true/false', () => {
    const paths = (query: Record<string, string>) =>
      z.safeParse(listTemplatesQuery, query).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ platform: 'facebook' })).toEqual(['platform']);
    expect(paths({ category: 'spam' })).toEqual(['category']);
    expect(paths({ search: 'x'.repeat(101) })).toEqual(['search']);
    expect(paths({ includeUsage: 'yes' })).toEqual(['includeUsage']);
  });
});

describe('template difficulty (spec 3)', () => {
  it('accepts the aliases easy, medium and hard as beginner, intermediate and advanced', () => {
    const definition = catalogue[0]!;
    const cases = [
      ['easy', 'beginner'],
      ['medium', 'intermediate'],
      ['hard', 'advanced'],
      ['beginner', 'beginner'],
      ['expert', 'expert'],
    ] as const;
    for (const [written, read] of cases) {
      expect(z.parse(template, { ...definition, difficulty: written }).difficulty, written).toBe(read);
      expect(difficultyOf(written)).toBe(read);
    }
    expect(difficultyOf('Hard')).toBe('advanced');
    expect(z.safeParse(template, { ...definition, difficulty: 'trivial' }).success).toBe(false);
    expect(difficultyOf('trivial')).toBeUndefined();
    expect(difficultyOf('toString')).toBeUndefined();
  });
});
