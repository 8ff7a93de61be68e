import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_COLLAPSED_KEY } from '../../../web/src/app/shell/sidebar-state';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

/** Lazy pages load on first use; give them more than the default second. */
const LONG = { timeout: 5000 };

/**
 * The sidebar's links, as a phone user reaches them (jsdom has a small screen): the menu renders its
 * links when it is first opened, so the burger opens it unless that already happened.
 */
async function sidebar() {
  const nav = await screen.findByRole('navigation', { name: 'Main' }, LONG);
  const burger = screen.queryByRole('button', { name: 'Open navigation' });
  if (burger && within(nav).queryAllByRole('link').length === 0) fireEvent.click(burger);
  return within(nav);
}

describe('app shell sidebar', () => {
  it('lists every link of spec 2.2, with /platforms labelled Connections', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const user = userEvent.setup();
    renderApp('/dashboard');

    const nav = await sidebar();
    const href = (name: string) => nav.getByRole('link', { name }).getAttribute('href');
    expect(href('Dashboard')).toBe('/dashboard');
    expect(href('Trobs')).toBe('/trobs');
    expect(href('Flows')).toBe('/flows');
    expect(href('Connections')).toBe('/platforms');
    expect(href('Pricing')).toBe('/pricing');
    expect(href('Profile')).toBe('/profile');

    // Automations is a dropdown holding the active and completed lists.
    await user.click(nav.getByRole('button', { name: 'Automations' }));
    expect((await nav.findByRole('link', { name: 'Active' })).getAttribute('href')).toBe(
      '/automations/active',
    );
    expect(href('Completed')).toBe('/automations/completed');

    // No help site exists yet: the Help Center is the in-app Help page (DECISIONS 17).
    const help = nav.getByRole('link', { name: 'Help Center' });
    expect(help.getAttribute('href')).toBe('/help');
    expect(help.getAttribute('target')).toBeNull();
    expect(nav.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('marks the link of the current page', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp('/profile');

    const nav = await sidebar();
    expect(nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('signs out and goes to /login even when the server refuses the sign-out', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    api.on('POST', '/auth/logout', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal error' },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');

    await user.click((await sidebar()).getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('remembers a collapsed sidebar and shows icons only on a wide screen', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const restore = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...restore(query), matches: query.includes('min-width') });
    try {
      const user = userEvent.setup();
      const first = renderApp('/dashboard');
      const nav = await sidebar();
      expect(nav.getByText('Dashboard')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

      expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
      // Icons only: the label is gone from view but stays the link's accessible name.
      expect(nav.queryByText('Dashboard')).toBeNull();
      expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');

      first.unmount();
      renderApp('/dashboard');
      expect(await screen.findByRole('button', { name: 'Expand sidebar' }, LONG)).toBeTruthy();
    } finally {
      window.matchMedia = restore;
    }
  });

  it('opens the sidebar as a slide-over with the burger on a small screen', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const user = userEvent.setup();
    renderApp('/dashboard');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }, LONG));
    // Closed, the menu has not rendered its links yet (a phone's first load does less work).
    expect(nav.queryAllByRole('link')).toHaveLength(0);

    const burger = screen.getByRole('button', { name: 'Open navigation' });
    await user.click(burger);

    expect(screen.getByRole('button', { name: 'Close navigation' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('app shell plan badge', () => {
  it("shows a trial user 'Free Trial', the trial's end date and 'Upgrade Plan'", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'TRIAL', trialEndsAt: '2030-01-15T12:00:00.000Z' }));
    renderApp('/dashboard');

    const header = within(await screen.findByRole('banner', {}, LONG));
    expect(await header.findByText('Free Trial', {}, LONG)).toBeTruthy();
    expect(header.getByText('Trial ends Jan 15, 2030')).toBeTruthy();
    expect(header.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows a trial user the days remaining beside the end date, rounded up, and 0 once it has passed', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const cases: Array<[number, string]> = [
      [2 * DAY + 60_000, '(3 days left)'],
      [60 * 60 * 1000, '(1 day left)'],
      [-DAY, '(0 days left)'],
    ];
    for (const [left, text] of cases) {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'TRIAL', trialEndsAt: new Date(Date.now() + left).toISOString() }));
      const { unmount } = renderApp('/dashboard');
      const header = within(await screen.findByRole('banner', {}, LONG));
      expect(await header.findByText(/^Trial ends /, {}, LONG)).toBeTruthy();
      expect(header.getByText(text)).toBeTruthy();
      unmount();
    }
  });

  it("shows 'Pro Plan' to a PRO user, without 'Upgrade Plan'", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'PRO' }));
    renderApp('/dashboard');

    const header = within(await screen.findByRole('banner', {}, LONG));
    expect(await header.findByText('Pro Plan', {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    expect(header.queryByText(/Trial ends/)).toBeNull();
    expect(header.queryByText(/days? left/)).toBeNull();
  });

  it("offers 'Upgrade Plan' to a BASE user", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'BASE' }));
    renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'Upgrade Plan' }, LONG)).toBeTruthy();
  });
});

describe('screens in the shell', () => {
  it.each([
    ['/exports', 'Exports'],
    ['/help', 'Help'],
  ])('shows %s as a coming-soon placeholder inside the shell', async (path, title) => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp(path);

    expect(await screen.findByRole('heading', { name: title, level: 1 }, LONG)).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('keeps the shell around /pricing for a signed-in user, and the public header for a visitor', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const first = renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' }, LONG)).toBeTruthy();
    expect((await sidebar()).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    first.unmount();

    window.localStorage.clear();
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' }, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });
});

describe('signing out in another tab', () => {
  it('signs this tab out at once and sends it to /login', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const { router } = renderApp('/profile');
    (await sidebar()).getByRole('button', { name: 'Sign Out' });

    // What the other tab's sign-out looks like from here: the shared entry disappears.
    const oldValue = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: TOKEN_STORAGE_KEY,
        oldValue,
        newValue: null,
        storageArea: window.localStorage,
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LONG);
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(0);
  });

  it('keeps this tab signed in when the other tab renews the session', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const { router } = renderApp('/profile');
    (await sidebar()).getByRole('button', { name: 'Sign Out' });

    const oldValue = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    const renewed = JSON.stringify({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: Date.now() + 900_000,
    });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, renewed);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: TOKEN_STORAGE_KEY,
        oldValue,
        newValue: renewed,
        storageArea: window.localStorage,
      }),
    );

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/profile');
  });
});
