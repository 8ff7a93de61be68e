import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };

const stats = (overrides: Record<string, number> = {}) => ({
  totalAutomations: 0,
  completedAutomations: 0,
  activeAutomations: 0,
  totalTemplates: 9,
  connectedAccounts: 0,
  ...overrides,
});

function serveDashboard(
  api: FakeApi,
  options: { stats?: ReturnType<typeof stats>; automations?: unknown[]; popular?: unknown[] } = {},
) {
  api.on('GET', '/jobs/dashboard/stats', { status: 200, body: { data: options.stats ?? stats() } });
  api.on('GET', '/automation', {
    status: 200,
    body: { status: 'success', data: { automations: options.automations ?? [] } },
  });
  api.on('GET', '/templates/meta/popular?limit=4&view=card', {
    status: 200,
    body: { status: 'success', data: { templates: options.popular ?? [] } },
  });
}

const automation = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  jobId: id,
  templateId: 'linkedin-follower-extractor',
  displayName: 'LinkedIn Follower Extractor',
  platform: 'linkedin',
  status: 'pending',
  config: { filteringSettings: { maxProfiles: 100 } },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('dashboard without automations', () => {
  it('welcomes the user to Trobly with the 3 onboarding steps and the real counters', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api, { stats: stats({ connectedAccounts: 1 }) });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trobly!', level: 1 }, LONG)).toBeTruthy();

    const onboarding = within(await screen.findByRole('region', { name: 'Get started in 3 steps' }, LONG));
    const steps = onboarding.getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]?.textContent).toContain('Connect a platform');
    expect(steps[1]?.textContent).toContain('Choose a template');
    expect(steps[2]?.textContent).toContain('Start your automation');
    expect(onboarding.getByRole('link', { name: 'Connect Platform' }).getAttribute('href')).toBe(
      '/platforms',
    );
    expect(onboarding.getByRole('link', { name: 'Browse Templates' }).getAttribute('href')).toBe('/trobs');

    const counter = (name: string) => within(screen.getByRole('group', { name })).getByTestId('stat-value');
    expect(counter('Completed Automations').textContent).toBe('0');
    expect(counter('Available Templates').textContent).toBe('9');
    expect(counter('Connected Accounts').textContent).toBe('1');
    // DECISIONS 16: the counter names the two platforms it counts, with the catalogue's tags.
    expect(
      within(screen.getByRole('group', { name: 'Connected Accounts' })).getByText(
        'of 2 (LinkedIn, Twitter/X)',
      ),
    ).toBeTruthy();
  });

  it('links to a new automation, the connections, the automations and the pricing page', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api);
    renderApp('/dashboard');

    const main = within(await screen.findByRole('main', {}, LONG));
    expect((await main.findByRole('link', { name: 'New Automation' }, LONG)).getAttribute('href')).toBe(
      '/trobs',
    );
    expect(main.getByRole('link', { name: 'Manage connections' }).getAttribute('href')).toBe('/platforms');
    expect(main.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/automations');
    expect(main.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('leads every tutorial to the in-app Help page, not to an external help site', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api);
    renderApp('/dashboard');

    const tutorials = within(await screen.findByRole('region', { name: 'Tutorials' }, LONG));
    const links = tutorials.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Connect your LinkedIn account',
      'Run your first trob',
      'Export your leads',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/help');
      expect(link.getAttribute('target')).toBeNull();
    }
  });

  it('loads the stats, the automations and the 4 popular templates', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome to Trobly!' }, LONG);

    const paths = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /auth/me',
        'GET /jobs/dashboard/stats',
        'GET /automation',
        'GET /templates/meta/popular?limit=4&view=card',
      ]),
    );
  });

  it('only logs a failed load and still shows the page with zero counters', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    api.on('GET', '/jobs/dashboard/stats', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'boom' },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trobly!' }, LONG)).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    const counter = (name: string) => within(screen.getByRole('group', { name })).getByTestId('stat-value');
    await waitFor(() => expect(counter('Completed Automations').textContent).toBe('0'));
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it('is where / and an unknown path lead a signed-in user', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api);
    const { router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trobly!' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('dashboard with automations', () => {
  it('welcomes the user back, hides onboarding and lists the 3 newest, de-duplicated by template plus config', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    serveDashboard(api, {
      stats: stats({ totalAutomations: 4, completedAutomations: 1 }),
      automations: [
        automation('newest', { createdAt: '2026-11-24T10:00:00.000Z', status: 'pending' }),
        // The same template and config as 'newest' (keys in another order): not listed again.
        automation('older-duplicate', { createdAt: '2026-11-23T10:00:00.000Z', status: 'completed' }),
        automation('active-one', {
          createdAt: '2026-11-22T10:00:00.000Z',
          status: 'active',
          templateId: 'linkedin-search-export',
          displayName: 'LinkedIn Search Export',
        }),
        automation('completed-one', {
          createdAt: '2026-11-21T10:00:00.000Z',
          status: 'completed',
          config: { filteringSettings: { maxProfiles: 200 } },
        }),
        automation('fourth', { createdAt: '2026-11-20T10:00:00.000Z', status: 'failed', config: { x: 1 } }),
      ],
      popular: [
        { id: 'linkedin-search-export', displayName: 'LinkedIn Search Export', platform: 'linkedin' },
        { id: 'twitter-post-engagers', displayName: 'X Post Engagers', platform: 'twitter' },
      ],
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome Back!', level: 1 }, LONG)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get started in 3 steps' })).toBeNull();
    const recent = within(screen.getByRole('region', { name: 'Recent Automations' }));
    const links = recent
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/automations/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/automations/newest',
      '/automations/active-one',
      '/automations/completed-one',
    ]);
    expect(recent.getAllByText(/^(Active|Completed|Inactive)$/).map((b) => b.textContent)).toEqual([
      'Inactive',
      'Active',
      'Completed',
    ]);
    expect(recent.getByText(/Pending · created Nov 24, 2026/)).toBeTruthy();

    const popular = within(screen.getByRole('region', { name: 'Popular Templates' }));
    expect(popular.getByRole('link', { name: 'X Post Engagers' }).getAttribute('href')).toBe(
      '/trobs/twitter-post-engagers',
    );
    expect(popular.getByText('LinkedIn')).toBeTruthy();
    const counter = (name: string) => within(screen.getByRole('group', { name })).getByTestId('stat-value');
    expect(counter('Completed Automations').textContent).toBe('1');
  });
});
