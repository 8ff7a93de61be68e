import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { httpRoutes } from '../../functions/routes';
import { aiFilterInput } from '../../shared/ai-filter';
import { apiKeyIdParams, createApiKeyInput } from '../../shared/api-keys';
import {
  changePasswordInput,
  deleteAccountInput,
  forgotPasswordInput,
  loginInput,
  refreshInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  updateProfileInput,
  verifyEmailInput,
} from '../../shared/auth';
import {
  automationIdParams,
  jobIdParams,
  leadsPageQuery,
  listJobsQuery,
  runJobInput,
  startAutomationInput,
  updateJobInput,
} from '../../shared/automations';
import { checkoutInput } from '../../shared/billing';
import { brandInput } from '../../shared/brand';
import {
  getTemplateQuery,
  listTemplatesQuery,
  popularTemplatesQuery,
  templateIdParams,
} from '../../shared/catalogue';
import {
  connectionIdParams,
  platformParams,
  SYNC_MESSAGES,
  sandboxConnectInput,
  syncInput,
} from '../../shared/connections';
import { createFlowInput, flowIdParams, listFlowsQuery, renameFlowInput } from '../../shared/flow-api';
import { audienceInput } from '../../shared/flow-audience';
import { activitiesQuery, analyticsQuery, prospectParams, prospectsQuery } from '../../shared/flow-insights';
import { flowTemplateIdParams, industrySearchQuery } from '../../shared/flows';
import { INVALID_CURSOR } from '../../shared/paging';
import { reviewDecisionsInput, reviewModeInput } from '../../shared/review-requests';
import {
  acceptTeamInvitationInput,
  inviteInput,
  switchWorkspaceInput,
  teamIdParams,
} from '../../shared/team';
import { hiddenCharactersMessage } from '../../shared/text';
import { type AccountsEnv, APP_URL, useAccountsEnv } from '../support/accounts-env';
import { type Api, type ApiResult, GOOD_PASSWORD, type TestUser } from '../support/api-client';
import { scanTable } from '../support/table-items';
import { tamperedCursors } from '../support/tampered-cursors';
import { newUser } from '../support/users';

/**
 * Issue 8, "bad input never gets a 5xx": bounded strings on every route, bounded payment events,
 * no control or bidi characters in what people see, header-safe cookies and user agents, JSON only.
 */

let env: AccountsEnv;
let api: Api;
let user: TestUser;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  user = await newUser();
});

afterAll(async () => {
  await env?.close();
});

const LONG = 10_000;

