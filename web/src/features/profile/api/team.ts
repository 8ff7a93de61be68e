import useSWR from 'swr';
import type { TeamView } from '../../../../../shared/team-texts';
import { del, post } from '../../../lib/api-client';
import { withFields } from '../../../lib/swr-answers';

/**
 * The Team section's calls (DECISIONS 31): the owner's team, invitations and members. The SWR key is
 * the API path, fetched by the app's one client.
 */
export const TEAM_KEY = '/team';

export type TeamInvitation = TeamView['invitations'][number];
export type TeamMember = TeamView['members'][number];

interface TeamResponse {
  data: { team: TeamView };
}

/** The API's answer to an invite or a resend: its message names the address ('Invitation sent to x'). */
export interface TeamInvitationResponse {
  success: boolean;
  message?: string;
  data: { invitation: TeamInvitation };
}

/** `GET /api/team`; nothing is asked while `enabled` is false (a plan without teammates). */
export function useTeam(enabled: boolean) {
  const answer = useSWR<TeamResponse>(enabled ? TEAM_KEY : null, { shouldRetryOnError: false });
  return withFields(answer, { team: answer.data?.data.team });
}

const teamInvitationPath = (id: string) => `${TEAM_KEY}/invitations/${encodeURIComponent(id)}`;

/** `POST /api/team/invitations` `{email}`: 201 with the pending invitation. */
export function inviteTeammate(email: string) {
  return post<TeamInvitationResponse>(`${TEAM_KEY}/invitations`, { email });
}

/** `POST /api/team/invitations/{id}/resend`: a new link, e-mailed again (the old one stops working). */
export function resendTeamInvitation(id: string) {
  return post<TeamInvitationResponse>(`${teamInvitationPath(id)}/resend`);
}

/** `DELETE /api/team/invitations/{id}`: the link stops working and the seat is free again. */
export function revokeTeamInvitation(id: string) {
  return del<{ success: boolean }>(teamInvitationPath(id));
}

/** `DELETE /api/team/members/{userId}`: the member leaves the workspace; what they made stays. */
export function removeTeamMember(userId: string) {
  return del<{ success: boolean }>(`${TEAM_KEY}/members/${encodeURIComponent(userId)}`);
}
