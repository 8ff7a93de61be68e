import { teamIdParams } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { team } from './team-deps';

const route = httpRoute('team/revoke-invitation');

/** `DELETE /api/team/invitations/{id}`: the link stops working and the seat is free again. */
export const handler = httpHandler({ route, path: teamIdParams }, async ({ user, path }) => {
  await team.revoke(user, path.id);
  return { success: true };
});
