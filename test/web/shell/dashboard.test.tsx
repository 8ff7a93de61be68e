import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from './fake-api';

const LONG = { timeout: 5000 };

describe('dashboard without automations', () => {
  it('welcomes the user to Trobly with the 3 onboarding steps and zero counters', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trobly!', level: 1 }, LONG)).toBeTruthy();

    const onboarding = within(screen.getByRole('region', { name: 'Get started in 3 steps' }));
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
    expect(counter('Available Templates').textContent).toBe('0');
    expect(counter('Connected Accounts').textContent).toBe('0');
  });

  it('links to a new automation, the connections, the automations and the pricing page', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp('/dashboard');

    const main = within(await screen.findByRole('main', {}, LONG));
    expect((await main.findByRole('link', { name: 'New Automation' }, LONG)).getAttribute('href')).toBe(
      '/trobs',
    );
    expect(main.getByRole('link', { name: 'Manage connections' }).getAttribute('href')).toBe('/platforms');
    expect(main.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/automations');
    expect(main.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('calls no API that does not exist yet: only the session is loaded', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome to Trobly!' }, LONG);

    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /auth/me']);
  });

  it('is where / and an unknown path lead a signed-in user', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const { router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trobly!' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
