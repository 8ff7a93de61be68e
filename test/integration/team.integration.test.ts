import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSessionWorkspace } from '../../functions/auth/session-repository';
import { updateUser } from '../../functions/auth/user-repository';
import { MESSAGES } from '../../shared/auth';
import { linkInNameMessage } from '../../shared/contact-like';
import { limitsFor } from '../../shared/plan-policy';
import { TEAM_TEXTS, WORKSPACE_TEXTS } from '../../shared/team-texts';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, signIn, type TestUser } from '../support/api-client';
import { lastMailTo, linkToken, mailsTo } from '../support/outbox';
import { joinTeam, switchWorkspace } from '../support/teams';
import { newUser, warmUsers } from '../support/users';

/**
 * Teams (DECISIONS 31, issue 22 point 2) on DynamoDB Local through the route table: the seats (a
 * pending invitation holds one; never more than the plan's, also when invitations arrive at once),
 * the e-mailed link and its accept (once, by the invited address, not after a revoke or a resend),
 * the member's removal, and the owner's routes acting on the caller's own team only.
 */
let env: AccountsEnv;
let api: Api;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  await warmUsers(18, 'team');
});

afterAll(async () => {
  await env?.close();
});

const INVITE_SUBJECT = 'invited you to their team';
const invite = (owner: TestUser, email: string) =>
  api.post('/api/team/invitations', { email }, { token: owner.accessToken });
const teamOf = async (owner: TestUser) => {
  const res = await api.get('/api/team', { token: owner.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data.team;
};
const tokenSentTo = async (email: string) =>
  linkToken(await lastMailTo(env.stateDir, email, INVITE_SUBJECT), '/team/accept');
const accept = (person: TestUser, token: string) =>
  api.post('/api/team/invitations/accept', { token }, { token: person.accessToken });
const conflict = (message: string) => ({ code: 'CONFLICT', message });

describe('POST /api/team/invitations', () => {
  it('is refused below PLUS, with the upgrade words, and invites on PLUS', async () => {
    const pro = await newUser({ plan: 'PRO' });
    const refused = await invite(pro, 'someone@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.notInPlan });

    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    const res = await invite(owner, mate.email.toUpperCase());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: `Invitation sent to ${mate.email}`,
      data: { invitation: { id: expect.any(String), email: mate.email, expiresAt: expect.any(String) } },
    });
    const mail = await lastMailTo(env.stateDir, mate.email, INVITE_SUBJECT);
    expect(mail.text).toContain('The link works for 7 days');
    expect(await teamOf(owner)).toMatchObject({
      owner: { id: owner.id, email: owner.email },
      members: [],
      invitations: [{ email: mate.email }],
      seats: { used: 2, total: 3 },
    });
  });

  it('holds a seat per pending team invitation: the third is refused at 3 of 3, and a revoke frees one', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    expect((await invite(owner, 'one@example.com')).status).toBe(201);
    expect((await invite(owner, 'two@example.com')).status).toBe(201);
    const third = await invite(owner, 'three@example.com');
    expect(third.status).toBe(409);
    expect(third.body).toEqual(conflict(TEAM_TEXTS.seatsFull(3)));
    const team = await teamOf(owner);
    expect(team.seats).toEqual({ used: 3, total: 3 });

    const revoked = await api.delete(`/api/team/invitations/${team.invitations[0].id}`, undefined, {
      token: owner.accessToken,
    });
    expect(revoked.status).toBe(200);
    expect((await teamOf(owner)).seats).toEqual({ used: 2, total: 3 });
    expect((await invite(owner, 'three@example.com')).status).toBe(201);
  });

  it('never takes more seats than the plan has when team invitations arrive at once', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => invite(owner, `at-once-${i}@example.com`)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(4);
    const team = await teamOf(owner);
    expect(team.invitations).toHaveLength(2);
    expect(team.seats).toEqual({ used: 3, total: 3 });
  });

  it('refuses the owner’s own address, an address already invited, and a bad address', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    expect((await invite(owner, owner.email)).body).toEqual(conflict(TEAM_TEXTS.yourself));
    expect((await invite(owner, 'twice@example.com')).status).toBe(201);
    const again = await invite(owner, 'Twice@Example.com');
    expect(again.status).toBe(409);
    expect(again.body).toEqual(conflict(TEAM_TEXTS.alreadyInvited));
    const bad = await invite(owner, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.emailInvalid);
    expect((await teamOf(owner)).seats.used).toBe(2);
  });
});

