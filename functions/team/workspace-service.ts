import { hasFeature } from '../../shared/plan-policy';
import {
  personName,
  TEAM_TEXTS,
  WORKSPACE_TEXTS,
  type WorkspaceOption,
  type WorkspacesView,
} from '../../shared/team-texts';
import { findUserById, rememberWorkspace, setSessionWorkspace } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ForbiddenError, UnauthorizedError } from '../core/errors';
import type { SessionSocketsService } from '../realtime/session-sockets-service';
import { brandOf } from './brand-view';
import { findMember, listMemberships } from './team-repository';

/**
 * The workspaces a person may act in (DECISIONS 31): their own and each team they are a member of,
 * and the switch between them, which the session keeps (the auth hook reads it on every request) and
 * the person's user item remembers, so their next sign-in continues there (DECISIONS 34).
 */

export async function listWorkspaces(user: AuthUser): Promise<WorkspacesView> {
  const [person, memberships] = await Promise.all([findUserById(user.id), listMemberships(user.id)]);
  if (!person) throw new UnauthorizedError();
  const owners = await Promise.all(memberships.map((m) => findUserById(m.ownerId)));
  const currentOwner = [person, ...owners].find((owner) => owner?.id === user.workspaceId);
  const teams: WorkspaceOption[] = owners.flatMap((owner) =>
    owner
      ? [
          {
            id: owner.id,
            name: personName(owner),
            role: 'member' as const,
            available: hasFeature(owner.plan, 'team'),
          },
        ]
      : [],
  );
  return {
    current: user.workspaceId,
    workspaces: [
      { id: person.id, name: personName(person), role: 'owner', available: true },
      ...teams.sort((a, b) => a.name.localeCompare(b.name)),
    ],
    // The brand is a PLUS feature: a downgrade hides it (and keeps it for when the plan returns).
    brand:
      currentOwner && hasFeature(currentOwner.plan, 'whiteLabel') ? await brandOf(currentOwner.id) : null,
  };
}

export interface WorkspaceSwitchDeps {
  sockets: Pick<SessionSocketsService, 'closeSessionSockets'>;
}

export function createWorkspaceSwitchService({ sockets }: WorkspaceSwitchDeps) {
  return {
    /** The session acts in `workspaceId` from its next request: the person's own, or a team's they are in. */
    async switchTo(user: AuthUser, workspaceId: string): Promise<WorkspaceOption> {
      let option: WorkspaceOption;
      if (workspaceId === user.id) {
        const person = await findUserById(user.id);
        if (!person) throw new UnauthorizedError();
        option = { id: person.id, name: personName(person), role: 'owner', available: true };
      } else {
        const [member, owner] = await Promise.all([
          findMember(workspaceId, user.id),
          findUserById(workspaceId),
        ]);
        if (!member || !owner) throw new ForbiddenError(WORKSPACE_TEXTS.notMember);
        if (!hasFeature(owner.plan, 'team')) throw new ForbiddenError(TEAM_TEXTS.teamUnavailable);
        option = { id: owner.id, name: personName(owner), role: 'member', available: true };
      }
      await setSessionWorkspace(user.id, user.sessionId, option.id);
      // Absent means their own: a person who never joined a team carries nothing.
      await rememberWorkspace(user.id, option.id === user.id ? undefined : option.id);
      // The session's sockets were the old workspace's: the client opens new ones in this one.
      await sockets.closeSessionSockets(user.id, { sessionId: user.sessionId });
      return option;
    },
  };
}
