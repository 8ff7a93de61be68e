import { inviteInput, TEAM_TEXTS } from '../../shared/team';
import { httpHandler, respond } from '../core/http-handler';
import { team } from './team-deps';

/** `POST /api/team/invitations` `{email}`: takes a seat and e-mails the link to the accept page. */
export const handler = httpHandler({ body: inviteInput }, async ({ user, body }) => {
  const invitation = await team.invite(user, body.email);
  return respond(201, { success: true, message: TEAM_TEXTS.invited(invitation.email), data: { invitation } });
});
