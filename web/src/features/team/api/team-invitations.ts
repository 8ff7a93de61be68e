import type { AcceptTeamInvitationInput } from '../../../../../shared/team';
import { post } from '../../../lib/api-client';

/** `POST /api/team/invitations/accept`'s answer: the workspace the signed-in person joined. */
export interface AcceptTeamInvitationResponse {
  success: boolean;
  data: { workspace: { id: string; name: string }; joinedAt: string };
}

/** `POST /api/team/invitations/accept` `{token}` (DECISIONS 31): the invited person joins the team. */
export function acceptTeamInvitation({ token }: AcceptTeamInvitationInput) {
  return post<AcceptTeamInvitationResponse>('/team/invitations/accept', { token });
}
