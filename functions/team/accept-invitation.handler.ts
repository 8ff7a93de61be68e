import { acceptTeamInvitationInput } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { team } from './team-deps';

const route = httpRoute('team/accept-invitation');

/** `POST /api/team/invitations/accept` `{token}`: the signed-in person joins the inviting workspace. */
export const handler = httpHandler({ route, body: acceptTeamInvitationInput }, async ({ user, body }) => ({
  success: true,
  data: await team.accept(user, body.token),
}));
