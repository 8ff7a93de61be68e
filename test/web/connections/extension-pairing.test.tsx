import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TEXTS, MESSAGES } from '../../../shared/auth';
import type { PlatformConnection } from '../../../shared/connections';
import { PAIRING_TEXTS, type PairedMessage, type PairMessage } from '../../../shared/extension';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };

function connection(overrides: Partial<PlatformConnection> = {}): PlatformConnection {
  return {
    id: 'conn-1',
    platform: 'LINKEDIN',
    accountUsername: 'sandra-box',
    accountId: 'ACoAA-1',
    profileUrl: null,
    isActive: true,
    lastValidated: new Date().toISOString(),
    errorCount: 0,
    lastError: null,
    timeZone: 'Europe/Paris',
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

type PairAnswer = Omit<PairedMessage, 'source' | 'type' | 'requestId'>;

/**
 * The extension's content script as the page sees it: the marker on <html>, 'ready' in answer to
 * 'hello', and 'paired' in answer to 'pair', posted to this window from this origin.
 */
function installFakeExtension(
  options: {
    paired?: boolean;
    userId?: string;
    answer?: (message: PairMessage) => PairAnswer | undefined;
  } = {},
) {
  const received: Array<{ type: string } & Record<string, unknown>> = [];
  const reply = (message: Record<string, unknown>, origin = window.location.origin) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'trobly-extension', ...message },
        origin,
        source: window,
      }),
    );
  const listener = (event: MessageEvent) => {
    const data = event.data as { source?: string; type: string } & Record<string, unknown>;
    if (data?.source !== 'trobly-app') return;
    received.push(data);
    if (data.type === 'hello')
      reply({
        type: 'ready',
        version: '0.1.0',
        paired: options.paired ?? false,
        ...(options.userId ? { userId: options.userId } : {}),
      });
    if (data.type === 'pair') {
      const answer = options.answer?.(data as unknown as PairMessage);
      if (answer) reply({ type: 'paired', requestId: data.requestId, ...answer });
    }
  };
  document.documentElement.dataset.troblyExtension = '0.1.0';
  window.addEventListener('message', listener);
  uninstall = () => {
    window.removeEventListener('message', listener);
    delete document.documentElement.dataset.troblyExtension;
  };
  return { received, reply };
}

let uninstall = () => {};
afterEach(() => {
  uninstall();
  uninstall = () => {};
});

const PAIR_ANSWER = {
  status: 201,
  body: {
    data: {
      accessToken: 'ext-access',
      refreshToken: 'ext-refresh',
      expiresIn: 900,
      user: makeUser(),
    },
    message: 'Extension paired',
  },
};

async function openPlatforms(api: FakeApi, list: () => PlatformConnection[]) {
  api.on('GET', '/users/platforms', () => ({ status: 200, body: { data: { platforms: list() } } }));
  signInAs(api, makeUser());
  const user = userEvent.setup();
  renderApp('/platforms');
  await screen.findByRole('heading', { name: 'Platform Connections', level: 1 }, LONG);
  return user;
}

