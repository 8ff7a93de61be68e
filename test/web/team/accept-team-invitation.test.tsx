import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/auth';
import { TEAM_TEXTS } from '../../../shared/team-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, PASSWORD, signInAs } from '../support/fake-api';
import { LONG } from './team-fixtures';

const TOKEN = 'tok_0123456789abcdefghijklmnop';
const ACCEPT_PATH = `/team/accept?token=${TOKEN}`;
const GRACE: Partial<User> = {
  id: 'user-2',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
};

async function openAccept(api: FakeApi, path = ACCEPT_PATH, overrides: Partial<User> = GRACE) {
  signInAs(api, makeUser(overrides));
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Join a team', level: 1 }, LONG);
  return { user, ...view };
}

const acceptButton = () => screen.getByRole('button', { name: 'Accept invitation' });

describe('/team/accept', () => {
  it('sends a visitor to sign in first, and back to the team invitation afterwards', async () => {
    const api = installFakeApi();
    api.addAccount(makeUser(GRACE));
    const user = userEvent.setup();
    const { router } = renderApp(ACCEPT_PATH);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LONG);
    expect(router.state.location.state).toEqual({ from: ACCEPT_PATH });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Join a team', level: 1 }, LONG)).toBeTruthy();
    expect(router.state.location.search).toBe(`?token=${TOKEN}`);
    expect(screen.getByTestId('signed-in-account').textContent).toBe(
      'You are signed in as grace@example.com.',
    );
  });

  it('names the signed-in account next to the Accept button', async () => {
    const api = installFakeApi();
    await openAccept(api);

    expect(screen.getByTestId('signed-in-account').textContent).toBe(
      'You are signed in as grace@example.com.',
    );
    expect(acceptButton()).toBeTruthy();
  });

  it.each(['/team/accept', '/team/accept?token=', '/team/accept?token=short'])(
    'says the link is incomplete at %s, with nothing to accept',
    async (path) => {
      const api = installFakeApi();
      await openAccept(api, path);

      expect(screen.getByText(/This invitation link is incomplete/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
      expect(api.callsTo('POST', '/team/invitations/accept')).toHaveLength(0);
    },
  );

  it("joins the team and says whose workspace, with the way into it and to one's own dashboard", async () => {
    const api = installFakeApi();
    api.on('POST', '/team/invitations/accept', {
      status: 200,
      body: {
        success: true,
        data: { workspace: { id: 'user-1', name: 'Ada Lovelace' }, joinedAt: '2026-01-01T10:00:00.000Z' },
      },
    });
    const { user, router } = await openAccept(api);

    await user.click(acceptButton());

    expect(await screen.findByText("You joined Ada Lovelace's workspace.", {}, LONG)).toBeTruthy();
    expect(api.callsTo('POST', '/team/invitations/accept').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    const dashboard = screen.getByRole('link', { name: 'Go to dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    const open = screen.getByRole('button', { name: "Open Ada Lovelace's workspace" });
    expect(document.activeElement).toBe(open);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();

    // Opening it switches the session into the team's workspace, then the dashboard opens.
    api.on('PUT', '/workspaces/current', {
      status: 200,
      body: { success: true, message: "Now working in Ada Lovelace's workspace" },
    });
    await user.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), LONG);
    expect(api.callsTo('PUT', '/workspaces/current').map((call) => call.body)).toEqual([
      { workspaceId: 'user-1' },
    ]);
  });

  it('says where to switch when opening the workspace fails, and stays', async () => {
    const api = installFakeApi();
    api.on('POST', '/team/invitations/accept', {
      status: 200,
      body: {
        success: true,
        data: { workspace: { id: 'user-1', name: 'Ada Lovelace' }, joinedAt: '2026-01-01T10:00:00.000Z' },
      },
    });
    api.on('PUT', '/workspaces/current', {
      status: 403,
      body: { code: 'FORBIDDEN', message: TEAM_TEXTS.teamUnavailable },
    });
    const { user, router } = await openAccept(api);
    await user.click(acceptButton());
    await user.click(await screen.findByRole('button', { name: "Open Ada Lovelace's workspace" }, LONG));
    expect(await screen.findByText(TEAM_TEXTS.teamUnavailable)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/team/accept');
  });

  it.each([
    [409, TEAM_TEXTS.invitationInvalid],
    [409, TEAM_TEXTS.ownTeam],
    [409, TEAM_TEXTS.teamUnavailable],
    [409, TEAM_TEXTS.alreadyMember],
    [403, TEAM_TEXTS.wrongAccount('alan@example.com')],
  ])('shows the refusal (%i) "%s" and lets the person try again', async (status, message) => {
    const api = installFakeApi();
    api.on('POST', '/team/invitations/accept', {
      status,
      body: { code: status === 403 ? 'FORBIDDEN' : 'CONFLICT', message },
    });
    const { user } = await openAccept(api);

    await user.click(acceptButton());

    expect((await screen.findByRole('alert', {}, LONG)).textContent).toBe(message);
    await user.click(acceptButton());
    await waitFor(() => expect(api.callsTo('POST', '/team/invitations/accept')).toHaveLength(2));
  });

  it('says the accept failed when the server breaks, and the retry can succeed', async () => {
    const api = installFakeApi();
    api.on('POST', '/team/invitations/accept', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    const { user } = await openAccept(api);

    await user.click(acceptButton());
    expect((await screen.findByRole('alert', {}, LONG)).textContent).toBe(
      'Could not accept the invitation. Please try again.',
    );

    api.on('POST', '/team/invitations/accept', {
      status: 200,
      body: { success: true, data: { workspace: { id: 'user-1', name: 'Ada Lovelace' }, joinedAt: '' } },
    });
    await user.click(acceptButton());
    expect(await screen.findByText("You joined Ada Lovelace's workspace.", {}, LONG)).toBeTruthy();
  });

  it('tells someone without an account to register with the invited address, verify it and come back', async () => {
    const api = installFakeApi();
    await openAccept(api);

    const register = screen.getByRole('link', { name: 'Create an account' });
    expect(register.getAttribute('href')).toBe('/register');
    expect(register.parentElement?.textContent).toBe(
      'No account yet? Create an account with the e-mail address the invitation was sent to, verify it, ' +
        'then open the invitation link again.',
    );
  });
});
