import { randomUUID } from 'node:crypto';
import { hasFeature, limitsFor } from '../../shared/plan-policy';
import { TEAM_INVITATION_DAYS, TEAM_TEXTS, type TeamView } from '../../shared/team';
import { signedInUser } from '../account/signed-in-user';
import { teamInvitationMail } from '../auth/mail-templates';
import { appUrl } from '../auth/one-time-tokens';
import { randomToken, sha256 } from '../auth/tokens';
import { findUserByEmail, findUserById, personName, type StoredUser } from '../auth/user-repository';
import type { AuthUser } from '../core/auth';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../core/errors';
import type { MailPort } from '../core/ports/mail';
import { takeInvitationMail } from './invitation-mail-limits';
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  findInvitation,
  findInvitationByToken,
  findMember,
  listInvitations,
  listMembers,
  renewInvitation,
  type StoredInvitation,
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
  const invitationView = (invitation: StoredInvitation) => ({
    id: invitation.id,
    email: invitation.email,
    createdAt: invitation.createdAt,
    expiresAt: new Date(invitation.linkExpiresAt * 1000).toISOString(),
  });

  async function sendInvitation(
    owner: StoredUser,
    invitation: StoredInvitation,
    token: string,
  ): Promise<void> {
    await mail.send(
      teamInvitationMail(
        invitation.email,
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
      const [members, invitations] = await Promise.all([listMembers(owner.id), listInvitations(owner.id)]);
      return {
        owner: { id: owner.id, email: owner.email, name: personName(owner) },
        members: members
          .map(({ userId, email, name, joinedAt }) => ({ userId, email, name, joinedAt }))
          .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)),
        invitations: invitations.map(invitationView).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
        seats: { used: 1 + members.length + invitations.length, total: limitsFor(owner.plan).teamUsers },
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
      const invitation: StoredInvitation = {
        id: randomUUID(),
        ownerId: owner.id,
        email,
        createdAt: now().toISOString(),
        linkExpiresAt,
        tokenHash,
      };
      const counted = await takeInvitationMail(owner.id, email, now().getTime());
      try {
        await createInvitation(invitation, total - 1);
      } catch (error) {
        await counted.giveBack();
        if (error instanceof TeamWriteRefused && error.reason === 'seats-full')
          throw new ConflictError(TEAM_TEXTS.seatsFull(total));
        if (error instanceof TeamWriteRefused && error.reason === 'already-invited')
          throw new ConflictError(TEAM_TEXTS.alreadyInvited);
        throw error;
      }
      await sendInvitation(owner, invitation, token);
      return invitationView(invitation);
    },

    async resend(user: AuthUser, invitationId: string) {
      const owner = await signedInUser(user);
      const invitation = await findInvitation(owner.id, invitationId);
      if (!invitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
      const { token, tokenHash, linkExpiresAt } = newLink();
      const counted = await takeInvitationMail(owner.id, invitation.email, now().getTime());
      try {
        await renewInvitation(invitation, tokenHash, linkExpiresAt);
      } catch (error) {
        await counted.giveBack();
        if (error instanceof TeamWriteRefused) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
        throw error;
      }
      const renewed = { ...invitation, tokenHash, linkExpiresAt };
      await sendInvitation(owner, renewed, token);
      return invitationView(renewed);
    },

    async revoke(user: AuthUser, invitationId: string): Promise<void> {
      const invitation = await findInvitation(user.id, invitationId);
      if (!invitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
      try {
        await deleteInvitation(invitation);
      } catch (error) {
        if (error instanceof TeamWriteRefused) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
        throw error;
      }
    },

    /** The signed-in person joins the workspace the link's invitation is for. */
    async accept(user: AuthUser, token: string) {
      const invitation = await findInvitationByToken(sha256(token));
      if (!invitation || invitation.linkExpiresAt * 1000 <= now().getTime())
        throw new ConflictError(TEAM_TEXTS.invitationInvalid);
      if (invitation.ownerId === user.id) throw new ConflictError(TEAM_TEXTS.ownTeam);
      const [person, owner] = await Promise.all([findUserById(user.id), findUserById(invitation.ownerId)]);
      if (!person) throw new UnauthorizedError();
      if (!owner) throw new ConflictError(TEAM_TEXTS.invitationInvalid);
      if (person.email.toLowerCase() !== invitation.email)
        throw new ForbiddenError(TEAM_TEXTS.wrongAccount(invitation.email));
      if (!hasFeature(owner.plan, 'team')) throw new ConflictError(TEAM_TEXTS.teamUnavailable);
      const joinedAt = now().toISOString();
      try {
        await acceptInvitation(invitation, {
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
