import { inviteInput } from '../../shared/team';
import { TEAM_TEXTS } from '../../shared/team-texts';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { team } from './team-deps';

const route = httpRoute('team/invite');

/** `POST /api/team/invitations` `{email}`: takes a seat and e-mails the link to the accept page. */
export const handler = httpHandler({ route, body: inviteInput }, async ({ user, body }) => {
  const teamInvitation = await team.invite(user, body.email);
  return respond(201, {
    success: true,
    message: TEAM_TEXTS.invited(teamInvitation.email),
    data: { invitation: teamInvitation },
  });
});
