import { TEAM_TEXTS } from '../../shared/team-texts';
import type { AuthUser } from '../core/auth';
import { NotFoundError } from '../core/errors';
import type { SessionSocketsService } from '../realtime/session-sockets-service';
import { removeMember, TeamWriteRefused } from './team-repository';

export interface MemberRemovalDeps {
  sockets: Pick<SessionSocketsService, 'closeSessionSockets'>;
}

/**
 * Removing a teammate (DECISIONS 31): the member item goes (so the auth hook refuses their sessions in
 * the workspace from the next request) and their sockets in the workspace are closed at once, so no
 * more of its jobs' progress reaches them. What they made stays in the workspace. Apart from the team
 * service so the other team routes carry no management client.
 */
export function createMemberRemovalService({ sockets }: MemberRemovalDeps) {
  return {
    async removeMember(user: AuthUser, memberId: string): Promise<{ socketsClosed: number }> {
      try {
        await removeMember(user.id, memberId);
      } catch (error) {
        if (error instanceof TeamWriteRefused) throw new NotFoundError(TEAM_TEXTS.memberNotFound);
        throw error;
      }
      return { socketsClosed: await sockets.closeSessionSockets(memberId, { inWorkspace: user.id }) };
    },
  };
}
