import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/core/table';
import { TEAM_TEXTS } from '../../shared/team-texts';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, signIn, type TestUser } from '../support/api-client';
import { storeJob } from '../support/jobs';
import { lastMailTo, linkToken } from '../support/outbox';
import { scanTable } from '../support/table-items';
import { INVITE_SUBJECT, joinTeam } from '../support/teams';
import { newUser } from '../support/users';

/**
 * Account deletion in a team (DECISIONS 10 and 31, issue 22 point 4): an owner's account takes the
 * workspace with it and its members are told by e-mail (they stay signed in, in their own workspace);
 * a member's account leaves the team's workspace as it was, seat given back.
 */
let env: AccountsEnv;
let api: Api;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
});

afterAll(async () => {
  await env?.close();
});

const deleteAccount = (person: TestUser) =>
  api.delete('/api/users/account', { password: person.password }, { token: person.accessToken });
const workspacesOf = async (person: TestUser) => {
  const res = await api.get('/api/workspaces', { token: person.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

describe('deleting an account in a team', () => {
  it("deletes the owner's workspace, tells its members, and leaves them signed in to their own", async () => {
    const [owner, mate, invited] = await Promise.all([
      newUser({ plan: 'PLUS', firstName: 'Olga', lastName: 'Owner' }),
      newUser(),
      newUser(),
    ]);
    await joinTeam(api, env.stateDir, owner, mate);
    expect(
      (await api.post('/api/team/invitations', { email: invited.email }, { token: owner.accessToken }))
        .status,
    ).toBe(201);
    const pendingToken = linkToken(
      await lastMailTo(env.stateDir, invited.email, INVITE_SUBJECT),
      '/team/accept',
    );
    await storeJob(owner.id, 'job-of-the-team');
    expect((await workspacesOf(mate)).current).toBe(owner.id);

    const deleted = await deleteAccount(owner);
    expect(deleted.status, deleted.text).toBe(200);

    const mail = await lastMailTo(env.stateDir, mate.email, 'workspace was deleted');
    expect(mail.subject).toBe("Olga Owner's Trobly workspace was deleted");
    expect(mail.text).toContain('Your own account and workspace are not affected.');
    // The member's session goes on, in their own workspace, which is the only one left.
    expect(await workspacesOf(mate)).toEqual({
      current: mate.id,
      workspaces: [expect.objectContaining({ id: mate.id, role: 'owner' })],
      brand: null,
    });
    expect((await api.get('/api/automation', { token: mate.accessToken })).status).toBe(200);
    // Their next sign-in, which would resume the team's workspace they used last, lands in their own
    // (DECISIONS 34: the team is gone).
    const next = await signIn(api, mate.email, mate.password);
    expect(next.user.workspace).toBeUndefined();
    expect((await api.get('/api/workspaces', { token: next.accessToken })).body.data.current).toBe(mate.id);
    // The pending invitation's link no longer works.
    const late = await api.post(
      '/api/team/invitations/accept',
      { token: pendingToken },
      { token: invited.accessToken },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(TEAM_TEXTS.invitationInvalid);
    // Nothing of the workspace is left: not its partition, not the member's side, not the link.
    const left = (await scanTable()).filter(
      (item) =>
        item.pk === keys.userPartition(owner.id) ||
        item.ownerId === owner.id ||
        String(item.sk).startsWith(`WORKSPACE#${owner.id}`),
    );
    expect(left).toEqual([]);
  });

  it("leaves the team's workspace intact when a member deletes theirs, and gives the seat back", async () => {
    const [owner, mate] = await Promise.all([newUser({ plan: 'PLUS' }), newUser()]);
    await joinTeam(api, env.stateDir, owner, mate);
    await storeJob(owner.id, 'job-kept');

    const deleted = await deleteAccount(mate);
    expect(deleted.status, deleted.text).toBe(200);

    const team = await api.get('/api/team', { token: owner.accessToken });
    expect(team.body.data.team).toMatchObject({ members: [], seats: { used: 1, total: 3 } });
    const automations = await api.get('/api/automation', { token: owner.accessToken });
    expect(automations.status, automations.text).toBe(200);
    expect(JSON.stringify(automations.body)).toContain('job-kept');
    expect((await scanTable()).filter((item) => JSON.stringify(item).includes(mate.id))).toEqual([]);
  });
});