describe('team invitation e-mails are limited (issue 34 point 2)', () => {
  const revoke = (owner: TestUser, id: string) =>
    api.delete(`/api/team/invitations/${id}`, undefined, { token: owner.accessToken });
  const resend = (owner: TestUser, id: string) =>
    api.post(`/api/team/invitations/${id}/resend`, {}, { token: owner.accessToken });
  const outside = () => `outside-${crypto.randomUUID()}@example.net`;

  it('sends one address 3 in an hour: a 4th resend is a 429 with Retry-After, and no mail', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const address = outside();
    const sent = await invite(owner, address);
    expect(sent.status, sent.text).toBe(201);
    const id = sent.body.data.invitation.id as string;
    for (let i = 0; i < 2; i++) expect((await resend(owner, id)).status).toBe(200);
    const refused = await resend(owner, id);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: TEAM_TEXTS.tooManyToAddress });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(env.stateDir, address)).toHaveLength(3);
  });

  it('stops a revoke and invite-again loop at the same 3 mails to one address, from any owner', async () => {
    const [owner, other] = await Promise.all([newUser({ plan: 'PLUS' }), newUser({ plan: 'PLUS' })]);
    const address = outside();
    for (let i = 0; i < 2; i++) {
      const sent = await invite(owner, address);
      expect(sent.status, sent.text).toBe(201);
      expect((await revoke(owner, sent.body.data.invitation.id)).status).toBe(200);
    }
    expect((await invite(other, address)).status).toBe(201);
    const refused = await invite(owner, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TEAM_TEXTS.tooManyToAddress);
    expect(await mailsTo(env.stateDir, address)).toHaveLength(3);
    // Nothing was written by the refused invite: the owner has no pending invitation.
    expect((await teamOf(owner)).invitations).toEqual([]);
  });

  it('sends 20 from one owner in an hour and refuses the 21st, to a new address', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    for (let i = 0; i < 20; i++) {
      const sent = await invite(owner, outside());
      expect(sent.status, sent.text).toBe(201);
      expect((await revoke(owner, sent.body.data.invitation.id)).status).toBe(200);
    }
    const address = outside();
    const refused = await invite(owner, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TEAM_TEXTS.tooManyFromOwner);
    expect(await mailsTo(env.stateDir, address)).toEqual([]);
  });

  it('does not count a team invitation that was refused for its seats', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const address = outside();
    expect((await invite(owner, outside())).status).toBe(201);
    expect((await invite(owner, outside())).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await invite(owner, address)).status).toBe(409);
    const team = await teamOf(owner);
    await revoke(owner, team.invitations[0].id);
    expect((await invite(owner, address)).status).toBe(201);
  });
});

describe('names in the team invitation mail (issue 34 point 3)', () => {
  it('refuses a name holding a web address, domain or e-mail address on the profile', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const res = await api.put(
      '/api/users/profile',
      {
        firstName: 'Security team: verify at',
        lastName: 'https://evil.example/login',
        username: owner.username,
      },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'lastName', message: linkInNameMessage('Last name') }]);
  });

  it('never puts a stored link-like name in the mail, and no subject holds more than a name', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    // Stored before the rule: the mail still carries no part of it.
    await updateUser(owner.id, {
      firstName: 'Security team: verify at',
      lastName: 'https://evil.example/login',
    });
    const address = `mate-${crypto.randomUUID()}@example.net`;
    expect((await invite(owner, address)).status).toBe(201);
    const mail = await lastMailTo(env.stateDir, address, INVITE_SUBJECT);
    expect(mail.subject).toBe('Someone invited you to their team on Trobly');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('evil.example');
    expect(mail.links.some((link) => link.includes('evil'))).toBe(false);

    const longName = await newUser({ plan: 'PLUS' });
    await updateUser(longName.id, { firstName: 'A'.repeat(50), lastName: 'B'.repeat(50) });
    const other = `mate-${crypto.randomUUID()}@example.net`;
    expect((await invite(longName, other)).status).toBe(201);
    const subject = (await lastMailTo(env.stateDir, other, INVITE_SUBJECT)).subject;
    expect(subject).toBe(`${'A'.repeat(49)}… invited you to their team on Trobly`);
  });
});