describe('pairing the browser extension on /platforms', () => {
  it('offers Pair extension instead of the download, hands the pairing tokens over, lists the synced platforms and re-reads the list', async () => {
    const api = installFakeApi();
    const list: PlatformConnection[] = [];
    api.on('POST', '/users/extension/pair', PAIR_ANSWER);
    const extension = installFakeExtension({
      answer: () => {
        list.push(connection());
        return { ok: true, synced: ['linkedin'], failed: [] };
      },
    });
    const user = await openPlatforms(api, () => list);

    expect(await screen.findByRole('heading', { name: 'No Platforms Connected' }, LONG)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download Extension' })).toBeNull();
    expect(screen.getByText(/Pair the extension with your account, then log in/)).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Pair extension' })[0]!);
    expect(await screen.findByText('Extension paired. Synced: LinkedIn.', {}, LONG)).toBeTruthy();

    const [pairCall] = api.callsTo('POST', '/users/extension/pair');
    expect(pairCall?.authorization).toBe('Bearer access-1');
    const pair = extension.received.find((m) => m.type === 'pair');
    expect(pair).toMatchObject({
      source: 'trobly-app',
      type: 'pair',
      accessToken: 'ext-access',
      refreshToken: 'ext-refresh',
      expiresIn: 900,
      userId: 'user-1',
    });
    expect(pair?.requestId).toMatch(/^[a-z0-9-]+$/);

    await waitFor(() => expect(screen.getAllByTestId('connection')).toHaveLength(1), LONG);
    expect(within(screen.getByTestId('connection')).getByText('sandra-box')).toBeTruthy();
    expect(api.callsTo('GET', '/users/platforms').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByTestId('extension-paired').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('button', { name: 'Pair extension' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Browser extension' })).toBeTruthy();
  });

  it("says so when nothing was signed in, and shows each platform's refusal in red", async () => {
    const api = installFakeApi();
    api.on('POST', '/users/extension/pair', PAIR_ANSWER);
    installFakeExtension({
      answer: () => ({
        ok: true,
        synced: [],
        failed: [{ platform: 'twitter', message: 'Twitter is not included in your plan.' }],
      }),
    });
    const user = await openPlatforms(api, () => []);

    await user.click((await screen.findAllByRole('button', { name: 'Pair extension' }, LONG))[0]!);
    expect(
      await screen.findByText(/Extension paired\. Log in to LinkedIn, X or Instagram/, {}, LONG),
    ).toBeTruthy();
    expect(screen.getByText('Twitter is not included in your plan.')).toBeTruthy();
  });

  it("shows the extension's error, and the API's refusal without handing anything to the extension", async () => {
    const api = installFakeApi();
    api.on('POST', '/users/extension/pair', PAIR_ANSWER);
    const extension = installFakeExtension({
      answer: () => ({
        ok: false,
        synced: [],
        failed: [],
        error: 'Trobly refused the pairing. Please try again.',
      }),
    });
    const user = await openPlatforms(api, () => []);

    await user.click((await screen.findAllByRole('button', { name: 'Pair extension' }, LONG))[0]!);
    expect(await screen.findByText('Trobly refused the pairing. Please try again.', {}, LONG)).toBeTruthy();
    expect(screen.queryByTestId('extension-paired')).toBeNull();

    api.on('POST', '/users/extension/pair', {
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Please verify your email address first.' },
    });
    const pairsBefore = extension.received.filter((m) => m.type === 'pair').length;
    await user.click(screen.getAllByRole('button', { name: 'Pair extension' })[0]!);
    expect(await screen.findByText('Please verify your email address first.', {}, LONG)).toBeTruthy();
    expect(extension.received.filter((m) => m.type === 'pair')).toHaveLength(pairsBefore);
  });

  it('asks for the password when the API wants a recent sign-in, shows a wrong one on the field, and pairs with the right one', async () => {
    const api = installFakeApi();
    api.on('POST', '/users/extension/pair', (call) => {
      const password = (call.body as { password?: string } | undefined)?.password;
      if (password === undefined)
        return {
          status: 403,
          body: {
            code: 'FORBIDDEN',
            message: PAIRING_TEXTS.passwordNeeded,
            issues: [{ path: 'password', message: PAIRING_TEXTS.passwordNeeded }],
          },
        };
      if (password !== 'Right-Pass1')
        return {
          status: 400,
          body: {
            code: 'VALIDATION_ERROR',
            message: AUTH_TEXTS.passwordWrong,
            issues: [{ path: 'password', message: AUTH_TEXTS.passwordWrong }],
          },
        };
      return PAIR_ANSWER;
    });
    const extension = installFakeExtension({
      answer: () => ({ ok: true, synced: ['linkedin'], failed: [] }),
    });
    const user = await openPlatforms(api, () => []);

    await user.click((await screen.findAllByRole('button', { name: 'Pair extension' }, LONG))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' }, LONG);
    expect(within(dialog).getByText(PAIRING_TEXTS.passwordNeeded)).toBeTruthy();
    expect(extension.received.some((m) => m.type === 'pair')).toBe(false);

    // Empty: said on the field, nothing sent.
    const callsBefore = api.callsTo('POST', '/users/extension/pair').length;
    await user.click(within(dialog).getByRole('button', { name: 'Pair extension' }));
    expect(await within(dialog).findByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/users/extension/pair')).toHaveLength(callsBefore);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-Pass1{Enter}');
    expect(await within(dialog).findByText(AUTH_TEXTS.passwordWrong, {}, LONG)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Right-Pass1{Enter}');
    expect(await screen.findByText('Extension paired. Synced: LinkedIn.', {}, LONG)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LONG);
    expect(api.callsTo('POST', '/users/extension/pair').at(-1)?.body).toEqual({ password: 'Right-Pass1' });
    expect(extension.received.filter((m) => m.type === 'pair')).toHaveLength(1);
  });

  it('shows Extension paired when the extension is paired with this account', async () => {
    const api = installFakeApi();
    installFakeExtension({ paired: true, userId: 'user-1' });
    await openPlatforms(api, () => [connection()]);
    expect((await screen.findAllByTestId('extension-paired', {}, LONG)).length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByRole('button', { name: 'Pair again' }).length).toBeGreaterThanOrEqual(1);
  });

  it('offers pairing when the extension is paired with someone else', async () => {
    const api = installFakeApi();
    installFakeExtension({ paired: true, userId: 'someone-else' });
    await openPlatforms(api, () => [connection()]);
    await waitFor(
      () => expect(screen.getAllByRole('button', { name: 'Pair extension' }).length).toBe(2),
      LONG,
    );
    expect(screen.queryByTestId('extension-paired')).toBeNull();
    expect(screen.getByRole('region', { name: 'Pair the browser extension' })).toBeTruthy();
  });

  it('ignores extension messages from another origin or another window', async () => {
    const api = installFakeApi();
    await openPlatforms(api, () => []);
    expect(await screen.findByRole('heading', { name: 'No Platforms Connected' }, LONG)).toBeTruthy();

    const ready = { source: 'trobly-extension', type: 'ready', version: '9.9.9', paired: false };
    window.dispatchEvent(
      new MessageEvent('message', { data: ready, origin: 'https://evil.example', source: window }),
    );
    window.dispatchEvent(new MessageEvent('message', { data: ready, origin: window.location.origin }));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('button', { name: 'Pair extension' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Download Extension' }).length).toBeGreaterThanOrEqual(2);
  });
});
