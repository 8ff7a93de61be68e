import { teamIdParams } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { memberRemoval } from './team-deps';

/** `DELETE /api/team/members/{id}`: the member leaves the workspace; what they made stays. */
export const handler = httpHandler({ path: teamIdParams }, async ({ user, path }) => {
  await memberRemoval.removeMember(user, path.id);
  return { success: true };
});
