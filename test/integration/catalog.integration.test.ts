import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findTemplate,
  incrementUsage,
  listTemplates,
  upsertTemplate,
} from '../../functions/catalog/catalog-repository';
import { catalogue, seededCatalogue } from '../../functions/catalog/catalogue';
import { seedCatalogue } from '../../functions/catalog/seed';
import { keys } from '../../functions/core/table';
import { TEMPLATE_CARD_FIELDS } from '../../shared/catalogue';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, type TestUser, uniqueName } from '../support/api-client';
import { getItem } from '../support/table-items';
import { newUser } from '../support/users';

let env: AccountsEnv;
let api: Api;
let user: TestUser;

const POST_SCRAPER = 'linkedin-post-leads-scraper';
const TWITTER_FOLLOWERS = 'twitter-followers-extractor';

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  await seedCatalogue();
  user = await newUser({ username: uniqueName('cat') });
});

afterAll(async () => {
  await env?.close();
});

const get = (path: string) => api.get(path, { token: user.accessToken });
const ids = (templates: { id: string }[]) => templates.map((t) => t.id);

describe('seeding the catalogue', () => {
  it('writes every template of the code, with sanitized HTML and a usage count of 0', async () => {
    const stored = await listTemplates();
    // The trobs and, with the Flow badge, one entry per flow template (DECISIONS 3).
    expect(ids(stored).sort()).toEqual(ids([...seededCatalogue]).sort());
    expect(seededCatalogue.length).toBe(catalogue.length + 4);
    expect(stored.filter((t) => t.isFlow)).toHaveLength(4);
    for (const t of stored) expect(t.detailedDescription).not.toMatch(/<script|onerror/i);
  });

  it('keeps usage counts when run again, and rewrites content changed in the table', async () => {
    expect(await incrementUsage(TWITTER_FOLLOWERS)).toBe(true);
    expect(await incrementUsage(TWITTER_FOLLOWERS)).toBe(true);
    const original = catalogue.find((t) => t.id === TWITTER_FOLLOWERS)!;
    await upsertTemplate({ ...original, displayName: 'Edited by hand' });

    const result = await seedCatalogue();
    expect(result).toEqual({ written: seededCatalogue.length, removed: [] });
    const after = await findTemplate(TWITTER_FOLLOWERS);
    expect(after).toMatchObject({ usageCount: 2, displayName: original.displayName });
    await seedCatalogue();
    expect((await findTemplate(TWITTER_FOLLOWERS))?.usageCount).toBe(2);
  });

  it('removes a template that is no longer in the code, and sanitizes HTML on the way in', async () => {
    const extra = {
      ...catalogue[0]!,
      id: 'linkedin-retired-trob',
      detailedDescription: '<p>Old<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    };
    await seedCatalogue([...seededCatalogue, extra]);
    expect((await findTemplate(extra.id))?.detailedDescription).toBe('<p>Old</p>');
    const result = await seedCatalogue();
    expect(result.removed).toEqual([extra.id]);
    expect(await getItem(keys.catalogTemplate(extra.id))).toBeUndefined();
  });

  it('counts a start atomically and refuses to count an unknown trob', async () => {
    await Promise.all(Array.from({ length: 5 }, () => incrementUsage(POST_SCRAPER)));
    expect((await findTemplate(POST_SCRAPER))?.usageCount).toBe(5);
    expect(await incrementUsage('no-such-trob')).toBe(false);
    expect(await getItem(keys.catalogTemplate('no-such-trob'))).toBeUndefined();
  });
});

// The seeding tests above leave: post scraper 5 starts, X followers 2, everything else 0.
describe('GET /api/templates', () => {
  it('answers every template, most used first, without usage counts unless asked', async () => {
    const res = await get('/api/templates');
    expect(res.status, res.text).toBe(200);
    const templates = res.body.data.templates;
    expect(templates).toHaveLength(seededCatalogue.length);
    expect(ids(templates).slice(0, 2)).toEqual([POST_SCRAPER, TWITTER_FOLLOWERS]);
    for (const t of templates) expect(t).not.toHaveProperty('usageCount');
    expect(templates[0]).toMatchObject({
      platform: 'linkedin',
      difficulty: 'beginner',
      difficultyLevel: 1,
      isFlow: false,
      configSchema: { type: 'object' },
    });

    const withUsage = await get('/api/templates?includeUsage=true');
    expect(withUsage.body.data.templates.slice(0, 2)).toMatchObject([
      { id: POST_SCRAPER, usageCount: 5 },
      { id: TWITTER_FOLLOWERS, usageCount: 2 },
    ]);
    expect(withUsage.body.data.templates[2].usageCount).toBe(0);
  });

  it('filters by platform and category and searches case-insensitively', async () => {
    const instagram = await get('/api/templates?platform=instagram');
    expect(ids(instagram.body.data.templates).sort()).toEqual([
      'instagram-followers-extractor',
      'instagram-post-engagers',
    ]);
    const network = await get('/api/templates?platform=linkedin&category=network-export');
    expect(ids(network.body.data.templates)).toEqual(['linkedin-connections-export']);
    const search = await get(`/api/templates?search=${encodeURIComponent('  PROFILE URLS ')}`);
    expect(ids(search.body.data.templates)).toEqual(['linkedin-profile-collector']);
    const all = await get('/api/templates?platform=all&category=all&search=');
    expect(all.body.data.templates).toHaveLength(seededCatalogue.length);
    const none = await get('/api/templates?search=nothing%20matches%20this');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: { templates: [] } });
  });

  it.each([
    ['platform=facebook', 'platform'],
    ['category=spam', 'category'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['includeUsage=yes', 'includeUsage'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/templates?${query}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([field]);
  });

  it('answers 400, never 500, to a malformed query string', async () => {
    // A broken escape and a repeated parameter (joined with a comma, as API Gateway does) are no platform.
    for (const query of ['platform=%E0%A4%A', 'platform=linkedin&platform=twitter', 'includeUsage=%00']) {
      const res = await get(`/api/templates?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    // A lone '%' is kept as text: searched for, and found nowhere.
    const percent = await get('/api/templates?search=%');
    expect(percent.status, percent.text).toBe(200);
    expect(percent.body).toEqual({ data: { templates: [] } });
  });
});

describe('GET /api/templates/{id}', () => {
  it('answers the whole template, with its usage count when asked', async () => {
    const res = await get(`/api/templates/${POST_SCRAPER}`);
    expect(res.status, res.text).toBe(200);
    const template = res.body.data.template;
    const definition = catalogue.find((t) => t.id === POST_SCRAPER)!;
    expect(template).toMatchObject({
      id: POST_SCRAPER,
      displayName: definition.displayName,
      defaultConfig: definition.defaultConfig,
      configSchema: definition.configSchema,
      examples: definition.examples,
      features: definition.features,
    });
    expect(template.detailedDescription).toContain('<h3>What it does</h3>');
    expect(template).not.toHaveProperty('usageCount');
    const withUsage = await get(`/api/templates/${POST_SCRAPER}?includeUsage=true`);
    expect(withUsage.body.data.template.usageCount).toBe(5);
  });

  it.each(['no-such-trob', 'Not_A_Trob', 'USER%23123'])('answers 404 "Trob not found" for %s', async (id) => {
    const res = await get(`/api/templates/${id}`);
    expect(res.status, res.text).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Trob not found' });
  });
});

describe('GET /api/templates/meta/popular', () => {
  it('answers the 6 most used by default, with usage counts, ties by name', async () => {
    const res = await get('/api/templates/meta/popular');
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('success');
    const templates = res.body.data.templates;
    expect(templates).toHaveLength(6);
    expect(
      templates.slice(0, 2).map((t: { id: string; usageCount: number }) => [t.id, t.usageCount]),
    ).toEqual([
      [POST_SCRAPER, 5],
      [TWITTER_FOLLOWERS, 2],
    ]);
    const tied = templates.slice(2).map((t: { displayName: string }) => t.displayName);
    expect(tied).toEqual([...tied].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('honours limit from 1 to 20', async () => {
    const one = await get('/api/templates/meta/popular?limit=1');
    expect(ids(one.body.data.templates)).toEqual([POST_SCRAPER]);
    const twenty = await get('/api/templates/meta/popular?limit=20');
    expect(twenty.body.data.templates).toHaveLength(seededCatalogue.length);
  });

  it.each(['0', '21', 'x', '2.5'])('answers 400 with a field issue for limit=%s', async (limit) => {
    const res = await get(`/api/templates/meta/popular?limit=${limit}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'limit must be a whole number from 1 to 20',
      issues: [{ path: 'limit', message: 'limit must be a whole number from 1 to 20' }],
    });
  });
});

describe('the shared catalogue', () => {
  it('answers every signed-in user, verified or not, the same catalogue and usage counts', async () => {
    const other = await newUser({ username: uniqueName('cat2'), verified: false });
    const mine = await get('/api/templates?includeUsage=true');
    const theirs = await api.get('/api/templates?includeUsage=true', { token: other.accessToken });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toEqual(mine.body);
  });
});

describe('signed-out callers', () => {
  it.each(['/api/templates', `/api/templates/${POST_SCRAPER}`, '/api/templates/meta/popular'])(
    'get 401 from %s',
    async (path) => {
      const res = await api.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
      const forged = await api.get(path, { token: 'not-a-token' });
      expect(forged.status).toBe(401);
    },
  );

  it('see nothing of the catalogue through a malformed query either', async () => {
    const res = await api.get('/api/templates/meta/popular?limit=x');
    expect(res.status).toBe(401);
  });
});

// Last: it counts a start, which the usage counts above do not expect.
describe('the catalogue as cards (view=card), kept by the browser', () => {
  it('answers each template as its card: the fields a card shows and the search reads, a fraction of the whole', async () => {
    const whole = await get('/api/templates?includeUsage=true');
    const cards = await get('/api/templates?includeUsage=true&view=card');
    expect(cards.status, cards.text).toBe(200);
    expect(ids(cards.body.data.templates)).toEqual(ids(whole.body.data.templates));
    for (const card of cards.body.data.templates) {
      expect(Object.keys(card).sort()).toEqual([...TEMPLATE_CARD_FIELDS].sort());
      const full = whole.body.data.templates.find((t: { id: string }) => t.id === card.id);
      for (const field of TEMPLATE_CARD_FIELDS) expect(card[field]).toEqual(full[field]);
    }
    // The config schemas, examples and HTML descriptions stay with the detail page.
    expect(cards.text).not.toContain('configSchema');
    expect(cards.text.length).toBeLessThan(whole.text.length / 3);
    // Without includeUsage a card has no count, as a whole template has none.
    const uncounted = await get('/api/templates?view=card');
    for (const card of uncounted.body.data.templates) expect(card).not.toHaveProperty('usageCount');
  });

  it('filters and searches cards as it does whole templates, and answers popular templates as cards', async () => {
    const instagram = await get('/api/templates?platform=instagram&view=card');
    expect(ids(instagram.body.data.templates).sort()).toEqual([
      'instagram-followers-extractor',
      'instagram-post-engagers',
    ]);
    const popular = await get('/api/templates/meta/popular?limit=2&view=card');
    expect(popular.status, popular.text).toBe(200);
    expect(popular.body.status).toBe('success');
    expect(ids(popular.body.data.templates)).toEqual([POST_SCRAPER, TWITTER_FOLLOWERS]);
    expect(Object.keys(popular.body.data.templates[0]).sort()).toEqual([...TEMPLATE_CARD_FIELDS].sort());
  });

  it.each(['/api/templates?view=full', '/api/templates/meta/popular?view=cards'])(
    'answers 400 naming view for %s',
    async (path) => {
      const res = await get(path);
      expect(res.status, res.text).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['view']);
    },
  );

  it('lets the browser keep a catalogue answer a minute and revalidate it: 304 without a body while unchanged, 200 once a count changes', async () => {
    for (const path of [
      '/api/templates?includeUsage=true&view=card',
      `/api/templates/${POST_SCRAPER}?includeUsage=true`,
      '/api/templates/meta/popular?view=card',
    ]) {
      const first = await get(path);
      expect(first.status, first.text).toBe(200);
      // private: behind sign-in, so only the browser keeps it, never a shared cache.
      expect(first.headers.get('cache-control')).toBe('private, max-age=60, stale-while-revalidate=600');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]{27}"$/);

      const again = await api.get(path, { token: user.accessToken, headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      const listed = await api.get(path, {
        token: user.accessToken,
        headers: { 'if-none-match': `"stale", W/${etag}` },
      });
      expect(listed.status, path).toBe(304);
      const other = await api.get(path, { token: user.accessToken, headers: { 'if-none-match': '"other"' } });
      expect(other.status, path).toBe(200);
      expect(other.body).toEqual(first.body);
    }

    const before = await get(`/api/templates/${TWITTER_FOLLOWERS}?includeUsage=true`);
    expect(await incrementUsage(TWITTER_FOLLOWERS)).toBe(true);
    const after = await api.get(`/api/templates/${TWITTER_FOLLOWERS}?includeUsage=true`, {
      token: user.accessToken,
      headers: { 'if-none-match': before.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.data.template.usageCount).toBe(before.body.data.template.usageCount + 1);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('keeps nothing it should not: a refused caller gets no cacheable answer', async () => {
    const anonymous = await api.get('/api/templates?view=card');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(anonymous.headers.get('etag')).toBeNull();
  });

  it('sends the JSON compressed, as CloudFront does in AWS', async () => {
    const res = await fetch(`${api.base}/api/templates?includeUsage=true`, {
      headers: { authorization: `Bearer ${user.accessToken}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(((await res.json()) as { data: { templates: unknown[] } }).data.templates).toHaveLength(
      seededCatalogue.length,
    );
  });
});