describe('POST /api/team/invitations/accept', () => {
  it('makes the invited person a member once: a second accept, and one after it, are refused', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await invite(owner, mate.email);
    const token = await tokenSentTo(mate.email);

    const [first, second] = await Promise.all([accept(mate, token), accept(mate, token)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.data).toMatchObject({ workspace: { id: owner.id } });

    const team = await teamOf(owner);
    expect(team.members).toEqual([
      { userId: mate.id, email: mate.email, name: expect.any(String), joinedAt: expect.any(String) },
    ]);
    expect(team.invitations).toEqual([]);
    expect(team.seats).toEqual({ used: 2, total: 3 });
    const later = await accept(mate, token);
    expect(later.body).toEqual(conflict(TEAM_TEXTS.invitationInvalid));
    // A member is not invited again.
    expect((await invite(owner, mate.email)).body).toEqual(conflict(TEAM_TEXTS.alreadyMember));
  });

  it('is refused after a revoke, and for the old link after a resend (the new one works)', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const [revokedMate, resentMate] = await Promise.all([newUser(), newUser()]);
    const revoked = await invite(owner, revokedMate.email);
    const revokedToken = await tokenSentTo(revokedMate.email);
    await api.delete(`/api/team/invitations/${revoked.body.data.invitation.id}`, undefined, {
      token: owner.accessToken,
    });
    expect((await accept(revokedMate, revokedToken)).body).toEqual(conflict(TEAM_TEXTS.invitationInvalid));

    const resent = await invite(owner, resentMate.email);
    const oldToken = await tokenSentTo(resentMate.email);
    const again = await api.post(
      `/api/team/invitations/${resent.body.data.invitation.id}/resend`,
      {},
      { token: owner.accessToken },
    );
    expect(again.status, again.text).toBe(200);
    const newToken = await tokenSentTo(resentMate.email);
    expect(newToken).not.toBe(oldToken);
    expect((await accept(resentMate, oldToken)).body).toEqual(conflict(TEAM_TEXTS.invitationInvalid));
    expect((await accept(resentMate, newToken)).status).toBe(200);
  });

  it('is refused to another account than the invited address, and to the owner', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const [invited, other] = await Promise.all([newUser(), newUser()]);
    await invite(owner, invited.email);
    const token = await tokenSentTo(invited.email);
    const wrong = await accept(other, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.wrongAccount(invited.email) });
    expect((await accept(owner, token)).body).toEqual(conflict(TEAM_TEXTS.ownTeam));
    expect((await teamOf(owner)).members).toEqual([]);
    expect((await accept(invited, token)).status).toBe(200);
  });

  it('is refused once the owner’s plan has dropped below PLUS', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await invite(owner, mate.email);
    const token = await tokenSentTo(mate.email);
    await updateUser(owner.id, { plan: 'PRO' });
    expect((await accept(mate, token)).body).toEqual(conflict(TEAM_TEXTS.teamUnavailable));
  });
});

describe('the owner’s routes act on their own team only', () => {
  it('removes a member once, freeing the seat; another owner can neither revoke nor remove', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const outsider = await newUser({ plan: 'PLUS' });
    const [mate, pending] = await Promise.all([newUser(), newUser()]);
    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));
    const teamInvitation = (await invite(owner, pending.email)).body.data.invitation;

    const notTheirs = await api.delete(`/api/team/invitations/${teamInvitation.id}`, undefined, {
      token: outsider.accessToken,
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ code: 'NOT_FOUND', message: TEAM_TEXTS.invitationNotFound });
    const notTheirMember = await api.delete(`/api/team/members/${mate.id}`, undefined, {
      token: outsider.accessToken,
    });
    expect(notTheirMember.status).toBe(404);
    expect((await teamOf(outsider)).members).toEqual([]);
    expect((await teamOf(owner)).seats.used).toBe(3);

    const removed = await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    expect(removed.status).toBe(200);
    const team = await teamOf(owner);
    expect(team.members).toEqual([]);
    expect(team.seats.used).toBe(2);
    const twice = await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    expect(twice.body).toEqual({ code: 'NOT_FOUND', message: TEAM_TEXTS.memberNotFound });
  });
});

