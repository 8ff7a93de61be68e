import { expect } from 'vitest';
import type { Api, TestUser } from './api-client';
import { lastMailTo, linkToken } from './outbox';

/** The subject words of the team invitation e-mail (functions/auth/mail-templates.ts). */
export const INVITE_SUBJECT = 'invited you to their team';

/**
 * Makes `mate` a member of `owner`'s team through the routes a person uses (the owner invites, the
 * e-mailed link's token is accepted), and by default switches the mate's session into the owner's
 * workspace (PUT /api/workspaces/current).
 */
export async function joinTeam(
  api: Api,
  stateDir: string,
  owner: TestUser,
  mate: TestUser,
  { switchTo = true }: { switchTo?: boolean } = {},
): Promise<void> {
  const invited = await api.post(
    '/api/team/invitations',
    { email: mate.email },
    { token: owner.accessToken },
  );
  expect(invited.status, invited.text).toBe(201);
  const token = linkToken(await lastMailTo(stateDir, mate.email, INVITE_SUBJECT), '/team/accept');
  const accepted = await api.post('/api/team/invitations/accept', { token }, { token: mate.accessToken });
  expect(accepted.status, accepted.text).toBe(200);
  if (switchTo) await switchWorkspace(api, mate, owner.id);
}

/** The person's session acts in `workspaceId` from its next request. */
export async function switchWorkspace(api: Api, person: TestUser, workspaceId: string): Promise<void> {
  const res = await api.put('/api/workspaces/current', { workspaceId }, { token: person.accessToken });
  expect(res.status, res.text).toBe(200);
}
