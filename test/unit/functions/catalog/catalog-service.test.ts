import { describe, expect, it } from 'vitest';
import type { StoredTemplate } from '../../../../functions/catalog/catalog-repository';
import { type CatalogStore, createCatalogService } from '../../../../functions/catalog/catalog-service';
import { catalogue } from '../../../../functions/catalog/catalogue';
import { AppError } from '../../../../functions/core/errors';

const USAGE: Record<string, number> = {
  'linkedin-post-leads-scraper': 40,
  'twitter-followers-extractor': 12,
  'instagram-post-engagers': 12,
};

function store(): CatalogStore & { reads: string[] } {
  const items: StoredTemplate[] = catalogue.map((t) => ({ ...t, usageCount: USAGE[t.id] ?? 0 }));
  const reads: string[] = [];
  return {
    reads,
    listTemplates: async () => items.map((t) => ({ ...t })),
    findTemplate: async (id) => {
      reads.push(id);
      return items.find((t) => t.id === id);
    },
  };
}

const catalog = (s: CatalogStore = store()) => createCatalogService({ store: s });

const ids = (templates: { id: string }[]) => templates.map((t) => t.id);

describe('listCatalogue', () => {
  it('answers every template, most used first and then by name, without usage unless asked', async () => {
    const all = await catalog().listCatalogue({});
    expect(all).toHaveLength(catalogue.length);
    // Equal counts by display name: 'Instagram Post Engagers' before 'X (Twitter) Followers Extractor'.
    expect(ids(all).slice(0, 3)).toEqual([
      'linkedin-post-leads-scraper',
      'instagram-post-engagers',
      'twitter-followers-extractor',
    ]);
    const rest = all.slice(3).map((t) => t.displayName);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    for (const t of all) expect(t).not.toHaveProperty('usageCount');

    const withUsage = await catalog().listCatalogue({ includeUsage: 'true' });
    expect(withUsage[0]).toMatchObject({ id: 'linkedin-post-leads-scraper', usageCount: 40 });
    expect((await catalog().listCatalogue({ includeUsage: 'false' }))[0]).not.toHaveProperty('usageCount');
  });

  it('filters by platform and category, and treats "all" or empty as no filter', async () => {
    const twitter = await catalog().listCatalogue({ platform: 'twitter' });
    expect(ids(twitter).sort()).toEqual(['twitter-followers-extractor', 'twitter-post-engagers']);
    const leadGen = await catalog().listCatalogue({ platform: 'linkedin', category: 'lead-generation' });
    expect(ids(leadGen).sort()).toEqual(['linkedin-post-leads-scraper', 'linkedin-search-export']);
    expect(await catalog().listCatalogue({ platform: 'all', category: '' })).toHaveLength(catalogue.length);
  });

  it('searches names, summaries, descriptions and features, ignoring case', async () => {
    expect(ids(await catalog().listCatalogue({ search: 'CONNECTIONS EXPORT' }))).toEqual([
      'linkedin-connections-export',
    ]);
    // Only in a feature line of the post scraper.
    expect(ids(await catalog().listCatalogue({ search: 'reaction type' }))).toEqual([
      'linkedin-post-leads-scraper',
    ]);
    expect(await catalog().listCatalogue({ search: 'no trob says this' })).toEqual([]);
  });
});

describe('getCatalogueTemplate', () => {
  it('answers the template, with usage only when asked', async () => {
    const t = await catalog().getCatalogueTemplate('twitter-followers-extractor', false);
    expect(t.id).toBe('twitter-followers-extractor');
    expect(t).not.toHaveProperty('usageCount');
    expect(await catalog().getCatalogueTemplate('twitter-followers-extractor', true)).toMatchObject({
      usageCount: 12,
    });
  });

  it('answers 404 "Trob not found" for an unknown id, and does not read the table for an impossible one', async () => {
    const s = store();
    await expect(catalog(s).getCatalogueTemplate('no-such-trob', false)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Trob not found',
    });
    await expect(catalog(s).getCatalogueTemplate('../USER#1', false)).rejects.toBeInstanceOf(AppError);
    expect(s.reads).toEqual(['no-such-trob']);
  });
});

describe('popularTemplates', () => {
  it('answers the top `limit` by usage, ties by name, with usage counts', async () => {
    const top = await catalog().popularTemplates(3);
    expect(top.map((t) => [t.id, t.usageCount])).toEqual([
      ['linkedin-post-leads-scraper', 40],
      ['instagram-post-engagers', 12],
      ['twitter-followers-extractor', 12],
    ]);
    expect(await catalog().popularTemplates()).toHaveLength(6);
  });
});