/** A value of `length` characters shaped like `sample` (an e-mail stays an e-mail, a URL a URL). */
function longLike(sample: string, length = LONG): string {
  if (/^[^@\s]+@[^@\s]+$/.test(sample)) return `${'a'.repeat(length - '@example.test'.length)}@example.test`;
  if (/^https?:\/\//.test(sample)) return `${sample}/${'a'.repeat(length - sample.length - 1)}`;
  return 'a'.repeat(length);
}

/** Every string leaf of a sample as a path ('cookies.0.value') with a copy where it is `value`. */
function* stringLeaves(sample: unknown, path: (string | number)[] = []): Generator<(string | number)[]> {
  if (typeof sample === 'string') yield path;
  else if (Array.isArray(sample))
    for (const [i, item] of sample.entries()) yield* stringLeaves(item, [...path, i]);
  else if (sample && typeof sample === 'object')
    for (const [key, item] of Object.entries(sample)) yield* stringLeaves(item, [...path, key]);
}

function withLeaf<T>(sample: T, path: (string | number)[], make: (old: string) => string): T {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  node[last] = make(node[last] as string);
  return copy as T;
}

type ObjectSchema = z.ZodMiniObject;
interface Part {
  /** The route's own schema where it is shared: every field it declares must have a sample. */
  schema?: ObjectSchema;
  sample: Record<string, unknown>;
}
interface RouteInputs {
  body?: Part;
  query?: Part;
  path?: Part;
  /** The payment webhook: the fields of a signed event that it stores or keys on. */
  webhook?: true;
  /** A route that reads no input says why. */
  none?: string;
}

const FOLLOWERS = 'linkedin-follower-extractor';
const EMAIL = 'someone@example.test';
const syncSample = {
  platform: 'linkedin',
  cookies: [{ name: 'li_at', value: 'AQEDAR0abc', domain: '.linkedin.com', path: '/' }],
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
  accountId: 'ACoAAB12',
  accountUsername: 'ada',
  profileUrl: 'https://www.linkedin.com/in/ada',
  timeZone: 'Europe/Paris',
};

/**
 * The inputs of every route of functions/routes.ts, kept here so that a new route cannot go
 * untested: the walk below fails for a row this table does not name.
 */
const ROUTE_INPUTS: Record<string, RouteInputs> = {
  'GET /api/health': { none: 'the health check reads no input' },
  'POST /api/auth/register': {
    body: {
      schema: registerInput,
      sample: {
        email: EMAIL,
        username: 'someone',
        password: GOOD_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    },
  },
  'POST /api/auth/verify-email': { body: { schema: verifyEmailInput, sample: { token: 'abc' } } },
  'POST /api/auth/resend-verification': {
    body: { schema: resendVerificationInput, sample: { email: EMAIL } },
  },
  'POST /api/auth/login': {
    body: { schema: loginInput, sample: { email: EMAIL, password: GOOD_PASSWORD, rememberMe: true } },
  },
  'POST /api/auth/refresh': { body: { schema: refreshInput, sample: { refreshToken: 'a.b.c' } } },
  'POST /api/auth/logout': { none: 'signs the caller out; reads no body' },
  'GET /api/auth/me': { none: 'answers the caller' },
  'POST /api/auth/forgot-password': { body: { schema: forgotPasswordInput, sample: { email: EMAIL } } },
  'POST /api/auth/reset-password': {
    body: { schema: resetPasswordInput, sample: { token: 'abc', password: GOOD_PASSWORD } },
  },
  'PUT /api/users/profile': {
    body: {
      schema: updateProfileInput,
      sample: { firstName: 'Ada', lastName: 'Lovelace', username: 'someone' },
    },
  },
  'POST /api/users/change-password': {
    body: {
      schema: changePasswordInput,
      sample: { currentPassword: GOOD_PASSWORD, newPassword: 'Other-Lantern-43' },
    },
  },
  'DELETE /api/users/account': { body: { schema: deleteAccountInput, sample: { password: GOOD_PASSWORD } } },
  'GET /api/templates': {
    query: {
      schema: listTemplatesQuery,
      sample: { platform: 'linkedin', category: 'all', search: 'leads', includeUsage: 'true', view: 'card' },
    },
  },
  'GET /api/templates/meta/popular': {
    query: { schema: popularTemplatesQuery, sample: { limit: '6', view: 'card' } },
  },
  'GET /api/templates/{id}': {
    path: { schema: templateIdParams, sample: { id: FOLLOWERS } },
    query: { schema: getTemplateQuery, sample: { includeUsage: 'true' } },
  },
  'GET /api/flows/templates': { none: 'lists the flow templates' },
  'GET /api/flows/templates/{id}': {
    path: { schema: flowTemplateIdParams, sample: { id: 'linkedin-ai-prospecting-flow' } },
  },
  'POST /api/flows': {
    body: {
      schema: createFlowInput,
      sample: {
        templateId: 'linkedin-ai-prospecting-flow',
        name: 'Prospecting - November',
        config: {
          targetingSettings: {
            keywords: 'growth',
            industries: ['4'],
            jobTitles: ['Head of Growth'],
            locations: ['US'],
            companySize: ['D'],
          },
          messagingSettings: {
            companyDescription: 'We help B2B sales teams find and reach the right people, every single week.',
            messageTone: 'professional',
            connectionRequestStyle: 'value-first',
            commentStyle: 'add-insights',
          },
          executionSettings: {
            runsPerDay: 2,
            prospectsPerRun: 10,
            workingHours: { start: '09:00', end: '17:00', timezone: 'America/New_York' },
            enableWeekends: false,
          },
        },
      },
    },
  },
  'POST /api/flows/audience': {
    body: {
      schema: audienceInput,
      sample: {
        targetingSettings: {
          keywords: 'growth',
          industries: ['4'],
          jobTitles: ['Head of Growth'],
          locations: ['US'],
          companySize: ['D'],
        },
      },
    },
  },
  'GET /api/flows': { query: { schema: listFlowsQuery, sample: { status: 'ACTIVE', templateId: 'x' } } },
  'GET /api/flows/{id}': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'PATCH /api/flows/{id}': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    body: { schema: renameFlowInput, sample: { name: 'Q3 outreach' } },
  },
  'GET /api/flows/{id}/analytics': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    query: { schema: analyticsQuery, sample: { period: '30d' } },
  },
  'GET /api/flows/{id}/activities': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    query: {
      schema: activitiesQuery,
      sample: {
        page: '1',
        limit: '20',
        type: 'POST_LIKED',
        status: 'SUCCESS',
        search: 'ada',
        cursor: 'eyJwIjoyfQ.AAAAAAAAAAAAAAAAAAAAAA',
      },
    },
  },
  'GET /api/flows/{id}/prospects': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    query: {
      schema: prospectsQuery,
      sample: {
        page: '1',
        limit: '20',
        status: 'PENDING',
        search: 'ada',
        cursor: 'eyJwIjoyfQ.AAAAAAAAAAAAAAAAAAAAAA',
      },
    },
  },
  'GET /api/flows/{id}/prospects/{prospectId}': {
    path: { schema: prospectParams, sample: { id: 'f1', prospectId: 'ACoAAB12' } },
  },
  'GET /api/flows/{id}/plan': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'GET /api/flows/{id}/review': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'POST /api/flows/{id}/review': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    body: {
      schema: reviewDecisionsInput,
      sample: {
        decisions: [{ key: 'invite:ACoAAB12', action: 'approve', text: 'Hi Ada, glad to connect.' }],
      },
    },
  },
  'PUT /api/flows/{id}/review-mode': {
    path: { schema: flowIdParams, sample: { id: 'f1' } },
    body: { schema: reviewModeInput, sample: { reviewMode: 'texts' } },
  },
  'POST /api/flows/{id}/pause': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'POST /api/flows/{id}/resume': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'POST /api/flows/{id}/execute': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'DELETE /api/flows/{id}': { path: { schema: flowIdParams, sample: { id: 'f1' } } },
  'GET /api/team': { none: 'reads the caller’s team' },
  'POST /api/team/invitations': { body: { schema: inviteInput, sample: { email: 'mate@example.com' } } },
  'POST /api/team/invitations/accept': {
    body: { schema: acceptTeamInvitationInput, sample: { token: 'a-token-of-sixteen-or-more' } },
  },
  'POST /api/team/invitations/{id}/resend': { path: { schema: teamIdParams, sample: { id: 'i1' } } },
  'DELETE /api/team/invitations/{id}': { path: { schema: teamIdParams, sample: { id: 'i1' } } },
  'DELETE /api/team/members/{id}': { path: { schema: teamIdParams, sample: { id: 'u1' } } },
  'GET /api/workspaces': { none: 'lists the caller’s workspaces' },
  'PUT /api/workspaces/current': { body: { schema: switchWorkspaceInput, sample: { workspaceId: 'w1' } } },
  'GET /api/team/brand': { none: 'reads the caller’s brand' },
  'PUT /api/team/brand': {
    body: {
      schema: brandInput,
      sample: { name: 'Acme Outreach', accentColor: '#1864AB', logo: 'data:image/png;base64,iVBORw0KGgo=' },
    },
  },
  'DELETE /api/team/brand': { none: 'removes the caller’s brand' },
  'GET /api/keys': { none: 'lists the caller’s API keys' },
  'POST /api/keys': {
    body: {
      schema: createApiKeyInput,
      sample: {
        name: 'CRM sync',
        scopes: ['leads:read'],
        expiresAt: '2099-01-01T00:00:00Z',
        password: GOOD_PASSWORD,
      },
    },
  },
  'DELETE /api/keys/{id}': { path: { schema: apiKeyIdParams, sample: { id: 'k1' } } },
  'GET /api/industries': { none: 'lists the LinkedIn industries' },
  'GET /api/industries/search': {
    query: { schema: industrySearchQuery, sample: { q: 'software', limit: '10' } },
  },
  'POST /api/billing/start-trial': { none: 'starts the caller’s trial' },
  'POST /api/billing/create-checkout-session': {
    body: {
      schema: checkoutInput,
      sample: { planId: 'pro', successUrl: `${APP_URL}/dashboard`, cancelUrl: `${APP_URL}/pricing` },
    },
  },
  'POST /api/billing/webhook': { webhook: true },
  'GET /api/billing/sandbox/{sessionId}': { path: { sample: { sessionId: 'cs_sandbox_1' } } },
  'POST /api/billing/sandbox/{sessionId}/complete': { path: { sample: { sessionId: 'cs_sandbox_1' } } },
  'GET /api/users/platforms': { none: 'lists the caller’s connections' },
  'GET /api/users/platform-connections/{platform}': {
    path: { schema: platformParams, sample: { platform: 'linkedin' } },
  },
  'DELETE /api/users/platforms/{id}': { path: { schema: connectionIdParams, sample: { id: 'abc' } } },
  'GET /api/users/platforms/{id}/plan': { path: { schema: connectionIdParams, sample: { id: 'abc' } } },
  'PUT /api/users/platforms/{id}/validate': { path: { schema: connectionIdParams, sample: { id: 'abc' } } },
  'POST /api/users/platforms/sync': { body: { schema: syncInput, sample: syncSample } },
  'POST /api/users/extension/pair': { body: { sample: { password: GOOD_PASSWORD } } },
  'POST /api/users/platforms/sandbox': {
    body: { schema: sandboxConnectInput, sample: { platform: 'linkedin', timeZone: 'Europe/Paris' } },
  },
  'POST /api/automation/start': {
    body: {
      schema: startAutomationInput,
      sample: {
        templateId: FOLLOWERS,
        config: {
          targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme' },
          filteringSettings: { maxProfiles: 300, headlineKeywords: ['founder'] },
          exportSettings: { format: 'csv' },
        },
        interval: '5_minutes',
        userCookies: [],
      },
    },
  },
  'GET /api/automation': { none: 'lists the caller’s automations' },
  'GET /api/automation/queue': { none: 'counts the run queue and the caller’s place' },
  'POST /api/automation/{id}/pause': { path: { schema: automationIdParams, sample: { id: 'abc' } } },
  'GET /api/automation/leads/{jobId}': {
    path: { schema: jobIdParams, sample: { jobId: 'abc' } },
    query: { schema: leadsPageQuery, sample: { page: '1', limit: '50', after: 'lead-1' } },
  },
  'GET /api/jobs': {
    query: {
      schema: listJobsQuery,
      sample: {
        status: 'running',
        platform: 'linkedin',
        search: 'followers',
        automationId: 'abc',
        limit: '20',
        cursor: 'eyJwayI6IlVTRVIjYSNKT0JTIn0.AAAAAAAAAAAAAAAAAAAAAA',
      },
    },
  },
  'POST /api/jobs': { body: { schema: runJobInput, sample: { automationId: 'abc' } } },
  'PUT /api/jobs/{jobId}': {
    path: { schema: jobIdParams, sample: { jobId: 'abc' } },
    body: { schema: updateJobInput, sample: { status: 'paused' } },
  },
  'GET /api/users/usage': { none: 'answers the caller’s monthly usage' },
  'GET /api/jobs/dashboard/stats': { none: 'counts the caller’s automations' },
  'POST /api/leads/ai-filter': {
    body: {
      schema: aiFilterInput,
      sample: { query: 'founders in Berlin', automationId: 'auto-1', leadIds: ['lead-1'] },
    },
  },
};

