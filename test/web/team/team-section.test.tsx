import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '../../../shared/auth';
import { TEAM_TEXTS } from '../../../shared/team-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { FUTURE, grace, LONG, makeTeam, PAST, SLOW, serveTeam } from './team-fixtures';

async function openProfile(api: FakeApi, overrides: Partial<User> = { plan: 'PLUS' }) {
  signInAs(api, makeUser(overrides));
  const user = userEvent.setup();
  const view = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);
  // The Team and Brand cards' code loads after the page's (they sit below the fold).
  await screen.findByRole('region', { name: 'Team' }, LONG);
  return { user, ...view };
}

const section = () => within(screen.getByRole('region', { name: 'Team' }));
const emailField = () => section().getByLabelText('Email') as HTMLInputElement;
const inviteButton = () => section().getByRole('button', { name: 'Invite' }) as HTMLButtonElement;
const seatsLine = (text: string) => section().findByText(text, {}, LONG);

const pending = (email: string, expiresAt = FUTURE, id = 'inv-1') => ({
  id,
  email,
  createdAt: '2025-03-20T12:00:00.000Z',
  expiresAt,
});

describe('Team section below the Plus plan', () => {
  it.each(['FREE', 'PRO'] as const)(
    'on %s it says teams are a Plus feature, links to pricing and offers no invite form',
    async (plan) => {
      const api = installFakeApi();
      await openProfile(api, { plan });

      expect(section().getByText(TEAM_TEXTS.notInPlan)).toBeTruthy();
      expect(section().getByRole('link', { name: 'View pricing plans' }).getAttribute('href')).toBe(
        '/pricing',
      );
      expect(section().queryByLabelText('Email')).toBeNull();
      expect(section().queryByRole('button', { name: 'Invite' })).toBeNull();
      // Nothing to load: the plan has no team.
      expect(api.callsTo('GET', '/team')).toHaveLength(0);
    },
  );

  it('says the same when the server counts a single seat', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ members: [], seats: { used: 1, total: 1 } }));
    await openProfile(api);

    expect(await section().findByText(TEAM_TEXTS.notInPlan, {}, LONG)).toBeTruthy();
    expect(section().queryByLabelText('Email')).toBeNull();
  });
});

describe('Team section on the Plus plan', () => {
  it(
    'shows the seats used, the owner, each member with e-mail and joined date, and the pending team invitations',
    async () => {
      const api = installFakeApi();
      serveTeam(
        api,
        makeTeam({
          members: [grace],
          invitations: [pending('alan@example.com')],
        }),
      );
      await openProfile(api);

      expect(await seatsLine('3 of 3 seats used')).toBeTruthy();
      const members = within(section().getByRole('list', { name: 'Members' }));
      expect(members.getByText('Ada Lovelace')).toBeTruthy();
      expect(members.getByText('Owner')).toBeTruthy();
      expect(members.getByText('Grace Hopper')).toBeTruthy();
      expect(members.getByText('grace@example.com')).toBeTruthy();
      expect(members.getByText('Joined Mar 14, 2025')).toBeTruthy();
      // The owner cannot be removed; each member can.
      expect(members.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
        'Remove Grace Hopper',
      ]);

      const teamInvitations = within(section().getByRole('list', { name: 'Pending invitations' }));
      expect(teamInvitations.getByText('alan@example.com')).toBeTruthy();
      expect(teamInvitations.getByText('Expires Jan 15, 2099')).toBeTruthy();
      expect(
        teamInvitations.getByRole('button', { name: 'Resend invitation to alan@example.com' }),
      ).toBeTruthy();
      expect(
        teamInvitations.getByRole('button', { name: 'Revoke invitation to alan@example.com' }),
      ).toBeTruthy();
    },
    SLOW,
  );

  it('marks a team invitation whose link ran out as expired', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ invitations: [pending('alan@example.com', PAST)] }));
    await openProfile(api);

    const teamInvitations = within(await section().findByRole('list', { name: 'Pending invitations' }, LONG));
    expect(teamInvitations.getByText('Expired')).toBeTruthy();
    expect(teamInvitations.queryByText(/^Expires/)).toBeNull();
  });

  it('shows a loading skeleton until the team answers', async () => {
    const api = installFakeApi();
    serveTeam(api);
    const release = api.hold('GET', '/team');
    await openProfile(api);

    expect(section().getByLabelText('Loading your team')).toBeTruthy();
    release();
    expect(await seatsLine('2 of 3 seats used')).toBeTruthy();
    expect(section().queryByLabelText('Loading your team')).toBeNull();
  });

  it('says the team could not be loaded and loads it again on Retry', async () => {
    const api = installFakeApi();
    api.on('GET', '/team', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    const { user } = await openProfile(api);

    expect(await section().findByText('Could not load your team', {}, LONG)).toBeTruthy();
    serveTeam(api);
    await user.click(section().getByRole('button', { name: 'Retry' }));

    expect(await seatsLine('2 of 3 seats used')).toBeTruthy();
  });
});

