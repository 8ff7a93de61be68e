import { randomUUID } from 'node:crypto';
import { hasFeature, limitsFor } from '../../shared/plan-policy';
import { personName, TEAM_INVITATION_DAYS, TEAM_TEXTS, type TeamView } from '../../shared/team-texts';
import { teamInvitationMail } from '../auth/mail-templates';
import { appUrl } from '../auth/one-time-tokens';
import { randomToken, sha256 } from '../auth/tokens';
import { findUserByEmail, findUserById, type StoredUser, signedInUser } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../core/errors';
import type { MailPort } from '../core/ports/mail';
import { takeTeamInvitationMail } from './team-invitation-mail-limits';
import {
  acceptTeamInvitation,
  createTeamInvitation,
  deleteTeamInvitation,
  findMember,
  findTeamInvitation,
  findTeamInvitationByToken,
  listMembers,
  listTeamInvitations,
  renewTeamInvitation,
  type StoredTeamInvitation,
  TeamWriteRefused,
} from './team-repository';

/**
 * Teams (DECISIONS 31, issue 22 point 2): the owner's invitations, the accept, the members. The owner
 * is the signed-in user acting in their own workspace; the seats are the plan's team users, the owner's
 * included.
 */
export interface TeamServiceDeps {
  mail: MailPort;
  now: () => Date;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createTeamService({ mail, now }: TeamServiceDeps) {
  const teamInvitationView = (teamInvitation: StoredTeamInvitation) => ({
    id: teamInvitation.id,
    email: teamInvitation.email,
    createdAt: teamInvitation.createdAt,
    expiresAt: new Date(teamInvitation.linkExpiresAt * 1000).toISOString(),
  });

  async function sendTeamInvitation(
    owner: StoredUser,
    teamInvitation: StoredTeamInvitation,
    token: string,
  ): Promise<void> {
    await mail.send(
      teamInvitationMail(
        teamInvitation.email,
        personName(owner),
        appUrl(`/team/accept?token=${token}`),
        TEAM_INVITATION_DAYS,
      ),
    );
  }

  const newLink = () => {
    const token = randomToken(24);
    const linkExpiresAt = Math.floor(now().getTime() / 1000) + TEAM_INVITATION_DAYS * DAY_SECONDS;
    return { token, tokenHash: sha256(token), linkExpiresAt };
  };

  return {
    async view(user: AuthUser): Promise<TeamView> {
      const owner = await signedInUser(user);
      const [members, teamInvitations] = await Promise.all([
        listMembers(owner.id),
        listTeamInvitations(owner.id),
      ]);
      return {
        owner: { id: owner.id, email: owner.email, name: personName(owner) },
        members: members
          .map(({ userId, email, name, joinedAt }) => ({ userId, email, name, joinedAt }))
          .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)),
        invitations: teamInvitations
          .map(teamInvitationView)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
        seats: { used: 1 + members.length + teamInvitations.length, total: limitsFor(owner.plan).teamUsers },
      };
    },

    async invite(user: AuthUser, email: string) {
      const owner = await signedInUser(user);
      if (!hasFeature(owner.plan, 'team')) throw new ForbiddenError(TEAM_TEXTS.notInPlan);
      if (email === owner.email.toLowerCase()) throw new ConflictError(TEAM_TEXTS.yourself);
      const existing = await findUserByEmail(email);
      if (existing && (await findMember(owner.id, existing.id)))
        throw new ConflictError(TEAM_TEXTS.alreadyMember);
      const total = limitsFor(owner.plan).teamUsers;
      const { token, tokenHash, linkExpiresAt } = newLink();
      const teamInvitation: StoredTeamInvitation = {
        id: randomUUID(),
        ownerId: owner.id,
        email,
        createdAt: now().toISOString(),
        linkExpiresAt,
        tokenHash,
      };
      const counted = await takeTeamInvitationMail(owner.id, email, now().getTime());
      try {
        await createTeamInvitation(teamInvitation, total - 1);
      } catch (error) {
        await counted.giveBack();
        if (error instanceof TeamWriteRefused && error.reason === 'seats-full')
          throw new ConflictError(TEAM_TEXTS.seatsFull(total));
        if (error instanceof TeamWriteRefused && error.reason === 'already-invited')
          throw new ConflictError(TEAM_TEXTS.alreadyInvited);
        throw error;
      }
      await sendTeamInvitation(owner, teamInvitation, token);
      return teamInvitationView(teamInvitation);
    },

    async resend(user: AuthUser, teamInvitationId: string) {
      const owner = await signedInUser(user);
      const teamInvitation = await findTeamInvitation(owner.id, teamInvitationId);
      if (!teamInvitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
      const { token, tokenHash, linkExpiresAt } = newLink();
      const counted = await takeTeamInvitationMail(owner.id, teamInvitation.email, now().getTime());
      try {
        await renewTeamInvitation(teamInvitation, tokenHash, linkExpiresAt);
      } catch (error) {
        await counted.giveBack();
        if (error instanceof TeamWriteRefused) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
        throw error;
      }
      const renewed = { ...teamInvitation, tokenHash, linkExpiresAt };
      await sendTeamInvitation(owner, renewed, token);
      return teamInvitationView(renewed);
    },

    async revoke(user: AuthUser, teamInvitationId: string): Promise<void> {
      const teamInvitation = await findTeamInvitation(user.id, teamInvitationId);
      if (!teamInvitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
      try {
        await deleteTeamInvitation(teamInvitation);
      } catch (error) {
        if (error instanceof TeamWriteRefused) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
        throw error;
      }
    },

    /** The signed-in person joins the workspace the link's invitation is for. */
    async accept(user: AuthUser, token: string) {
      const teamInvitation = await findTeamInvitationByToken(sha256(token));
      if (!teamInvitation || teamInvitation.linkExpiresAt * 1000 <= now().getTime())
        throw new ConflictError(TEAM_TEXTS.invitationInvalid);
      if (teamInvitation.ownerId === user.id) throw new ConflictError(TEAM_TEXTS.ownTeam);
      const [person, owner] = await Promise.all([
        findUserById(user.id),
        findUserById(teamInvitation.ownerId),
      ]);
      if (!person) throw new UnauthorizedError();
      if (!owner) throw new ConflictError(TEAM_TEXTS.invitationInvalid);
      if (person.email.toLowerCase() !== teamInvitation.email)
        throw new ForbiddenError(TEAM_TEXTS.wrongAccount(teamInvitation.email));
      if (!hasFeature(owner.plan, 'team')) throw new ConflictError(TEAM_TEXTS.teamUnavailable);
      const joinedAt = now().toISOString();
      try {
        await acceptTeamInvitation(teamInvitation, {
          userId: person.id,
          email: person.email,
          name: personName(person),
          joinedAt,
        });
      } catch (error) {
        if (error instanceof TeamWriteRefused && error.reason === 'already-member')
          throw new ConflictError(TEAM_TEXTS.alreadyMember);
        if (error instanceof TeamWriteRefused) throw new ConflictError(TEAM_TEXTS.invitationInvalid);
        throw error;
      }
      return { workspace: { id: owner.id, name: personName(owner) }, joinedAt };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