const shapeKeys = (schema: ObjectSchema) => Object.keys(schema._zod.def.shape);

function signedEvent(event: unknown) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: process.env.PAYMENTS_WEBHOOK_SECRET!,
  });
  return { payload, signature };
}

const deliver = (event: unknown, contentType = 'application/json; charset=utf-8') => {
  const { payload, signature } = signedEvent(event);
  return api.post('/api/billing/webhook', undefined, {
    raw: payload,
    headers: { 'stripe-signature': signature, 'content-type': contentType },
  });
};

/** A Stripe-format paid checkout event for `userId`. */
const checkoutEvent = (userId: string, overrides: { id?: string; type?: string } = {}) => ({
  id: overrides.id ?? `evt_test_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type: overrides.type ?? 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: `cs_test_${randomUUID().replace(/-/g, '')}`,
      object: 'checkout.session',
      client_reference_id: userId,
      payment_status: 'paid',
      status: 'complete',
      metadata: { userId, planId: 'plus' },
    },
  },
});

function expectRefusal(res: ApiResult, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

describe('every route refuses 10,000-character strings with a 4xx', () => {
  it('names the inputs of every route of the route table', () => {
    const routeKeys = httpRoutes.map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(ROUTE_INPUTS).sort()).toEqual([...routeKeys].sort());
    for (const [key, inputs] of Object.entries(ROUTE_INPUTS)) {
      for (const part of [inputs.body, inputs.query, inputs.path]) {
        if (part?.schema) expect(Object.keys(part.sample).sort(), key).toEqual(shapeKeys(part.schema).sort());
      }
      const params = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(inputs.path?.sample ?? {}).sort(), key).toEqual(params.sort());
    }
  });

  for (const route of httpRoutes) {
    const key = `${route.method} ${route.path}`;
    const inputs = ROUTE_INPUTS[key];
    if (!inputs || inputs.none) continue;
    it(`${key}: every string field at ${LONG} characters answers a 4xx with {code, message}`, async () => {
      const token = route.auth === 'public' ? undefined : user.accessToken;
      const call = (parts: {
        body?: unknown;
        query?: Record<string, unknown>;
        path?: Record<string, unknown>;
      }) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(parts.path?.[name])),
        );
        const query = parts.query ? `?${new URLSearchParams(parts.query as Record<string, string>)}` : '';
        return api.request(route.method, `${path}${query}`, parts.body, token ? { token } : {});
      };
      if (inputs.webhook) {
        for (const path of [['id'], ['type'], ['data', 'object', 'client_reference_id']]) {
          const event = withLeaf(checkoutEvent(user.id), path, longLike);
          expectRefusal(await deliver(event), `webhook ${path.join('.')}`);
        }
        return;
      }
      const base = {
        body: inputs.body?.sample,
        query: inputs.query?.sample,
        path: inputs.path?.sample,
      };
      let walked = 0;
      for (const part of ['body', 'query', 'path'] as const) {
        const sample = base[part];
        if (!sample) continue;
        for (const leaf of stringLeaves(sample)) {
          walked++;
          const res = await call({ ...base, [part]: withLeaf(sample, leaf, longLike) });
          expectRefusal(res, `${part}.${leaf.join('.')}`);
        }
      }
      expect(walked).toBeGreaterThan(0);
    });
  }

  it('refuses an e-mail over 254 characters with the spec-style message on register, login, forgot and resend', async () => {
    const email = longLike(EMAIL, 255);
    const calls: Array<[string, unknown]> = [
      ['/api/auth/register', { email, username: 'someone_long', password: GOOD_PASSWORD }],
      ['/api/auth/login', { email, password: GOOD_PASSWORD }],
      ['/api/auth/forgot-password', { email }],
      ['/api/auth/resend-verification', { email }],
    ];
    for (const [path, body] of calls) {
      const res = await api.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.issues, path).toContainEqual({
        path: 'email',
        message: 'Email must be 254 characters or less',
      });
    }
  });

  it('refuses a 65-character local part and a 64-character domain label, and registers at 64 and 63', async () => {
    for (const email of [`${'a'.repeat(65)}@example.test`, `ada@${'d'.repeat(64)}.test`]) {
      const res = await api.post('/api/auth/register', {
        email,
        username: 'someone_rfc',
        password: GOOD_PASSWORD,
      });
      expect(res.status, email).toBe(400);
      expect(res.body.issues, email).toEqual([
        { path: 'email', message: 'Please enter a valid email address' },
      ]);
    }
    const atLimit = `${randomUUID().replace(/-/g, '').padEnd(64, 'a')}@${'d'.repeat(63)}.test`;
    const ok = await api.post('/api/auth/register', {
      email: atLimit,
      username: `rfc_${randomUUID().slice(0, 8)}`,
      password: GOOD_PASSWORD,
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('refuses a trob configuration nested too deep or too large', async () => {
    let deep: Record<string, unknown> = { value: 'x' };
    for (let i = 0; i < 10; i++) deep = { inner: deep };
    const tooMany = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`k${i}`, 1]));
    for (const config of [deep, tooMany, { ['k'.repeat(200)]: 1 }]) {
      const res = await api.post(
        '/api/automation/start',
        { templateId: FOLLOWERS, config, userCookies: [] },
        { token: user.accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('config');
    }
  });
});

describe('payment events out of bounds', () => {
  const paymentEvents = async () =>
    (await scanTable()).filter((item) => String(item.pk).startsWith('PAYMENT-EVENT#'));

  it('answers 400 to a validly signed event with a 3,000-character id, type or user id, and stores nothing', async () => {
    const buyer = await newUser();
    const before = (await paymentEvents()).length;
    const events = [
      checkoutEvent(buyer.id, { id: `evt_${'a'.repeat(3000)}` }),
      checkoutEvent(buyer.id, { type: `checkout.${'a'.repeat(3000)}` }),
      withLeaf(checkoutEvent(buyer.id), ['data', 'object', 'client_reference_id'], () => 'u'.repeat(3000)),
      checkoutEvent(buyer.id, { id: 'evt_with spaces' }),
    ];
    for (const event of events) {
      const res = await deliver(event);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Payment event has fields out of bounds',
      });
    }
    expect((await paymentEvents()).length).toBe(before);
    const me = await api.get('/api/auth/me', { token: buyer.accessToken });
    expect(me.body.data.user.plan).not.toBe('PLUS');

    // The same event within bounds is applied (Stripe's own content type, charset included).
    const ok = await deliver(checkoutEvent(buyer.id));
    expect(ok.status, ok.text).toBe(200);
    expect((await api.get('/api/auth/me', { token: buyer.accessToken })).body.data.user.plan).toBe('PLUS');
  });
});

describe('paged routes refuse every cursor they did not give, 400 "Invalid cursor"', () => {
  it('lists every paged route: the jobs, a flow’s activities and its prospects', () => {
    // The flows' two lists are tried with a real flow in flow-insights.integration.test.ts.
    const paged = Object.entries(ROUTE_INPUTS)
      .filter(([, inputs]) => inputs.query?.sample && 'cursor' in inputs.query.sample)
      .map(([key]) => key)
      .sort();
    expect(paged).toEqual([
      'GET /api/flows/{id}/activities',
      'GET /api/flows/{id}/prospects',
      'GET /api/jobs',
    ]);
  });

  it("GET /api/jobs: each tampered cursor is a 400 'Invalid cursor', never a 500", async () => {
    for (const [what, cursor] of Object.entries(tamperedCursors(`USER#${user.id}#JOBS`))) {
      const res = await api.get(`/api/jobs?cursor=${encodeURIComponent(cursor)}`, {
        token: user.accessToken,
      });
      expect(res.status, `${what}: ${res.text}`).toBe(400);
      expect(res.body.message, what).toBe(INVALID_CURSOR);
    }
  });
});