/** The session acting in another's workspace, as the workspace switch will set it (DECISIONS 31). */
async function actIn(person: TestUser, workspaceId: string): Promise<void> {
  await setSessionWorkspace(person.id, person.sessionId, workspaceId);
}

describe('a session acting in a team’s workspace', () => {
  const usage = (person: TestUser) => api.get('/api/users/usage', { token: person.accessToken });

  it('acts on the owner’s workspace and plan; the owner’s routes refuse the member', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));

    expect((await usage(mate)).body.data.usage.limit).toBe(limitsFor('FREE').monthlyProfiles);
    await actIn(mate, owner.id);
    const inTeam = await usage(mate);
    expect(inTeam.status, inTeam.text).toBe(200);
    expect(inTeam.body.data.usage.limit).toBe(limitsFor('PLUS').monthlyProfiles);

    for (const [method, path] of [
      ['GET', '/api/team'],
      ['POST', '/api/team/invitations'],
      ['POST', '/api/billing/start-trial'],
    ] as const) {
      const res = await api.request(method, path, method === 'GET' ? undefined : { email: 'x@example.com' }, {
        token: mate.accessToken,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.ownerOnly });
    }
    expect((await api.get('/api/auth/me', { token: mate.accessToken })).status).toBe(200);
  });

  it('is suspended, deleting nothing, while the owner’s plan is below PLUS, and serves again after', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));
    await actIn(mate, owner.id);

    await updateUser(owner.id, { plan: 'PRO' });
    const suspended = await usage(mate);
    expect(suspended.status).toBe(403);
    expect(suspended.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.teamUnavailable });
    // Who they are and signing out still work, so the app can take them back to their own workspace.
    expect((await api.get('/api/auth/me', { token: mate.accessToken })).status).toBe(200);

    await updateUser(owner.id, { plan: 'PLUS' });
    expect((await usage(mate)).status).toBe(200);
    expect((await teamOf(owner)).members).toHaveLength(1);
  });

  it('ends at once when the member is removed, or when the person never was one', async () => {
    const owner = await newUser({ plan: 'PLUS', firstName: 'Rhea', lastName: 'Remover' });
    const [mate, stranger] = await Promise.all([newUser(), newUser()]);
    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));
    await actIn(mate, owner.id);
    expect((await usage(mate)).status).toBe(200);

    await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    const ended = await usage(mate);
    expect(ended.status).toBe(403);
    expect(ended.body).toEqual(removedFrom('Rhea Remover'));

    // Only a member's switch or pairing names a team's workspace; one named otherwise is refused alike.
    await actIn(stranger, owner.id);
    expect((await usage(stranger)).status).toBe(403);
  });
});

const removedFrom = (owner: string) => ({
  code: 'REMOVED_FROM_WORKSPACE',
  message: WORKSPACE_TEXTS.removed(owner),
});

