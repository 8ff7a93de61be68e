import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incrementUsage } from '../../functions/catalog/catalog-repository';
import { seedCatalogue } from '../../functions/catalog/seed';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { newUser } from '../support/users';

/**
 * The flow templates and industries routes (spec part 2 sections 2.1-2.3, 3, 8; DECISIONS 3) through
 * the local gateway: GET /api/flows/templates, /api/flows/templates/{id}, /api/industries and
 * /api/industries/search, for verified users only.
 */

let env: AccountsEnv;
let api: Api;
let user: TestUser;

const PROSPECTING = 'linkedin-ai-prospecting-flow';
const NURTURE = 'linkedin-connection-nurture-flow';

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  await seedCatalogue();
  user = await newUser();
});

afterAll(async () => {
  await env?.close();
});

const get = (path: string) => api.get(path, { token: user.accessToken });
const values = (options: { value: string }[]) => options.map((o) => o.value);

describe('GET /api/flows/templates', () => {
  it('answers every flow template, whole, with the usage count the catalogue keeps', async () => {
    const res = await get('/api/flows/templates');
    expect(res.status, res.text).toBe(200);
    const flows = res.body.data.flows;
    expect(flows.map((f: { id: string }) => f.id)).toEqual(flowTemplates.map((t) => t.id));
    for (const [i, flow] of flows.entries()) expect(flow).toEqual({ ...flowTemplates[i], usageCount: 0 });
    expect(flows[0]).toMatchObject({
      maxRunsPerDay: 4,
      stages: expect.arrayContaining([
        expect.objectContaining({ id: 'discover', estimatedDuration: '2-4 min' }),
      ]),
    });

    // A start counts in the catalogue (the trob detail page starts flows too), and the flows list shows it.
    expect(await incrementUsage(NURTURE)).toBe(true);
    expect(await incrementUsage(NURTURE)).toBe(true);
    const after = await get('/api/flows/templates');
    const counts = Object.fromEntries(
      after.body.data.flows.map((f: { id: string; usageCount: number }) => [f.id, f.usageCount]),
    );
    expect(counts).toMatchObject({ [NURTURE]: 2, [PROSPECTING]: 0 });
    expect(after.headers.get('etag')).not.toBe(res.headers.get('etag'));
  });

  it('lets the browser keep the answer a minute and revalidate it', async () => {
    const first = await get('/api/flows/templates');
    expect(first.headers.get('cache-control')).toBe('private, max-age=60, stale-while-revalidate=600');
    const again = await api.get('/api/flows/templates', {
      token: user.accessToken,
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/flows/templates/{id}', () => {
  it('answers the template as data.flow and data.template, the same object', async () => {
    const res = await get(`/api/flows/templates/${NURTURE}`);
    expect(res.status, res.text).toBe(200);
    const definition = flowTemplates.find((t) => t.id === NURTURE)!;
    expect(res.body.data.flow).toEqual({ ...definition, usageCount: 2 });
    expect(res.body.data.template).toEqual(res.body.data.flow);
    expect(Object.keys(res.body.data).sort()).toEqual(['flow', 'template']);
  });

  it.each(['no-such-flow', 'linkedin-follower-extractor', 'USER%23123', 'LINKEDIN-AI-PROSPECTING-FLOW'])(
    'answers 404 "Template Not Found" for %s',
    async (id) => {
      const res = await get(`/api/flows/templates/${id}`);
      expect(res.status, res.text).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Template Not Found' });
    },
  );

  it('answers 400 to an id over 100 characters', async () => {
    const res = await get(`/api/flows/templates/${'x'.repeat(101)}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'id', message: 'id must be 100 characters or less' }]);
  });
});

describe('the flow templates in the trob catalogue (DECISIONS 3)', () => {
  it('lists each with the Flow badge beside the trobs, and answers it by id', async () => {
    const cards = await get('/api/templates?view=card&includeUsage=true');
    expect(cards.status, cards.text).toBe(200);
    const flowCards = cards.body.data.templates.filter((t: { isFlow: boolean }) => t.isFlow);
    expect(flowCards.map((t: { id: string }) => t.id).sort()).toEqual(flowTemplates.map((t) => t.id).sort());
    expect(flowCards.find((t: { id: string }) => t.id === NURTURE)).toMatchObject({
      displayName: 'New Connection Nurture',
      platform: 'linkedin',
      usageCount: 2,
    });
    const one = await get(`/api/templates/${PROSPECTING}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.template).toMatchObject({
      id: PROSPECTING,
      isFlow: true,
      configSchema: { type: 'object' },
    });
  });
});

describe('GET /api/industries', () => {
  it('answers all 434 LinkedIn industries as {label, value}, in list order', async () => {
    const res = await get('/api/industries');
    expect(res.status, res.text).toBe(200);
    const industries = res.body.data.industries;
    expect(industries).toHaveLength(434);
    expect(industries[0]).toEqual({ label: 'Defense and Space Manufacturing', value: '1' });
    expect(industries).toContainEqual({ label: 'Software Development', value: '4' });
    expect(new Set(values(industries)).size).toBe(434);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600, stale-while-revalidate=86400');
  });
});

describe('GET /api/industries/search', () => {
  it('lists the first 50 in list order for an empty query, and `limit` when asked', async () => {
    const all = (await get('/api/industries')).body.data.industries;
    const empty = await get('/api/industries/search');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.data.industries).toEqual(all.slice(0, 50));
    expect((await get('/api/industries/search?q=')).body.data.industries).toEqual(all.slice(0, 50));
    expect((await get('/api/industries/search?limit=1')).body.data.industries).toEqual(all.slice(0, 1));
    expect((await get('/api/industries/search?limit=100')).body.data.industries).toEqual(all.slice(0, 100));
  });

  it('trims the query and matches labels ignoring case, then hierarchies', async () => {
    const res = await get(`/api/industries/search?q=${encodeURIComponent('  SOFTWARE  ')}&limit=100`);
    expect(res.status, res.text).toBe(200);
    const labels = res.body.data.industries.map((o: { label: string }) => o.label);
    expect(labels[0]).toBe('Software Development');
    const byLabel = labels.filter((l: string) => l.toLowerCase().includes('software'));
    expect(labels.slice(0, byLabel.length)).toEqual(byLabel);
    expect(labels.slice(byLabel.length)).toContain('Computer Networking Products');
    const one = await get('/api/industries/search?q=software&limit=1');
    expect(one.body.data.industries).toEqual([{ label: 'Software Development', value: '4' }]);
    const none = await get('/api/industries/search?q=nothing%20is%20called%20this');
    expect(none.body).toEqual({ data: { industries: [] } });
  });

  it.each(['0', '101', 'abc', '2.5', '-1', ''])(
    'answers 400 with a clear message for limit=%j',
    async (limit) => {
      const res = await get(`/api/industries/search?q=soft&limit=${limit}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'limit must be a whole number from 1 to 100',
        issues: [{ path: 'limit', message: 'limit must be a whole number from 1 to 100' }],
      });
    },
  );

  it('answers 400 to a query over 100 characters', async () => {
    const res = await get(`/api/industries/search?q=${'q'.repeat(101)}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'q', message: 'q must be 100 characters or less' }]);
  });
});

const ROUTES = [
  '/api/flows/templates',
  `/api/flows/templates/${PROSPECTING}`,
  '/api/industries',
  '/api/industries/search?q=soft',
];

describe('callers who may not read them', () => {
  it.each(ROUTES)('a signed-out caller gets 401 from %s, whatever the input', async (path) => {
    const res = await api.get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await api.get(path, { token: 'not-a-token' })).status).toBe(401);
    expect((await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=0`)).status).toBe(401);
  });

  it('a user whose e-mail is not verified gets 403 from every one', async () => {
    const unverified = await newUser({ verified: false });
    for (const path of ROUTES) {
      const res = await api.get(path, { token: unverified.accessToken });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe('Please verify your email address to continue.');
    }
  });
});
