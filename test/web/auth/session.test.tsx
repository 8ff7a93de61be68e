import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '../../../shared/team-texts';
import { get, post } from '../../../web/src/lib/api-client';
import { type SessionEvent, subscribeSession } from '../../../web/src/lib/session/session-client';
import { readTokens, TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { installFakeApi, makeUser } from '../support/fake-api';
import { renderAuthApp, standIn } from './render';

const stored = (storage: Storage = window.localStorage) =>
  JSON.parse(storage.getItem(TOKEN_STORAGE_KEY) ?? 'null') as {
    accessToken: string;
    refreshToken: string;
  } | null;

describe('session renewal', () => {
  it('renews once through auth/refresh on a 401, retries the call and stores the rotated tokens', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const user = userEvent.setup();
    renderAuthApp('/dashboard');
    await standIn('/dashboard');
    api.expireAccessTokens();

    await user.click(screen.getByRole('button', { name: 'Load jobs' }));

    expect(await screen.findByText('Jobs loaded')).toBeTruthy();
    const refreshes = api.callsTo('POST', '/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    const jobs = api.callsTo('GET', '/jobs');
    expect(jobs.map((call) => call.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(stored()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('shares one renewal between calls that get a 401 at the same time', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    renderAuthApp('/dashboard');
    await standIn('/dashboard');
    api.expireAccessTokens();

    const answers = await act(() => Promise.all([get('/jobs'), get('/jobs'), get('/auth/me')]));

    expect(answers).toHaveLength(3);
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    expect(stored()).toMatchObject({ refreshToken: 'refresh-2' });
  });

  it("signs out with 'Your session has expired. Please log in again.' and lands on /login when renewal fails", async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const user = userEvent.setup();
    const { router } = renderAuthApp('/dashboard');
    await standIn('/dashboard');
    api.endSessions();

    await user.click(screen.getByRole('button', { name: 'Load jobs' }));

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    expect(readTokens()).toBeUndefined();
  });

  it('takes the user back to where the session expired after signing in again', async () => {
    const api = installFakeApi();
    const ada = makeUser();
    api.restoreSession(ada);
    const user = userEvent.setup();
    const { router } = renderAuthApp('/profile?tab=security');
    await standIn('/profile');
    api.endSessions();

    await user.click(screen.getByRole('button', { name: 'Load jobs' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ada.email);
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await standIn('/profile')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=security');
  });

  it('sends a user whose session expires on a public screen to /login as well', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const { router } = renderAuthApp('/pricing');
    await screen.findByRole('heading', { name: 'Choose your plan' });
    api.endSessions();

    await act(() => get('/jobs').catch(() => undefined));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
  });

  it('keeps the session when the renewal cannot get an answer from the server', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const user = userEvent.setup();
    const { router } = renderAuthApp('/dashboard');
    await standIn('/dashboard');
    api.expireAccessTokens();
    api.on('POST', '/auth/refresh', {
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'Try again' },
    });

    await user.click(screen.getByRole('button', { name: 'Load jobs' }));

    expect(await screen.findByText('Jobs failed: Authentication required')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(stored()).toMatchObject({ refreshToken: 'refresh-1' });
    expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull();
  });

  it('never renews for a refused sign-in', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser({ email: 'someone@example.com' }));
    renderAuthApp('/pricing');
    await screen.findByRole('heading', { name: 'Choose your plan' });

    const error = await act(() =>
      post('/auth/login', { email: 'someone@example.com', password: 'Wrong1234' }).catch((e: unknown) => e),
    );

    expect((error as Error).message).toBe('Invalid email or password');
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(0);
  });

  it("tells the app why a removed teammate's workspace refused the call, keeping the session (DECISIONS 34)", async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const { router } = renderAuthApp('/dashboard');
    await standIn('/dashboard');
    const removed = WORKSPACE_TEXTS.removed('Olga Owner');
    api.on('GET', '/jobs', { status: 403, body: { code: 'REMOVED_FROM_WORKSPACE', message: removed } });
    const events: SessionEvent[] = [];
    const stop = subscribeSession((event) => events.push(event));

    const error = await act(() => get('/jobs').catch((e: unknown) => e));
    stop();

    expect(error).toMatchObject({ status: 403, code: 'REMOVED_FROM_WORKSPACE', message: removed });
    expect(events).toEqual([{ type: 'removed', message: removed }]);
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(0);
    expect(stored()).toMatchObject({ refreshToken: 'refresh-1' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull();
  });

  it('tells the app nothing for any other refusal', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    renderAuthApp('/dashboard');
    await standIn('/dashboard');
    api.on('GET', '/jobs', { status: 403, body: { code: 'FORBIDDEN', message: 'Not yours' } });
    const events: SessionEvent[] = [];
    const stop = subscribeSession((event) => events.push(event));

    await act(() => get('/jobs').catch(() => undefined));
    stop();

    expect(events).toEqual([]);
  });
});

describe('session on app load', () => {
  it('restores a stored session with auth/me', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser(), { remember: false });

    renderAuthApp('/dashboard');

    expect(await standIn('/dashboard')).toBeTruthy();
    expect(api.callsTo('GET', '/auth/me')[0]?.authorization).toBe('Bearer access-1');
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(0);
  });

  it('renews first when the stored access token has run out, keeping the tokens where they were', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser(), { remember: false, expired: true });

    renderAuthApp('/dashboard');

    expect(await standIn('/dashboard')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual([
      'POST /auth/refresh',
      'GET /auth/me',
    ]);
    expect(stored(window.sessionStorage)).toMatchObject({ refreshToken: 'refresh-2' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('renders no screen while the stored session is being restored', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const release = api.hold('GET', '/auth/me');

    renderAuthApp('/dashboard');
    await waitFor(() => expect(api.callsTo('GET', '/auth/me')).toHaveLength(1));

    expect(screen.queryByRole('heading', { name: 'Stand-in /dashboard' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    release();
    expect(await standIn('/dashboard')).toBeTruthy();
  });

  it('signs a visitor with an ended session out quietly and sends them to /login from a protected page', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    api.endSessions();

    const { router } = renderAuthApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull();
    expect(readTokens()).toBeUndefined();
  });
});

describe('sign-out', () => {
  it('calls auth/logout with the bearer token, clears the tokens and leaves the protected screen', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const user = userEvent.setup();
    const { router } = renderAuthApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/auth/logout').map((call) => call.authorization)).toEqual([
      'Bearer access-1',
    ]);
    expect(readTokens()).toBeUndefined();
  });

  it('clears the tokens even when the logout call fails, without renewing or a session message', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    api.on('POST', '/auth/logout', {
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Authentication required' },
    });
    const user = userEvent.setup();
    const { router } = renderAuthApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readTokens()).toBeUndefined();
    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(0);
    expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull();
  });
});