describe('a teammate’s sign-in continues where they worked (DECISIONS 34)', () => {
  const signInAgain = (person: TestUser) => signIn(api, person.email, person.password);
  const usageLimit = async (token: string) => {
    const res = await api.get('/api/users/usage', { token });
    expect(res.status, res.text).toBe(200);
    return res.body.data.usage.limit;
  };
  const currentOf = async (token: string) =>
    (await api.get('/api/workspaces', { token })).body.data.current as string;

  it('resumes the team’s workspace the teammate switched to last, and their own once they switched back', async () => {
    const owner = await newUser({ plan: 'PLUS', firstName: 'Lena', lastName: 'Lead' });
    const mate = await newUser();
    await joinTeam(api, env.stateDir, owner, mate, { switchTo: false });
    // A member who never switched keeps signing in to their own.
    const before = await signInAgain(mate);
    expect(before.user.workspace).toBeUndefined();
    expect(await currentOf(before.accessToken)).toBe(mate.id);

    await switchWorkspace(api, mate, owner.id);
    const resumed = await signInAgain(mate);
    expect(resumed.user).toMatchObject({ id: mate.id, plan: 'FREE' });
    expect(resumed.user.workspace).toEqual({
      id: owner.id,
      name: 'Lena Lead',
      plan: 'PLUS',
      trialEndsAt: null,
    });
    expect(await currentOf(resumed.accessToken)).toBe(owner.id);
    expect(await usageLimit(resumed.accessToken)).toBe(limitsFor('PLUS').monthlyProfiles);
    // Renewing keeps the workspace, and answers the user as who-am-I does.
    const renewed = await api.post('/api/auth/refresh', { refreshToken: resumed.refreshToken });
    expect(renewed.body.data.user.workspace).toMatchObject({ id: owner.id, plan: 'PLUS' });

    await switchWorkspace(api, { ...mate, accessToken: renewed.body.data.accessToken }, mate.id);
    const own = await signInAgain(mate);
    expect(own.user.workspace).toBeUndefined();
    expect(await currentOf(own.accessToken)).toBe(mate.id);
    expect(await usageLimit(own.accessToken)).toBe(limitsFor('FREE').monthlyProfiles);
  });

  it('lands in their own workspace while the owner’s plan is below PLUS, and in the team’s when it returns', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await joinTeam(api, env.stateDir, owner, mate);

    await updateUser(owner.id, { plan: 'PRO' });
    const paused = await signInAgain(mate);
    expect(paused.user.workspace).toBeUndefined();
    expect(await currentOf(paused.accessToken)).toBe(mate.id);
    expect(await usageLimit(paused.accessToken)).toBe(limitsFor('FREE').monthlyProfiles);

    await updateUser(owner.id, { plan: 'PLUS' });
    const back = await signInAgain(mate);
    expect(back.user.workspace?.id).toBe(owner.id);
    expect(await usageLimit(back.accessToken)).toBe(limitsFor('PLUS').monthlyProfiles);
  });

  it('tells a removed teammate why on their next request and keeps their own workspace open', async () => {
    const owner = await newUser({ plan: 'PLUS', firstName: 'Olga', lastName: 'Owner' });
    const mate = await newUser();
    await joinTeam(api, env.stateDir, owner, mate);
    // A second sign-in resumes the team's workspace; this one goes back to the teammate's own.
    const second = await signInAgain(mate);
    expect(await currentOf(second.accessToken)).toBe(owner.id);
    await switchWorkspace(api, { ...mate, ...second }, mate.id);

    const removed = await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    expect(removed.status, removed.text).toBe(200);

    // The session in the team's workspace: refused with why, on every data route, until it goes back.
    for (const path of ['/api/users/usage', '/api/automation']) {
      const refused = await api.get(path, { token: mate.accessToken });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual(removedFrom('Olga Owner'));
    }
    // Who they are, their workspaces and the switch answer in their own workspace: the way back.
    const me = await api.get('/api/auth/me', { token: mate.accessToken });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.user.workspace).toBeUndefined();
    const listed = (await api.get('/api/workspaces', { token: mate.accessToken })).body.data;
    expect(listed.current).toBe(mate.id);
    expect(listed.workspaces.map((w: { id: string }) => w.id)).toEqual([mate.id]);
    const renewed = await api.post('/api/auth/refresh', { refreshToken: mate.refreshToken });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.data.user.workspace).toBeUndefined();
    const token = renewed.body.data.accessToken;
    const back = await api.put('/api/workspaces/current', { workspaceId: mate.id }, { token });
    expect(back.status, back.text).toBe(200);
    expect(back.body.message).toBe(WORKSPACE_TEXTS.switchedOwn);
    expect(await usageLimit(token)).toBe(limitsFor('FREE').monthlyProfiles);
    // The session that was in their own workspace never noticed; a new sign-in lands there too.
    expect(await usageLimit(second.accessToken)).toBe(limitsFor('FREE').monthlyProfiles);
    expect(await currentOf((await signInAgain(mate)).accessToken)).toBe(mate.id);
  });

  it('lands a removed teammate who still had the team’s workspace as their last in their own', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    await joinTeam(api, env.stateDir, owner, mate);
    await api.delete(`/api/team/members/${mate.id}`, undefined, { token: owner.accessToken });
    const next = await signInAgain(mate);
    expect(next.user.workspace).toBeUndefined();
    expect(await currentOf(next.accessToken)).toBe(mate.id);
    expect(await usageLimit(next.accessToken)).toBe(limitsFor('FREE').monthlyProfiles);
  });
});

