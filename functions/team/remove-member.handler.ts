import { teamIdParams } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { memberRemoval } from './team-deps';

const route = httpRoute('team/remove-member');

/** `DELETE /api/team/members/{id}`: the member leaves the workspace; what they made stays. */
export const handler = httpHandler({ route, path: teamIdParams }, async ({ user, path }) => {
  await memberRemoval.removeMember(user, path.id);
  return { success: true };
});