describe('inviting a teammate', () => {
  it(
    'sends the team invitation, says so with the API message, lists it and empties the field',
    async () => {
      const api = installFakeApi();
      serveTeam(api);
      const { user } = await openProfile(api);
      await seatsLine('2 of 3 seats used');

      await user.type(emailField(), 'Alan@Example.com');
      await user.click(inviteButton());

      expect(await screen.findByText('Invitation sent to alan@example.com', {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', '/team/invitations').map((call) => call.body)).toEqual([
        { email: 'alan@example.com' },
      ]);
      const teamInvitations = within(
        await section().findByRole('list', { name: 'Pending invitations' }, LONG),
      );
      expect(teamInvitations.getByText('alan@example.com')).toBeTruthy();
      expect(await seatsLine('3 of 3 seats used')).toBeTruthy();
      expect(emailField().value).toBe('');
    },
    SLOW,
  );

  it('submits with the Enter key', async () => {
    const api = installFakeApi();
    serveTeam(api);
    const { user } = await openProfile(api);
    await seatsLine('2 of 3 seats used');

    await user.type(emailField(), 'alan@example.com{Enter}');

    await waitFor(() => expect(api.callsTo('POST', '/team/invitations')).toHaveLength(1), LONG);
  });

  it('says the e-mail address is not valid and sends nothing', async () => {
    const api = installFakeApi();
    serveTeam(api);
    const { user } = await openProfile(api);
    await seatsLine('2 of 3 seats used');

    await user.type(emailField(), 'not-an-email');
    await user.click(inviteButton());

    expect(await section().findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/team/invitations')).toHaveLength(0);
  });

  it('shows why the server refused when all seats are taken, keeping the address', async () => {
    const api = installFakeApi();
    serveTeam(api);
    api.on('POST', '/team/invitations', {
      status: 409,
      body: { code: 'CONFLICT', message: TEAM_TEXTS.seatsFull(3) },
    });
    const { user } = await openProfile(api);
    await seatsLine('2 of 3 seats used');

    await user.type(emailField(), 'alan@example.com');
    await user.click(inviteButton());

    const alert = await section().findByRole('alert', {}, LONG);
    expect(alert.textContent).toBe(TEAM_TEXTS.seatsFull(3));
    expect(emailField().value).toBe('alan@example.com');
  });

  it.each([TEAM_TEXTS.alreadyInvited, TEAM_TEXTS.alreadyMember, TEAM_TEXTS.yourself])(
    'shows the refusal "%s"',
    async (message) => {
      const api = installFakeApi();
      serveTeam(api);
      api.on('POST', '/team/invitations', { status: 409, body: { code: 'CONFLICT', message } });
      const { user } = await openProfile(api);
      await seatsLine('2 of 3 seats used');

      await user.type(emailField(), 'alan@example.com');
      await user.click(inviteButton());

      expect((await section().findByRole('alert', {}, LONG)).textContent).toBe(message);
      expect(emailField().value).toBe('alan@example.com');
    },
  );

  it("shows the server's field message on the field", async () => {
    const api = installFakeApi();
    serveTeam(api);
    api.on('POST', '/team/invitations', {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        issues: [{ path: 'email', message: 'E-mail domain is not accepted' }],
      },
    });
    const { user } = await openProfile(api);
    await seatsLine('2 of 3 seats used');

    await user.type(emailField(), 'alan@example.com');
    await user.click(inviteButton());

    expect(await section().findByText('E-mail domain is not accepted', {}, LONG)).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().value).toBe('alan@example.com');
  });

  it('disables Invite and says why when every seat is used', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ invitations: [pending('alan@example.com')] }));
    await openProfile(api);

    await seatsLine('3 of 3 seats used');
    expect(inviteButton().disabled).toBe(true);
    expect(section().getByText(TEAM_TEXTS.seatsFull(3))).toBeTruthy();
  });
});