describe('GET /api/workspaces and PUT /api/workspaces/current', () => {
  const workspacesOf = async (person: TestUser) => {
    const res = await api.get('/api/workspaces', { token: person.accessToken });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const switchTo = (person: TestUser, workspaceId: string) =>
    api.put('/api/workspaces/current', { workspaceId }, { token: person.accessToken });

  it('lists the person’s own workspace and their teams’, and switches between them', async () => {
    const owner = await newUser({ plan: 'PLUS', firstName: 'Olga', lastName: 'Owner' });
    const mate = await newUser();
    expect(await workspacesOf(mate)).toEqual({
      current: mate.id,
      workspaces: [{ id: mate.id, name: expect.any(String), role: 'owner', available: true }],
      brand: null,
    });
    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));
    expect((await workspacesOf(mate)).workspaces[1]).toEqual({
      id: owner.id,
      name: 'Olga Owner',
      role: 'member',
      available: true,
    });

    const switched = await switchTo(mate, owner.id);
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({
      message: WORKSPACE_TEXTS.switched('Olga Owner'),
      data: { workspace: { id: owner.id, role: 'member' } },
    });
    expect((await workspacesOf(mate)).current).toBe(owner.id);
    expect((await api.get('/api/users/usage', { token: mate.accessToken })).body.data.usage.limit).toBe(
      limitsFor('PLUS').monthlyProfiles,
    );
    // Who-am-I names the workspace and the plan that rules it, which the screens follow.
    const meInTeam = (await api.get('/api/auth/me', { token: mate.accessToken })).body.data.user;
    expect(meInTeam).toMatchObject({ id: mate.id, plan: 'FREE' });
    expect(meInTeam.workspace).toEqual({ id: owner.id, name: 'Olga Owner', plan: 'PLUS', trialEndsAt: null });

    const back = await switchTo(mate, mate.id);
    expect(back.body.message).toBe(WORKSPACE_TEXTS.switchedOwn);
    expect((await workspacesOf(mate)).current).toBe(mate.id);
    expect(
      (await api.get('/api/auth/me', { token: mate.accessToken })).body.data.user.workspace,
    ).toBeUndefined();
  });

  it('refuses a workspace the person is not a member of, and a suspended team’s, keeping the current one', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const [mate, stranger] = await Promise.all([newUser(), newUser()]);
    const notMember = await switchTo(stranger, owner.id);
    expect(notMember.status).toBe(403);
    expect(notMember.body).toEqual({ code: 'FORBIDDEN', message: WORKSPACE_TEXTS.notMember });
    expect((await workspacesOf(stranger)).current).toBe(stranger.id);

    await invite(owner, mate.email);
    await accept(mate, await tokenSentTo(mate.email));
    await switchTo(mate, owner.id);
    await updateUser(owner.id, { plan: 'PRO' });
    // Suspended: the list says so and the switch back still works.
    expect((await workspacesOf(mate)).workspaces[1]).toMatchObject({ id: owner.id, available: false });
    const refused = await switchTo(mate, owner.id);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.teamUnavailable });
    expect((await switchTo(mate, mate.id)).status).toBe(200);
    expect((await api.get('/api/users/usage', { token: mate.accessToken })).status).toBe(200);
  });
});
