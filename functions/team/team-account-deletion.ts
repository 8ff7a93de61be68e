import { teamDeletedMail } from '../auth/mail-templates';
import { appUrl } from '../auth/one-time-tokens';
import { listSessions, setSessionWorkspace } from '../auth/session-repository';
import { personName, type StoredUser } from '../auth/user-repository';
import { batchDelete } from '../core/batch-delete';
import type { MailPort } from '../core/ports/mail';
import { keys } from '../core/table';
import { forgetSessionSockets } from '../realtime/session-sockets-service';
import {
  listInvitations,
  listMembers,
  listMemberships,
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
  const [members, invitations, memberships] = await Promise.all([
    listMembers(person.id),
    listInvitations(person.id),
    listMemberships(person.id),
  ]);
  const socketIds: string[] = [];
  for (const member of members) {
    await batchDelete([keys.membership(member.userId, person.id)]);
    const sessions = await listSessions(member.userId);
    for (const session of sessions.filter((s) => s.workspaceId === person.id))
      await setSessionWorkspace(member.userId, session.familyId, member.userId).catch(ignoreEndedSession);
    socketIds.push(...(await forgetSessionSockets(member.userId, { inWorkspace: person.id })));
    await mail.send(teamDeletedMail(member.email, personName(person), appUrl('/dashboard')));
  }
  // The links live outside the owner's partition; the invitations in it name them.
  await batchDelete(invitations.map((invitation) => keys.teamInvitationToken(invitation.tokenHash)));
  for (const membership of memberships) {
    await removeMember(membership.ownerId, person.id).catch((error) => {
      // Already removed by the owner meanwhile: nothing left to give back.
      if (!(error instanceof TeamWriteRefused)) throw error;
    });
  }
  return socketIds;
}

/** A session that ended between the listing and the update has no workspace left to move. */
function ignoreEndedSession(error: unknown): void {
  if ((error as { name?: string })?.name !== 'ConditionalCheckFailedException') throw error;
}
