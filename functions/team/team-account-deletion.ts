import { personName } from '../../shared/team-texts';
import { teamDeletedMail } from '../auth/mail-templates';
import { appUrl } from '../auth/one-time-tokens';
import { type StoredUser, sendSessionsHome } from '../auth/user-service';
import type { MailPort } from '../core/ports/mail';
import { forgetSessionSockets } from '../realtime/session-sockets-service';
import {
  deleteMembership,
  deleteTeamInvitationLinks,
  listMembers,
  listMemberships,
  listTeamInvitations,
  removeMember,
  TeamWriteRefused,
} from './team-repository';

/**
 * The team's part of deleting an account (DECISIONS 10 and 31), run before the account's partition is
 * emptied. Answers the members' sockets to close (the caller queues their disconnects with its own;
 * the person's own sockets it closes already).
 *
 * - An owner's workspace goes with their account: each member's side of it goes, their sessions acting
 *   in it go back to their own workspace (they stay signed in), their sockets in it close, and they are
 *   told by e-mail; the pending invitations' links stop working.
 * - A member's account leaves every team it is in: the member item goes and the seat is given back;
 *   what they made stays in the team's workspace.
 */
export async function leaveTeamsOnDeletion(
  person: StoredUser,
  { mail }: { mail: MailPort },
): Promise<string[]> {
  const [members, teamInvitations, memberships] = await Promise.all([
    listMembers(person.id),
    listTeamInvitations(person.id),
    listMemberships(person.id),
  ]);
  const socketIds: string[] = [];
  for (const member of members) {
    await deleteMembership(member.userId, person.id);
    await sendSessionsHome(member.userId, person.id);
    socketIds.push(...(await forgetSessionSockets(member.userId, { inWorkspace: person.id })));
    await mail.send(teamDeletedMail(member.email, personName(person), appUrl('/dashboard')));
  }
  // The links live outside the owner's partition; the invitations in it name them.
  await deleteTeamInvitationLinks(teamInvitations);
  for (const membership of memberships) {
    await removeMember(membership.ownerId, person.id).catch((error) => {
      // Already removed by the owner meanwhile: nothing left to give back.
      if (!(error instanceof TeamWriteRefused)) throw error;
    });
  }
  return socketIds;
}