describe('control and text-direction characters', () => {
  const BAD = {
    NUL: 'Ada\u0000',
    'U+202E RIGHT-TO-LEFT OVERRIDE': 'Ada\u202Egnp.exe',
    'U+2066 LEFT-TO-RIGHT ISOLATE': 'Ada\u2066x',
    BEL: 'Ada\u0007',
    ESC: 'Ada\u001b[31m',
    'CR/LF': 'Ada\r\nLovelace',
    'C1 U+0085': 'Ada\u0085',
    // Issue 18 point 4: names of invisible characters only, or holding a separator or a word joiner.
    'zero-width spaces only': '\u200B\u200B',
    'a BOM only': '\uFEFF',
    'soft hyphens only': '\u00AD\u00AD',
    'the Hangul filler only': '\u3164',
    'U+2028 LINE SEPARATOR': 'Ada\u2028Lovelace',
    'U+2029 PARAGRAPH SEPARATOR': 'Ada\u2029',
    'U+2060 WORD JOINER': 'Ada\u2060',
    // Issue 34 point 5: tag characters spelling hidden ASCII, and the interlinear annotation marks.
    'tag characters': 'Ada\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}',
    'U+FFF9-FFFB interlinear annotation': 'Ada\uFFF9ruby\uFFFAnote\uFFFB',
  };

  it('refuses them in names with the message, on register and on the profile', async () => {
    for (const [what, name] of Object.entries(BAD)) {
      const profile = await api.put(
        '/api/users/profile',
        { firstName: name, lastName: 'Lovelace', username: user.username },
        { token: user.accessToken },
      );
      expect(profile.status, what).toBe(400);
      expect(profile.body.issues, what).toContainEqual({
        path: 'firstName',
        message: hiddenCharactersMessage('First name'),
      });
      const registered = await api.post('/api/auth/register', {
        email: 'bidi@example.test',
        username: 'bidi_user',
        password: GOOD_PASSWORD,
        lastName: name,
      });
      expect(registered.status, what).toBe(400);
      expect(registered.body.issues, what).toContainEqual({
        path: 'lastName',
        message: hiddenCharactersMessage('Last name'),
      });
    }
  });

  it('accepts names with accents, other scripts and emoji', async () => {
    for (const [firstName, lastName] of [
      ['Zoë', 'Ñúñez-Brontë'],
      ['Łukasz', 'Müller 🚀'],
      ['سارة', '山田'],
    ]) {
      const res = await api.put(
        '/api/users/profile',
        { firstName, lastName, username: user.username },
        { token: user.accessToken },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.user).toMatchObject({ firstName, lastName });
    }
  });

  it('refuses them in the AI filter query but keeps line breaks', async () => {
    const bidi = await api.post(
      '/api/leads/ai-filter',
      { query: 'founders\u202E', automationId: 'auto-1' },
      { token: user.accessToken },
    );
    expect(bidi.status).toBe(400);
    expect(bidi.body.message).toBe(hiddenCharactersMessage('The request'));
    const multiline = await api.post(
      '/api/leads/ai-filter',
      { query: 'founders\nin Berlin', automationId: 'no-such-automation', leadIds: [] },
      { token: user.accessToken },
    );
    // Past validation: the query is fine, the automation is what this user does not have.
    expect(multiline.status).toBe(404);
    expect(multiline.body.message).toBe('Automation not found');
  });

  it('answers 400, not 503, to emoji, CR/LF, NUL or non-ASCII in a synced cookie value or user agent', async () => {
    const values = {
      emoji: 'AQED🍪',
      'CR/LF': 'AQED\r\nSet-Cookie: x=1',
      NUL: 'AQED\u0000',
      'e-acute': 'AQEDé',
    };
    for (const [what, value] of Object.entries(values)) {
      const cookie = await api.post(
        '/api/users/platforms/sync',
        withLeaf(syncSample, ['cookies', 0, 'value'], () => value),
        { token: user.accessToken },
      );
      expect(cookie.status, `cookie ${what}`).toBe(400);
      expect(cookie.body.issues, `cookie ${what}`).toContainEqual({
        path: 'cookies.0.value',
        message: SYNC_MESSAGES.cookieValue,
      });
      const agent = await api.post(
        '/api/users/platforms/sync',
        { ...syncSample, userAgent: `Mozilla/5.0 ${value}` },
        { token: user.accessToken },
      );
      expect(agent.status, `user agent ${what}`).toBe(400);
      expect(agent.body.issues, `user agent ${what}`).toContainEqual({
        path: 'userAgent',
        message: SYNC_MESSAGES.userAgent,
      });
    }
  });
});

