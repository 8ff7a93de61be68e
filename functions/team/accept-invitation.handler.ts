import { acceptInvitationInput } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { team } from './team-deps';

/** `POST /api/team/invitations/accept` `{token}`: the signed-in person joins the inviting workspace. */
export const handler = httpHandler({ body: acceptInvitationInput }, async ({ user, body }) => ({
  success: true,
  data: await team.accept(user, body.token),
}));
