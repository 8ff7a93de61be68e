import { TEAM_TEXTS, type TeamView } from '../../../shared/team-texts';
import type { FakeApi } from '../support/fake-api';

export const LONG = { timeout: 5000 };
export const SLOW = 15000;

/** A pending team invitation whose link still works (until 2099) or ran out (in 2020). */
export const FUTURE = '2099-01-15T12:00:00.000Z';
export const PAST = '2020-01-15T12:00:00.000Z';

export const grace = {
  userId: 'user-2',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  joinedAt: '2025-03-14T12:00:00.000Z',
};

/** Ada's PLUS team: herself, Grace as a member, no invitations (2 of 3 seats). */
export function makeTeam(overrides: Partial<TeamView> = {}): TeamView {
  const team: TeamView = {
    owner: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' },
    members: [grace],
    invitations: [],
    seats: { used: 0, total: 3 },
    ...overrides,
  };
  return { ...team, seats: { ...team.seats, used: 1 + team.members.length + team.invitations.length } };
}

const notFound = (message: string) => ({ status: 404, body: { code: 'NOT_FOUND', message } });

/**
 * The team routes as the server answers them, over one team held here: `GET /team` reads it; an
 * invite, a resend, a revoke and a removal change it (and the seats) as the real service does.
 */
export function serveTeam(api: FakeApi, start: TeamView = makeTeam()) {
  let team = start;
  let next = 1;
  const seats = () => ({ used: 1 + team.members.length + team.invitations.length, total: team.seats.total });
  const current = () => ({ ...team, seats: seats() });

  api.on('GET', '/team', () => ({ status: 200, body: { data: { team: current() } } }));

  const serveTeamInvitation = (id: string) => {
    api.on('POST', `/team/invitations/${id}/resend`, () => {
      const teamInvitation = team.invitations.find((i) => i.id === id);
      if (!teamInvitation) return notFound(TEAM_TEXTS.invitationNotFound);
      return {
        status: 200,
        body: {
          success: true,
          message: TEAM_TEXTS.invited(teamInvitation.email),
          data: { invitation: teamInvitation },
        },
      };
    });
    api.on('DELETE', `/team/invitations/${id}`, () => {
      if (!team.invitations.some((i) => i.id === id)) return notFound(TEAM_TEXTS.invitationNotFound);
      team = { ...team, invitations: team.invitations.filter((i) => i.id !== id) };
      return { status: 200, body: { success: true } };
    });
  };
  for (const teamInvitation of team.invitations) serveTeamInvitation(teamInvitation.id);

  for (const member of team.members) {
    api.on('DELETE', `/team/members/${member.userId}`, () => {
      if (!team.members.some((m) => m.userId === member.userId)) return notFound(TEAM_TEXTS.memberNotFound);
      team = { ...team, members: team.members.filter((m) => m.userId !== member.userId) };
      return { status: 200, body: { success: true } };
    });
  }

  api.on('POST', '/team/invitations', ({ body = {} }) => {
    const email = String(body.email);
    if (seats().used >= seats().total) {
      return { status: 409, body: { code: 'CONFLICT', message: TEAM_TEXTS.seatsFull(seats().total) } };
    }
    const teamInvitation = {
      id: `inv-new-${next++}`,
      email,
      createdAt: new Date().toISOString(),
      expiresAt: FUTURE,
    };
    team = { ...team, invitations: [...team.invitations, teamInvitation] };
    serveTeamInvitation(teamInvitation.id);
    return {
      status: 201,
      body: { success: true, message: TEAM_TEXTS.invited(email), data: { invitation: teamInvitation } },
    };
  });

  return { team: current };
}