describe('JSON only', () => {
  const login = { email: EMAIL, password: GOOD_PASSWORD };
  const notJson: Array<[string, string]> = [
    ['text/plain', JSON.stringify(login)],
    ['text/plain;charset=UTF-8', JSON.stringify(login)],
    ['application/x-www-form-urlencoded', `email=${EMAIL}&password=${GOOD_PASSWORD}`],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${EMAIL}\r\n--x--`,
    ],
    ['application/xml', `<login><email>${EMAIL}</email></login>`],
    ['application/octet-stream', JSON.stringify(login)],
    ['application/jsonx', JSON.stringify(login)],
  ];

  it('answers 415 with {code, message} to a body of any other content type', async () => {
    for (const [contentType, raw] of notJson) {
      const res = await api.post('/api/auth/login', undefined, {
        raw,
        headers: { 'content-type': contentType },
      });
      expect(res.status, contentType).toBe(415);
      expect(res.body, contentType).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Request body must be JSON (content-type: application/json)',
      });
    }
  });

  it('answers 415 on routes that read no body, on the stream route and on the webhook too', async () => {
    const headers = { 'content-type': 'text/plain' };
    const logout = await api.post('/api/auth/logout', undefined, {
      raw: '{}',
      headers,
      token: user.accessToken,
    });
    expect(logout.status).toBe(415);
    const stream = await api.post('/api/leads/ai-filter', undefined, {
      raw: JSON.stringify({ query: 'founders' }),
      headers,
      token: user.accessToken,
    });
    expect(stream.status).toBe(415);
    expect(stream.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const webhook = await deliver(checkoutEvent(user.id), 'text/plain');
    expect(webhook.status).toBe(415);
  });

  it('accepts application/json with any charset and application/*+json, and bodyless requests', async () => {
    const types = [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
      'application/vnd.api+json',
    ];
    for (const [i, contentType] of types.entries()) {
      // A different address each time: the per-address mail limit is not what this tests.
      const res = await api.post('/api/auth/forgot-password', undefined, {
        raw: JSON.stringify({ email: `json${i}@example.test` }),
        headers: { 'content-type': contentType },
      });
      expect(res.status, contentType).toBe(200);
    }
    const me = await api.get('/api/auth/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    const bodyless = await fetch(`${api.base}/api/billing/start-trial`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect([200, 409]).toContain(bodyless.status);
  });
});

describe('caching and sniffing (issue 18 point 5)', () => {
  it('every /api answer says no-store and nosniff: success, the gateway 404 and 413, 400, 401, 415 and the stream', async () => {
    const answers: Array<[string, ApiResult]> = [
      ['200', await api.get('/api/health')],
      ['404 unknown path', await api.get('/api/no-such-path')],
      ['404 bare /api', await api.get('/api')],
      ['404 wrong method', await api.delete('/api/health')],
      ['400 bad path escape', await api.get('/api/templates/%E0%A4%A')],
      ['400 malformed JSON', await api.post('/api/auth/login', undefined, { raw: '{' })],
      ['401', await api.get('/api/auth/me')],
      ['413', await api.post('/api/auth/login', undefined, { raw: `"${'a'.repeat(10 * 1024 * 1024 + 1)}"` })],
      [
        '415',
        await api.post('/api/auth/login', undefined, {
          raw: '{}',
          headers: { 'content-type': 'text/plain' },
        }),
      ],
      [
        'stream',
        await api.post(
          '/api/leads/ai-filter',
          { query: 'founders', automationId: 'nope' },
          { token: user.accessToken },
        ),
      ],
    ];
    const statuses = Object.fromEntries(answers.map(([what, res]) => [what, res.status]));
    expect(statuses).toMatchObject({
      '404 unknown path': 404,
      '404 wrong method': 404,
      '400 bad path escape': 400,
      '401': 401,
      '413': 413,
      '415': 415,
    });
    for (const [what, res] of answers) {
      expect(res.headers.get('cache-control'), what).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    }
  });
});
