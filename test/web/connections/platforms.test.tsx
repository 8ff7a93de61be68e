import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformConnection } from '../../../shared/connections';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function connection(overrides: Partial<PlatformConnection> = {}): PlatformConnection {
  return {
    id: 'conn-1',
    platform: 'LINKEDIN',
    accountUsername: 'ada-l',
    accountId: 'urn-li-1',
    profileUrl: 'https://www.linkedin.com/in/ada-l',
    isActive: true,
    lastValidated: daysAgo(1),
    errorCount: 0,
    lastError: null,
    timeZone: 'Europe/Paris',
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

function serveList(api: FakeApi, list: () => PlatformConnection[]) {
  api.on('GET', '/users/platforms', () => ({ status: 200, body: { data: { platforms: list() } } }));
}

async function openPlatforms(api: FakeApi) {
  signInAs(api, makeUser());
  const user = userEvent.setup();
  const view = renderApp('/platforms');
  await screen.findByRole('heading', { name: 'Platform Connections', level: 1 }, LONG);
  return { user, ...view };
}

const rows = () => screen.getAllByTestId('connection');
const row = (label: string) => within(screen.getByRole('listitem', { name: `${label} connection` }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('platform connections list', () => {
  it('shows each account with its spec 4 status label and details', async () => {
    const api = installFakeApi();
    serveList(api, () => [
      connection({ id: 'fresh' }),
      connection({ id: 'stale', platform: 'TWITTER', accountUsername: 'ada_x', lastValidated: daysAgo(8) }),
      connection({
        id: 'errors',
        platform: 'INSTAGRAM',
        accountUsername: 'ada.gram',
        errorCount: 2,
        lastError: 'Session expired',
      }),
      connection({ id: 'off', isActive: false, accountUsername: 'old', lastValidated: null, timeZone: null }),
    ]);
    await openPlatforms(api);

    await waitFor(() => expect(rows()).toHaveLength(4), LONG);
    const statuses = screen.getAllByTestId('connection-status').map((badge) => badge.textContent);
    expect(statuses).toEqual(['Connected', 'Needs Validation', 'Issues Detected', 'Disconnected']);

    const first = within(rows()[0]!);
    expect(first.getByText('LinkedIn')).toBeTruthy();
    expect(first.getByText('ada-l')).toBeTruthy();
    expect(first.getByText('urn-li-1')).toBeTruthy();
    expect(first.getByText('Mar 14, 2025')).toBeTruthy();
    const profile = first.getByRole('link', { name: 'Open LinkedIn profile' });
    expect(profile.getAttribute('href')).toBe('https://www.linkedin.com/in/ada-l');
    expect(profile.getAttribute('target')).toBe('_blank');

    expect(within(rows()[2]!).getByTestId('connection-error').textContent).toContain('Session expired');
    expect(within(rows()[3]!).getByText('Never')).toBeTruthy();
    // DECISIONS 29: limits reset at midnight in the zone of the browser that synced, UTC until one said.
    expect(first.getByText('Midnight, Europe/Paris time')).toBeTruthy();
    expect(within(rows()[3]!).getByText('Midnight, UTC (no browser zone yet)')).toBeTruthy();

    // Connections exist: the install-extension card shows, and Download Extension is at the top.
    expect(screen.getByRole('region', { name: 'Install the browser extension' })).toBeTruthy();
    const downloads = screen.getAllByRole('link', { name: 'Download Extension' });
    expect(downloads[0]?.getAttribute('href')).toBe('/extension/trobly-extension.zip');
  });

  it('shows where each account stands in its warm-up and why its invitations are limited', async () => {
    const api = installFakeApi();
    serveList(api, () => [
      connection({ id: 'new', warmUp: null, invitationLimit: null }),
      connection({
        id: 'ramping',
        platform: 'TWITTER',
        accountUsername: 'ada_x',
        warmUp: { startedAt: daysAgo(3), day: 3, share: 0.2 + 0.8 * (3 / 14) },
        invitationLimit: {
          factor: 0.5,
          until: '2026-12-02T10:00:00.000Z',
          reason: 'low-acceptance',
          rate: 0.08,
        },
      }),
      connection({
        id: 'warm',
        platform: 'INSTAGRAM',
        accountUsername: 'ada.gram',
        warmUp: { startedAt: daysAgo(20), day: 20, share: 1 },
        invitationLimit: { factor: 0.5, until: '2026-12-02T10:00:00.000Z', reason: 'limit-signal' },
      }),
    ]);
    await openPlatforms(api);
    await waitFor(() => expect(rows()).toHaveLength(3), LONG);

    const [fresh, ramping, warm] = rows().map((r) => within(r));
    expect(fresh!.getByText('Starts with its first invitation, message, like or comment')).toBeTruthy();
    expect(fresh!.getByText('Full daily and weekly limits')).toBeTruthy();
    expect(ramping!.getByText('Day 4 of 14: 37% of its daily and weekly limits')).toBeTruthy();
    expect(
      ramping!.getByText(
        '50% of the usual limits until Dec 2: only 8% of the last 50 invitations were accepted (below 15%). ' +
          'They come back step by step as acceptance recovers.',
      ),
    ).toBeTruthy();
    expect(warm!.getByText('Done: full limits')).toBeTruthy();
    expect(
      warm!.getByText(
        '50% of the usual limits until Dec 2: the platform showed a limit on invitations. They come back step by step.',
      ),
    ).toBeTruthy();
  });

  it("shows 'No Platforms Connected' with the Download Extension button when there are none", async () => {
    const api = installFakeApi();
    serveList(api, () => []);
    await openPlatforms(api);

    expect(await screen.findByRole('heading', { name: 'No Platforms Connected' }, LONG)).toBeTruthy();
    expect(screen.getByText(/Install the browser extension, log in/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Download Extension' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('region', { name: 'Install the browser extension' })).toBeNull();
  });

  it("says 'Failed to load platform connections' and retries on request", async () => {
    const api = installFakeApi();
    let fail = true;
    api.on('GET', '/users/platforms', () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }
        : { status: 200, body: { data: { platforms: [connection()] } } },
    );
    const { user } = await openPlatforms(api);

    expect(await screen.findByText('Failed to load platform connections', {}, LONG)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);
  });
});

describe('re-validate', () => {
  it("toasts '{Platform} connection validated' and re-reads the list", async () => {
    const api = installFakeApi();
    serveList(api, () => [connection()]);
    api.on('PUT', '/users/platforms/conn-1/validate', {
      status: 200,
      body: { data: { platform: connection() }, message: 'LinkedIn connection validated' },
    });
    const { user } = await openPlatforms(api);
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);

    await user.click(row('LinkedIn').getByRole('button', { name: 'Re-validate' }));
    expect(await screen.findByText('LinkedIn connection validated', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/users/platforms')).toHaveLength(2));
  });

  it("shows the server's message on failure, else 'Failed to validate connection', and re-reads", async () => {
    const api = installFakeApi();
    serveList(api, () => [connection()]);
    api.on('PUT', '/users/platforms/conn-1/validate', {
      status: 409,
      body: {
        code: 'CONFLICT',
        message: 'Your LinkedIn session has expired. Sync again from the extension.',
      },
    });
    const { user } = await openPlatforms(api);
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);

    await user.click(row('LinkedIn').getByRole('button', { name: 'Re-validate' }));
    expect(
      await screen.findByText('Your LinkedIn session has expired. Sync again from the extension.', {}, LONG),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/users/platforms')).toHaveLength(2));

    api.on('PUT', '/users/platforms/conn-1/validate', { status: 502 });
    await user.click(row('LinkedIn').getByRole('button', { name: 'Re-validate' }));
    expect(await screen.findByText('Failed to validate connection', {}, LONG)).toBeTruthy();
  });
});

describe('disconnect', () => {
  it('asks the spec 5 question, then toasts the server message and drops the row', async () => {
    const api = installFakeApi();
    let list = [connection(), connection({ id: 'conn-2', platform: 'TWITTER', accountUsername: 'ada_x' })];
    serveList(api, () => list);
    api.on('DELETE', '/users/platforms/conn-2', () => {
      list = list.filter((item) => item.id !== 'conn-2');
      return { status: 200, body: { message: 'Twitter account disconnected' } };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openPlatforms(api);
    await waitFor(() => expect(rows()).toHaveLength(2), LONG);

    await user.click(row('Twitter').getByRole('button', { name: 'Disconnect' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to disconnect your Twitter account?');
    expect(await screen.findByText('Twitter account disconnected', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);
  });

  it('does nothing when the question is declined, and says so on failure', async () => {
    const api = installFakeApi();
    serveList(api, () => [connection()]);
    api.on('DELETE', '/users/platforms/conn-1', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await openPlatforms(api);
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);

    await user.click(row('LinkedIn').getByRole('button', { name: 'Disconnect' }));
    expect(api.callsTo('DELETE', '/users/platforms/conn-1')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(row('LinkedIn').getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect platform', {}, LONG)).toBeTruthy();
  });
});

describe('sandbox card', () => {
  it('connects a sandbox account, which then shows in the list', async () => {
    const api = installFakeApi();
    const list: PlatformConnection[] = [];
    serveList(api, () => list);
    api.on('POST', '/users/platforms/sandbox', (call) => {
      const made = connection({ id: 'sb-1', accountUsername: 'sandbox-owner', accountId: 'sandbox-1' });
      list.push(made);
      // The browser's own zone goes along: the account's quota days follow it (DECISIONS 29).
      expect(call.body).toEqual({
        platform: 'linkedin',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      return { status: 201, body: { data: { platform: made }, message: 'LinkedIn account connected' } };
    });
    const { user } = await openPlatforms(api);

    const card = within(screen.getByRole('region', { name: 'Connect sandbox account' }));
    expect(card.getByText(/no real account is used/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No Platforms Connected' }, LONG)).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Connect sandbox LinkedIn' }));
    expect(await screen.findByText('LinkedIn account connected', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1), LONG);
    expect(within(rows()[0]!).getByText('sandbox-owner')).toBeTruthy();
  });

  it('shows a plan refusal, and says the sandbox is not available on a 404', async () => {
    const api = installFakeApi();
    serveList(api, () => []);
    api.on('POST', '/users/platforms/sandbox', (call) =>
      (call.body as { platform: string }).platform === 'twitter'
        ? { status: 403, body: { code: 'FORBIDDEN', message: 'Twitter is not included in your plan.' } }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Sandbox accounts are not available here.' } },
    );
    const { user } = await openPlatforms(api);
    const card = within(screen.getByRole('region', { name: 'Connect sandbox account' }));

    await user.click(card.getByRole('button', { name: 'Connect sandbox Twitter' }));
    expect((await card.findAllByText('Twitter is not included in your plan.', {}, LONG)).length).toBe(1);

    await user.click(card.getByRole('button', { name: 'Connect sandbox Instagram' }));
    expect(await card.findByText('The sandbox is not available on this server.', {}, LONG)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Connect sandbox LinkedIn' })).toBeNull();
  });
});
