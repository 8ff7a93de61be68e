import * as z from 'zod/mini';
import { email } from './auth';
import { idToken } from './text';

/**
 * Teams (DECISIONS 31): a PLUS owner invites teammates by e-mail into their workspace, up to the plan's
 * team users (the owner included). A pending invitation holds a seat until it is accepted or revoked.
 * The API's request schemas; its words and answers are in team-texts.ts, which the app's shell reads
 * without loading any validation code.
 */

export const inviteInput = z.object({ email });
export type InviteInput = z.infer<typeof inviteInput>;

export const acceptTeamInvitationInput = z.object({
  token: z
    .string({ error: 'token is required' })
    .check(
      z.minLength(16, 'token is not valid'),
      z.maxLength(128, 'token is not valid'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'token is not valid'),
    ),
});
export type AcceptTeamInvitationInput = z.infer<typeof acceptTeamInvitationInput>;

export const teamIdParams = z.object({
  id: z.string().check(z.minLength(1, 'id is required'), z.maxLength(128, 'id is too long'), idToken('id')),
});

export const switchWorkspaceInput = z.object({
  workspaceId: z
    .string({ error: 'workspaceId is required' })
    .check(
      z.minLength(1, 'workspaceId is required'),
      z.maxLength(128, 'workspaceId is too long'),
      idToken('workspaceId'),
    ),
});
export type SwitchWorkspaceInput = z.infer<typeof switchWorkspaceInput>;