describe('pending team invitations', () => {
  it('resends a team invitation and says it was sent', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ members: [], invitations: [pending('alan@example.com')] }));
    const { user } = await openProfile(api);

    await user.click(
      await section().findByRole('button', { name: 'Resend invitation to alan@example.com' }, LONG),
    );

    expect(await screen.findByText('Invitation sent to alan@example.com', {}, LONG)).toBeTruthy();
    expect(api.callsTo('POST', '/team/invitations/inv-1/resend')).toHaveLength(1);
  });

  it('says when a resent team invitation no longer exists', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ members: [], invitations: [pending('alan@example.com')] }));
    api.on('POST', '/team/invitations/inv-1/resend', {
      status: 404,
      body: { code: 'NOT_FOUND', message: TEAM_TEXTS.invitationNotFound },
    });
    const { user } = await openProfile(api);

    await user.click(
      await section().findByRole('button', { name: 'Resend invitation to alan@example.com' }, LONG),
    );

    expect(await screen.findByText(TEAM_TEXTS.invitationNotFound, {}, LONG)).toBeTruthy();
  });

  it('revokes a team invitation: it leaves the list and its seat is free again', async () => {
    const api = installFakeApi();
    serveTeam(api, makeTeam({ invitations: [pending('alan@example.com')] }));
    const { user } = await openProfile(api);
    await seatsLine('3 of 3 seats used');

    await user.click(section().getByRole('button', { name: 'Revoke invitation to alan@example.com' }));

    expect(await screen.findByText('Invitation to alan@example.com revoked', {}, LONG)).toBeTruthy();
    expect(api.callsTo('DELETE', '/team/invitations/inv-1')).toHaveLength(1);
    expect(await seatsLine('2 of 3 seats used')).toBeTruthy();
    expect(section().queryByText('alan@example.com')).toBeNull();
    expect(section().getByText('No pending invitations.')).toBeTruthy();
    expect(inviteButton().disabled).toBe(false);
  });
});

describe('removing a member', () => {
  it('asks first, naming the person; Cancel removes nobody', async () => {
    const api = installFakeApi();
    serveTeam(api);
    const { user } = await openProfile(api);

    await user.click(await section().findByRole('button', { name: 'Remove Grace Hopper' }, LONG));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove teammate?' }));
    expect(dialog.getByText(/Grace Hopper \(grace@example\.com\)/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(section().getByText('Grace Hopper')).toBeTruthy();
  });

  it('removes the member once confirmed', async () => {
    const api = installFakeApi();
    serveTeam(api);
    const { user } = await openProfile(api);

    await user.click(await section().findByRole('button', { name: 'Remove Grace Hopper' }, LONG));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove teammate?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Grace Hopper was removed from your team', {}, LONG)).toBeTruthy();
    expect(api.callsTo('DELETE', '/team/members/user-2')).toHaveLength(1);
    expect(await seatsLine('1 of 3 seats used')).toBeTruthy();
    expect(section().queryByText('Grace Hopper')).toBeNull();
    expect(section().getByText('No teammates yet.')).toBeTruthy();
  });

  it("says the server's message when the removal fails, and keeps the member", async () => {
    const api = installFakeApi();
    serveTeam(api);
    api.on('DELETE', '/team/members/user-2', {
      status: 404,
      body: { code: 'NOT_FOUND', message: TEAM_TEXTS.memberNotFound },
    });
    const { user } = await openProfile(api);

    await user.click(await section().findByRole('button', { name: 'Remove Grace Hopper' }, LONG));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove teammate?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(TEAM_TEXTS.memberNotFound, {}, LONG)).toBeTruthy();
    expect(section().getByText('Grace Hopper')).toBeTruthy();
  });
});
