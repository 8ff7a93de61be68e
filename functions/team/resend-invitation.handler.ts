import { TEAM_TEXTS, teamIdParams } from '../../shared/team';
import { httpHandler } from '../core/http-handler';
import { team } from './team-deps';

/** `POST /api/team/invitations/{id}/resend`: a new link (the old one stops working), e-mailed again. */
export const handler = httpHandler({ path: teamIdParams }, async ({ user, path }) => {
  const invitation = await team.resend(user, path.id);
  return { success: true, message: TEAM_TEXTS.invited(invitation.email), data: { invitation } };
});
