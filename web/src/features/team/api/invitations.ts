import type { AcceptInvitationInput } from '../../../../../shared/team';
import { post } from '../../../lib/api-client';

/** `POST /api/team/invitations/accept`'s answer: the workspace the signed-in person joined. */
export interface AcceptInvitationResponse {
  success: boolean;
  data: { workspace: { id: string; name: string }; joinedAt: string };
}

/** `POST /api/team/invitations/accept` `{token}` (DECISIONS 31): the invited person joins the team. */
export function acceptInvitation({ token }: AcceptInvitationInput) {
  return post<AcceptInvitationResponse>('/team/invitations/accept', { token });
}
