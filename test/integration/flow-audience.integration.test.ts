import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceItemKey } from '../../functions/flows/audience-repository';
import { INDUSTRY } from '../../functions/flows/templates/audiences';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { closeSharedBrowser } from '../../functions/platforms/browser';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { BUDGETS, PLATFORM_LIMIT_REST_MS } from '../../functions/safety/budgets';
import { createGovernor, nextDay, periodsOf } from '../../functions/safety/governor';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { facetedSearch } from '../../scripts/sandbox-platforms/linkedin-facets';
import { indexWorld } from '../../scripts/sandbox-platforms/world-index';
import { FLOW_API_TEXTS } from '../../shared/flow-api';
import { AUDIENCE_CACHE_SECONDS, audienceFacets } from '../../shared/flow-audience';
import type { TargetingSettingsInput } from '../../shared/flows';
import { RUN_TEXTS } from '../../shared/run-texts';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { setEnv } from '../support/integration-env';
import { expireItem, getItem } from '../support/table-items';
import { newUser } from '../support/users';

/**
 * The flow wizard's audience preview (issue 36 point 2), `POST /api/flows/audience`, through the local
 * gateway as its function of the stacks (its Chromium, its rights), on DynamoDB Local and the sandbox
 * LinkedIn: the platform's own count for step 1's facets, one search of the account's budget, kept
 * 10 minutes; no search when the budget is spent; PLUS only, like every flow route.
 */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv({ ...sandbox.env, PACING_SCALE: '0' });
});

afterAll(async () => {
  await closeSharedBrowser();
  await env?.close();
  await sandbox?.stop();
});

const template = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;
const example = template.examples[0]!;

const as = (user: TestUser) => ({ token: user.accessToken });
const countFor = (user: TestUser, targetingSettings: TargetingSettingsInput) =>
  api.post('/api/flows/audience', { targetingSettings }, as(user));

/** The sandbox LinkedIn's own count of the people its faceted search finds for the owner's session. */
function sandboxCount(targeting: TargetingSettingsInput): number {
  const world = sandbox.sites.linkedin.world;
  return facetedSearch(
    indexWorld(world),
    {
      keywords: targeting.keywords,
      industries: targeting.industries,
      countries: targeting.locations,
      titles: targeting.jobTitles ?? [],
      companySizes: targeting.companySize ?? [],
    },
    world.owner.id,
  ).length;
}

/** Every request the sandbox LinkedIn counted, all sessions together (its health route's tally). */
async function platformRequests(): Promise<number> {
  const res = await fetch(`${sandbox.sites.linkedin.url}/__sandbox/health`);
  const body = (await res.json()) as { actions: Record<string, { actions: number }> };
  return Object.values(body.actions).reduce((sum, session) => sum + session.actions, 0);
}

/** The user's connected LinkedIn account, as its budgets are kept. */
async function accountOf(user: TestUser) {
  const res = await api.get('/api/users/platforms', as(user));
  expect(res.status, res.text).toBe(200);
  const connection = (
    res.body.data.platforms as { id: string; platform: string; lastError: string | null }[]
  ).find((c) => c.platform === 'LINKEDIN')!;
  return { account: { workspaceId: user.id, connectionId: connection.id }, lastError: connection.lastError };
}

const searchesToday = async (account: { workspaceId: string; connectionId: string }) =>
  (await budgetUsed(account, 'searches', periodsOf(new Date()))).daily;

const plusWithLinkedIn = () => newUser({ plan: 'PLUS', connect: ['linkedin'] });

