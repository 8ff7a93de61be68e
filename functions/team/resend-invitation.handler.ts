import { teamIdParams } from '../../shared/team';
import { TEAM_TEXTS } from '../../shared/team-texts';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { team } from './team-deps';

const route = httpRoute('team/resend-invitation');

/** `POST /api/team/invitations/{id}/resend`: a new link (the old one stops working), e-mailed again. */
export const handler = httpHandler({ route, path: teamIdParams }, async ({ user, path }) => {
  const teamInvitation = await team.resend(user, path.id);
  return {
    success: true,
    message: TEAM_TEXTS.invited(teamInvitation.email),
    data: { invitation: teamInvitation },
  };
});