describe('POST /api/flows/audience', () => {
  it('answers the sandbox’s own count for a template example’s facets, for one search of the account’s budget', async () => {
    const ada = await plusWithLinkedIn();
    const { account } = await accountOf(ada);
    const expected = sandboxCount(example.config.targetingSettings);
    expect(expected).toBeGreaterThan(0);

    const res = await countFor(ada, example.config.targetingSettings);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ audience: { count: expected, state: 'counted' } });
    expect(await searchesToday(account)).toBe(1);
    // Kept 10 minutes for the account and these facets.
    const kept = await getItem(audienceItemKey(account, audienceFacets(example.config.targetingSettings)));
    expect(kept).toMatchObject({ count: expected });
    const lifetime = Number(kept?.expiresAt) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(AUDIENCE_CACHE_SECONDS - 60);
    expect(lifetime).toBeLessThanOrEqual(AUDIENCE_CACHE_SECONDS);
  });

  it('answers the same facets again from its count, with no search, however they are ordered or spaced', async () => {
    const ada = await plusWithLinkedIn();
    const { account } = await accountOf(ada);
    const first = await countFor(ada, example.config.targetingSettings);
    expect(first.status, first.text).toBe(200);
    const requests = await platformRequests();

    const t = example.config.targetingSettings;
    const again = await countFor(ada, {
      ...t,
      keywords: `  ${t.keywords.split(' ').join('   ')} `,
      industries: [...t.industries].reverse(),
      locations: [...t.locations].reverse(),
      minimumMatch: 'hot',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.audience).toEqual(first.body.data.audience);
    expect(await platformRequests()).toBe(requests);
    expect(await searchesToday(account)).toBe(1);

    // Ten minutes on, the count is asked of the platform again.
    await expireItem(audienceItemKey(account, audienceFacets(t)));
    const later = await countFor(ada, t);
    expect(later.body.data.audience).toEqual(first.body.data.audience);
    expect(await platformRequests()).toBeGreaterThan(requests);
    expect(await searchesToday(account)).toBe(2);
  });

  it('answers 0, counted, for facets that match nobody', async () => {
    const ada = await plusWithLinkedIn();
    const nobody = { ...example.config.targetingSettings, keywords: 'zyxwvut' };
    expect(sandboxCount(nobody)).toBe(0);
    const res = await countFor(ada, nobody);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.audience).toEqual({ count: 0, state: 'counted' });
  });

  it('says the search budget is used up, until when, and searches nothing, when the account spent it', async () => {
    const ada = await plusWithLinkedIn();
    const { account } = await accountOf(ada);
    const governor = createGovernor({ account, platform: 'linkedin', now: () => new Date(), pacingScale: 0 });
    const daily = BUDGETS.linkedin.searches.daily;
    expect((await governor.take('searches', daily)).ok).toBe(true);
    const requests = await platformRequests();

    const res = await countFor(ada, example.config.targetingSettings);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.audience).toEqual({
      count: null,
      state: 'no-budget',
      retryAt: nextDay(new Date()).toISOString(),
    });
    expect(await platformRequests()).toBe(requests);
    expect(await searchesToday(account)).toBe(daily);
  });

  it('says to connect LinkedIn when the workspace has no LinkedIn account, and searches nothing', async () => {
    const ada = await newUser({ plan: 'PLUS', connect: ['twitter'] });
    const requests = await platformRequests();
    const res = await countFor(ada, example.config.targetingSettings);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.audience).toEqual({ count: null, state: 'no-connection' });
    expect(await platformRequests()).toBe(requests);
  });

  it('refuses a workspace below PLUS as the flow routes do, before any search', async () => {
    const below = await Promise.all(
      (['PRO', 'FREE'] as const).map((plan) => newUser({ plan, connect: ['linkedin'] })),
    );
    // Connecting asked the platform who the session is: counted from here on.
    const requests = await platformRequests();
    for (const bob of below) {
      const res = await countFor(bob, example.config.targetingSettings);
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: FLOW_API_TEXTS.plusOnly });
      expect(await searchesToday((await accountOf(bob)).account)).toBe(0);
    }
    expect(await platformRequests()).toBe(requests);
    const anonymous = await api.post('/api/flows/audience', {
      targetingSettings: example.config.targetingSettings,
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses facets the wizard refuses (an industry LinkedIn does not list, no location) with the field’s message', async () => {
    const ada = await plusWithLinkedIn();
    const unknown = await countFor(ada, { ...example.config.targetingSettings, industries: ['999999'] });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.body.issues).toEqual([
      { path: 'targetingSettings.industries.0', message: 'Choose industries from the list' },
    ]);
    const nowhere = await countFor(ada, { ...example.config.targetingSettings, locations: [] });
    expect(nowhere.status, nowhere.text).toBe(400);
    expect(nowhere.body.message).toBe('At least one location is required');
  });

  it('rests the account’s searches when LinkedIn answers with its limit, as a run would, and says when they are back', async () => {
    const ada = await plusWithLinkedIn();
    const { account } = await accountOf(ada);
    // Every request past the landing page is over LinkedIn's limit.
    sandbox.sites.linkedin.setFailures({ rateLimitAfter: 1 });
    const before = Date.now();
    let res: Awaited<ReturnType<typeof countFor>>;
    try {
      res = await countFor(ada, { ...example.config.targetingSettings, keywords: 'operations' });
    } finally {
      sandbox.sites.linkedin.setFailures({ clear: true });
    }
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.audience).toMatchObject({ count: null, state: 'no-budget' });
    const restUntil = (await budgetUsed(account, 'searches', periodsOf(new Date()))).restUntil;
    expect(res.body.data.audience.retryAt).toBe(restUntil);
    expect(Date.parse(restUntil!) - before).toBeGreaterThanOrEqual(PLATFORM_LIMIT_REST_MS - 60_000);
    // The search was made: its take stays counted.
    expect(await searchesToday(account)).toBe(1);
  });

  it('says the account needs attention, and flags it as a run would, when LinkedIn shows a challenge', async () => {
    const ada = await plusWithLinkedIn();
    const { account } = await accountOf(ada);
    sandbox.sites.linkedin.setChallenge(true);
    try {
      const res = await countFor(ada, {
        ...example.config.targetingSettings,
        industries: [INDUSTRY.fundraising],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.audience).toEqual({ count: null, state: 'needs-attention' });
    } finally {
      sandbox.sites.linkedin.setChallenge(false);
    }
    expect((await accountOf(ada)).lastError).toBe(RUN_TEXTS.challenge('LinkedIn'));
    // The search the wall kept from happening went back to the budget.
    expect(await searchesToday(account)).toBe(0);
  });
});
