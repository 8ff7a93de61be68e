import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSessionWorkspace } from '../../functions/auth/session-repository';
import { findUserById, updateUser } from '../../functions/auth/user-repository';
import { reserveProfiles, usageMonth } from '../../functions/billing/usage-repository';
import { seedCatalogue } from '../../functions/catalog/seed';
import { sandboxUrlFor } from '../../functions/connections/connection-service';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { recordActivity } from '../../functions/flows/activity-repository';
import { audienceItemKey } from '../../functions/flows/audience-repository';
import { addProspect } from '../../functions/flows/prospect-repository';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { settleLeadCount } from '../../functions/leads/lead-count-repository';
import { storeLeads } from '../../functions/leads/lead-repository';
import { httpRoutes } from '../../functions/routes';
import { localQueueName } from '../../scripts/local-cloud/sqs';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { API_KEY_SCOPES, API_KEY_TEXTS, type ApiKeyScope } from '../../shared/api-key-texts';
import { AUTH_TEXTS } from '../../shared/auth';
import { BILLING_TEXTS } from '../../shared/billing';
import { audienceFacets } from '../../shared/flow-audience';
import { limitsFor } from '../../shared/plan-policy';
import { PLATFORM_TABLE, type Platform } from '../../shared/platforms';
import { personName, TEAM_TEXTS, WORKSPACE_TEXTS } from '../../shared/team-texts';
import { type AccountsEnv, APP_URL, useAccountsEnv } from '../support/accounts-env';
import { type Api, type ApiResult, GOOD_PASSWORD, type TestUser, uniqueName } from '../support/api-client';
import { FOLLOWERS, followersConfig, setStatus } from '../support/automations-suite';
import { accessToken, setEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';
import { leadOf } from '../support/leads';
import { lastMailTo, linkToken } from '../support/outbox';
import { getItem } from '../support/table-items';
import { INVITE_SUBJECT, joinTeam } from '../support/teams';
import { newUser, warmUsers } from '../support/users';

/**
 * Issue 22, "the cross-workspace matrix on every route" (DECISIONS 31): every signed-in route of the
 * route table, called by five people and an API key around one PLUS owner's workspace W, which holds a
 * LinkedIn and a Twitter connection, a trob with a job and leads, a flow with a prospect and an
 * activity, and a month's usage:
 *
 * 1. the owner, in W: the route works;
 * 2. a member acting in W: W's data (reads see the owner's, writes land in W), 403 on the owner's
 *    routes, and the person's own account on the personal routes;
 * 3. an outsider (a PLUS user in their own workspace): 404 for W's things by id, lists without them;
 * 4. a removed member (the owner took them off the team): 403 saying so on every route but the
 *    `anyWorkspace` rows, which answer in their own workspace and take them back to it (DECISIONS 34);
 * 5. the member after the owner's plan dropped below PLUS: 403 with the team's words on every route
 *    but the `anyWorkspace` rows; when the plan returns, access returns and nothing was deleted;
 * 6. a member who deletes their own account: only theirs goes;
 * 7. and an API key of the owner (issue 39): W's data on the rows with its scope, 403 on all others.
 *
 * MATRIX below holds one entry per `METHOD path` of the table's signed-in rows (the public and the
 * local cloud's own rows aside): a new signed-in route fails the first test until it has one. Each
 * phase calls every entry in MATRIX's order, which is chosen so that the writes can share the fixtures
 * (a route that would destroy them works on a throwaway resource or session, or is refused after the
 * auth and workspace checks where that proves the point; each entry says which).
 */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;
let owner: TestUser;
let member: TestUser;
let leaver: TestUser;
let outsider: TestUser;

/** The three who call every route for real, and the two the auth hook refuses. */
type Persona = 'owner' | 'member' | 'outsider';
type Anyone = Persona | 'removed' | 'suspended';
const LIVE: readonly Persona[] = ['owner', 'member', 'outsider'];

const person = (who: Anyone): TestUser =>
  ({ owner, member, outsider, removed: leaver, suspended: member })[who];

/** The passwords as they change (the change-password entry changes each live persona's). */
const passwords = new Map<string, string>();
const passwordOf = (who: Anyone) => passwords.get(person(who).id) ?? GOOD_PASSWORD;
const OWNER_PASSWORD = 'Amber-Lighthouse-29';
const NEXT_PASSWORD: Record<Persona, string> = {
  owner: 'Copper-Meadow-58',
  member: 'Silent-Orchard-64',
  outsider: 'Velvet-Canyon-71',
};
const FIRST_NAME: Record<Persona, string> = { owner: 'Olga', member: 'Mia', outsider: 'Otto' };
const BRAND_OF = { owner: 'Olga Co', outsider: 'Otto Works' };

/** W's fixtures; the entries' prepare steps add throwaway resources. */
const LEADS_JOB = 'matrix-leads-job';
const PROSPECT = 'ACoAAmatrix1';
const ACTIVITY = 'matrix-activity-1';
const PROFILES_USED = 7;
const LEADS = [
  leadOf('a1', { name: 'Ada Stone', title: 'Engineering Team Lead', location: 'London' }),
  leadOf('a2', { name: 'Bob Reyes', headline: 'Team Leader at Fintech Co', location: 'Berlin' }),
  leadOf('a3', { name: 'Cy Park', title: 'Sales Representative', location: 'London' }),
];
const fx = {
  linkedin: '',
  twitter: '',
  /** A trob started through the API: its status is set for each call that moves it. */
  ops: '',
  flow: '',
  /** The connection the delete entry removes: a throwaway one of W, or W's LinkedIn for the outsider. */
  connectionToDelete: '',
  /** Each persona's flow from `POST /api/flows`, which its `DELETE /api/flows/{id}` stops. */
  flows: {} as Partial<Record<Persona, string>>,
  /** A pending team invitation of W (one seat is free once the leaver is removed). */
  teamInvitation: undefined as { id: string; email: string; token: string } | undefined,
  /** A fresh sandbox session for the sync entry. */
  session: undefined as { cookies: unknown[]; userAgent: string } | undefined,
  hashes: new Map<string, string>(),
  /** W's API keys: one kept through the matrix, one the owner's revoke takes. */
  apiKeys: {} as Partial<Record<'kept' | 'throwaway', { id: string; secret: string }>>,
};
const flowTemplate = flowTemplates[0]!;
const audienceOfW = () => structuredClone(flowTemplate.defaultConfig.targetingSettings);

const PLUS_LIMIT = limitsFor('PLUS').monthlyProfiles;

beforeAll(async () => {
  env = await useAccountsEnv({ extraQueues: ['trob-runs', 'flow-runs'] });
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv(sandbox.env);
  // The owner signs up with a name and password of their own while the others are warmed (the member,
  // the leaver, the outsider and the last test's member).
  [owner] = await Promise.all([
    newUser({
      plan: 'PLUS',
      connect: ['linkedin', 'twitter'],
      firstName: 'Olga',
      lastName: 'Owner',
      password: OWNER_PASSWORD,
    }),
    seedCatalogue(),
    warmUsers(4, 'matrix'),
  ]);
  [member, leaver, outsider] = await Promise.all([
    newUser(),
    newUser(),
    newUser({ plan: 'PLUS', connect: ['linkedin'] }),
  ]);
  passwords.set(owner.id, OWNER_PASSWORD);
  const W = owner.id;
  await Promise.all([joinTeam(api, env.stateDir, owner, member), joinTeam(api, env.stateDir, owner, leaver)]);

  const connections = (await ownerView('/api/users/platforms')).platforms as {
    id: string;
    platform: string;
  }[];
  const idOf = (platform: Platform) =>
    connections.find((c) => c.platform === PLATFORM_TABLE[platform].record)!.id;
  fx.linkedin = idOf('linkedin');
  fx.twitter = idOf('twitter');

  await storeJob(W, LEADS_JOB, { status: 'completed' });
  await storeLeads({ userId: W, automationId: LEADS_JOB }, LEADS);
  await settleLeadCount(W, LEADS_JOB);
  await reserveProfiles(W, usageMonth(new Date()), PROFILES_USED, PLUS_LIMIT);

  const started = await api.post(
    '/api/automation/start',
    { templateId: FOLLOWERS, config: followersConfig },
    as('owner'),
  );
  expect(started.status, started.text).toBe(201);
  fx.ops = started.body.data.automation.id;

  const flow = await api.post(
    '/api/flows',
    { templateId: flowTemplate.id, config: structuredClone(flowTemplate.defaultConfig) },
    as('owner'),
  );
  expect(flow.status, flow.text).toBe(201);
  fx.flow = flow.body.data.flow.id;
  const at = new Date().toISOString();
  await addProspect(W, fx.flow, {
    id: PROSPECT,
    name: 'Pat Prospect',
    profileUrl: `https://www.linkedin.com/in/${PROSPECT}`,
    jobId: fx.flow,
    status: 'CONTACTED',
    discoveredAt: at,
  });
  await recordActivity(W, fx.flow, {
    id: ACTIVITY,
    type: 'CONNECTION_SENT',
    wasSuccessful: true,
    timestamp: at,
    stage: 'connecting',
    jobId: fx.flow,
    prospect: { id: PROSPECT, name: 'Pat Prospect' },
    description: 'Sent a connection request',
  });
}, 120_000);

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
});

// ---------------------------------------------------------------------------------------------------
// Calls and views

const as = (who: Anyone) => ({ token: person(who).accessToken });

/** What the owner sees of W through the API (`data` of a 200). */
async function ownerView(path: string) {
  const res = await api.get(path, as('owner'));
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.body.data;
}
const idsIn = (items: { id: string }[]) => items.map((item) => item.id);
const automationsOfW = async () =>
  (await ownerView('/api/automation')).automations as { id: string; status: string }[];
const flowsOfW = async () => (await ownerView('/api/flows')).flows as { id: string; status: string }[];
const connectionsOfW = async () => idsIn((await ownerView('/api/users/platforms')).platforms);
const teamOfW = async () => (await ownerView('/api/team')).team;
const memberIds = (team: { members: { userId: string }[] }) => team.members.map((m) => m.userId);
const statusIn = (items: { id: string; status: string }[], id: string) =>
  items.find((i) => i.id === id)?.status;

/**
 * Another session of the person, for the calls that end or move the one they come from (sign-out, the
 * workspace switch): a member's acts in W as their main one does.
 */
async function spareSession(who: Anyone): Promise<string> {
  const token = await accessToken(env.secret, { id: person(who).id });
  if (who === 'member' || who === 'suspended')
    await setSessionWorkspace(person(who).id, String(decodeJwt(token).sid), owner.id);
  return token;
}

const storedStatus = async (id: string) => (await getItem(keys.automation(owner.id, id)))?.status;

async function setFlowStatus(id: string, status: string) {
  // Off the unsent index too, as a run's end leaves a flow: no dispatch picks it up meanwhile.
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.automation(owner.id, id),
      UpdateExpression: 'SET #status = :status REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}

/** A pending team invitation of W to a throwaway address, made once and kept until a revoke takes it. */
async function pendingTeamInvitation() {
  if (fx.teamInvitation) return fx.teamInvitation;
  const email = `${uniqueName('invitee')}@example.test`;
  const res = await api.post('/api/team/invitations', { email }, as('owner'));
  expect(res.status, res.text).toBe(201);
  fx.teamInvitation = { id: res.body.data.invitation.id, email, token: await teamInvitationToken(email) };
  return fx.teamInvitation;
}
/** A new API key of W's owner, with these scopes. */
async function newKeyOfW(scopes: readonly ApiKeyScope[]) {
  const res = await api.post('/api/keys', { name: uniqueName('key'), scopes }, as('owner'));
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.key.id as string, secret: res.body.data.secret as string };
}
/** W's API key with every scope, made once: the seventh phase's caller. */
async function keptKeyOfW() {
  fx.apiKeys.kept ??= await newKeyOfW(API_KEY_SCOPES);
  return fx.apiKeys.kept;
}
const teamInvitationToken = async (email: string) =>
  linkToken(await lastMailTo(env.stateDir, email, INVITE_SUBJECT), '/team/accept');

/** The events of a server-sent-events answer. */
const eventsOf = (res: ApiResult) =>
  res.text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map(
      (frame) => JSON.parse(frame.slice('data: '.length)) as { type: string; data: Record<string, unknown> },
    );

// ---------------------------------------------------------------------------------------------------
// Expectations

type Check = (res: ApiResult, who: Persona, token: string) => unknown | Promise<unknown>;

const status =
  (code: number): Check =>
  (res) =>
    expect(res.status, res.text).toBe(code);

/** W's thing asked for by id from another workspace: not found, and nothing of W in the answer. */
const notFound = (res: ApiResult, message?: string) => {
  expect(res.status, res.text).toBe(404);
  expect(res.body).toEqual({ code: 'NOT_FOUND', message: message ?? expect.any(String) });
  expect(res.text).not.toContain(owner.id);
};

const forbidden = (res: ApiResult, message: string) => {
  expect(res.status, res.text).toBe(403);
  expect(res.body).toEqual({ code: 'FORBIDDEN', message });
};

const self = (res: ApiResult, who: Persona) => {
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.user.id).toBe(person(who).id);
};

// ---------------------------------------------------------------------------------------------------
// The matrix

interface Request {
  path: string;
  body?: unknown;
}

interface Entry {
  /**
   * What the route is to a workspace: W's data, the owner's management of W (the row is ownerOnly),
   * the calling person's own account, or the same for everyone (the catalogues).
   */
  kind: 'workspace' | 'owner-only' | 'personal' | 'shared';
  /** The request (the fixtures' ids filled in); for the removed and suspended member, the member's. */
  request(who: Anyone): Request;
  /** What a live persona's call needs first: a throwaway resource, a status to move. */
  prepare?(who: Persona): Promise<void>;
  /** Live personas call it from a spare session of theirs (the call ends the session it comes from). */
  spare?: true;
  /**
   * What the API key's call needs first, where the owner's preparation is not enough (the owner's own
   * resource was used up in phase 1); else the owner's `prepare` runs.
   */
  keyPrepare?(): Promise<void>;
  owner: Check;
  /** Omitted for the owner's routes: 403 with TEAM_TEXTS.ownerOnly. */
  member?: Check;
  outsider: Check;
  /** The `anyWorkspace` rows only: what the suspended member gets (every other row is refused). */
  suspended?: Check;
}

const ownerOnly = (res: ApiResult) => forbidden(res, TEAM_TEXTS.ownerOnly);

const MATRIX: Record<string, Entry> = {
  // Who the person is, and signing out: their own, whatever the workspace.
  'GET /api/auth/me': {
    kind: 'personal',
    request: () => ({ path: '/api/auth/me' }),
    owner: self,
    member: self,
    outsider: self,
    suspended: self,
  },
  'POST /api/auth/logout': {
    kind: 'personal',
    spare: true,
    request: () => ({ path: '/api/auth/logout' }),
    ...each(async (res, who, token) => {
      expect(res.status, res.text).toBe(204);
      expect((await api.get('/api/auth/me', { token })).status).toBe(401);
      expect((await api.get('/api/auth/me', as(who))).status).toBe(200);
    }),
    suspended: status(204),
  },
  'PUT /api/users/profile': {
    kind: 'personal',
    request: (who) => ({
      path: '/api/users/profile',
      body: {
        firstName: FIRST_NAME[who as Persona] ?? 'Mia',
        lastName: 'Matrix',
        username: person(who).username,
      },
    }),
    ...each(async (res, who) => {
      self(res, who);
      expect(res.body.data.user.firstName).toBe(FIRST_NAME[who]);
      // The owner's profile is the owner's: a member's change is their own.
      expect((await findUserById(owner.id))?.firstName).toBe('Olga');
    }),
  },
  'POST /api/users/change-password': {
    kind: 'personal',
    request: (who) => ({
      path: '/api/users/change-password',
      body: {
        currentPassword: passwordOf(who),
        newPassword: NEXT_PASSWORD[who as Persona] ?? 'Quiet-Harbour-77',
      },
    }),
    prepare: async () => {
      for (const p of [owner, member, outsider])
        fx.hashes.set(p.id, (await findUserById(p.id))!.passwordHash);
    },
    ...each(async (res, who) => {
      expect(res.status, res.text).toBe(200);
      passwords.set(person(who).id, NEXT_PASSWORD[who]);
      // The caller's password changed, nobody else's (a member's is never the owner's).
      for (const p of [owner, member, outsider]) {
        const hash = (await findUserById(p.id))!.passwordHash;
        if (p.id === person(who).id) expect(hash).not.toBe(fx.hashes.get(p.id));
        else expect(hash).toBe(fx.hashes.get(p.id));
      }
      // The session it came from goes on.
      expect((await api.get('/api/auth/me', as(who))).status).toBe(200);
    }),
  },
  'DELETE /api/users/account': {
    kind: 'personal',
    // The accounts must stay for the other entries: each persona sends another person's password (a
    // member the owner's), which the route refuses after the auth and workspace checks. That shows it
    // checks the caller's own account; a member's real deletion is the file's last test.
    request: (who) => ({
      path: '/api/users/account',
      body: { password: who === 'owner' ? passwordOf('member') : passwordOf('owner') },
    }),
    ...each(async (res, who) => {
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(AUTH_TEXTS.passwordWrong);
      expect((await api.get('/api/auth/me', as(who))).status).toBe(200);
      expect((await api.get('/api/auth/me', as('owner'))).status).toBe(200);
    }),
  },
  'POST /api/users/extension/pair': {
    kind: 'personal',
    request: (who) => ({ path: '/api/users/extension/pair', body: { password: passwordOf(who) } }),
    // The extension's session is the person's own.
    ...each((res, who) => {
      expect(res.status, res.text).toBe(201);
      expect(decodeJwt(res.body.data.accessToken).sub).toBe(person(who).id);
    }),
  },
  // The workspaces a person may act in, and the switch.
  'GET /api/workspaces': {
    kind: 'personal',
    request: () => ({ path: '/api/workspaces' }),
    owner: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        current: owner.id,
        workspaces: [{ id: owner.id, role: 'owner' }],
      });
    },
    member: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.current).toBe(owner.id);
      expect(res.body.data.workspaces).toContainEqual(
        expect.objectContaining({ id: owner.id, role: 'member', available: true }),
      );
      // W's brand, as its owner saved it in phase 1 (DECISIONS 32: members see it).
      expect(res.body.data.brand).toMatchObject({ name: BRAND_OF.owner });
    },
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.current).toBe(outsider.id);
      expect(idsIn(res.body.data.workspaces)).not.toContain(owner.id);
      expect(res.text).not.toContain(BRAND_OF.owner);
    },
    suspended: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.workspaces).toContainEqual(
        expect.objectContaining({ id: owner.id, available: false }),
      );
      // Hidden while the plan has no white label, kept for when it returns.
      expect(res.body.data.brand).toBeNull();
    },
  },
  'PUT /api/workspaces/current': {
    kind: 'personal',
    spare: true,
    // The member and the outsider ask for W; the suspended member goes back to their own workspace.
    request: (who) => ({
      path: '/api/workspaces/current',
      body: { workspaceId: who === 'suspended' ? member.id : owner.id },
    }),
    owner: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe(WORKSPACE_TEXTS.switchedOwn);
    },
    member: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.workspace).toMatchObject({ id: owner.id, role: 'member' });
    },
    // 403 is this route's answer to anyone not in the team, whether the workspace exists or not (the
    // outsider learns nothing of W from it).
    outsider: async (res, _, token) => {
      forbidden(res, WORKSPACE_TEXTS.notMember);
      const nowhere = await api.put(
        '/api/workspaces/current',
        { workspaceId: 'no-such-workspace' },
        { token },
      );
      forbidden(nowhere, WORKSPACE_TEXTS.notMember);
    },
    suspended: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe(WORKSPACE_TEXTS.switchedOwn);
    },
  },

  // The owner's management of W: the team, billing and the brand.
  'GET /api/team': {
    kind: 'owner-only',
    request: () => ({ path: '/api/team' }),
    owner: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(memberIds(res.body.data.team).sort()).toEqual([member.id, leaver.id].sort());
    },
    // An outsider sees their own team, none of W's.
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.team.owner.id).toBe(outsider.id);
      expect(res.text).not.toContain(member.id);
    },
  },
  'DELETE /api/team/members/{id}': {
    kind: 'owner-only',
    // The owner's call is the removal that makes the leaver the removed persona (phase 4).
    request: (who) => ({ path: `/api/team/members/${who === 'owner' ? leaver.id : member.id}` }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(memberIds(await teamOfW())).toEqual([member.id]);
    },
    outsider: async (res) => {
      notFound(res, TEAM_TEXTS.memberNotFound);
      expect(memberIds(await teamOfW())).toEqual([member.id]);
    },
  },
  'POST /api/team/invitations': {
    kind: 'owner-only',
    request: (who) => ({
      path: '/api/team/invitations',
      body: { email: `${uniqueName(who === 'outsider' ? 'outsiders' : 'invitee')}@example.test` },
    }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(201);
      const { id, email } = res.body.data.invitation;
      fx.teamInvitation = { id, email, token: await teamInvitationToken(email) };
    },
    // The outsider invites into their own team; W's does not change.
    outsider: async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn((await teamOfW()).invitations)).not.toContain(res.body.data.invitation.id);
    },
  },
  'POST /api/team/invitations/{id}/resend': {
    kind: 'owner-only',
    prepare: async () => void (await pendingTeamInvitation()),
    request: () => ({ path: `/api/team/invitations/${fx.teamInvitation?.id ?? 'none'}/resend`, body: {} }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      fx.teamInvitation!.token = await teamInvitationToken(fx.teamInvitation!.email);
    },
    outsider: async (res) => {
      notFound(res, TEAM_TEXTS.invitationNotFound);
      expect(idsIn((await teamOfW()).invitations)).toEqual([fx.teamInvitation!.id]);
    },
  },
  'POST /api/team/invitations/accept': {
    kind: 'personal',
    // The accept answers for the person whose session calls it: W's owner is told it is their own
    // team, anyone else that the link is for another address. (A real accept made the member and the
    // leaver members of W: joinTeam in beforeAll.)
    prepare: async () => void (await pendingTeamInvitation()),
    request: () => ({
      path: '/api/team/invitations/accept',
      body: { token: fx.teamInvitation?.token ?? 'none' },
    }),
    owner: (res) => {
      expect(res.status, res.text).toBe(409);
      expect(res.body.message).toBe(TEAM_TEXTS.ownTeam);
    },
    ...others((res) => forbidden(res, TEAM_TEXTS.wrongAccount(fx.teamInvitation!.email))),
  },
  'DELETE /api/team/invitations/{id}': {
    kind: 'owner-only',
    prepare: async () => void (await pendingTeamInvitation()),
    request: () => ({ path: `/api/team/invitations/${fx.teamInvitation?.id ?? 'none'}` }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect((await teamOfW()).invitations).toEqual([]);
      fx.teamInvitation = undefined;
    },
    outsider: async (res) => {
      notFound(res, TEAM_TEXTS.invitationNotFound);
      expect(idsIn((await teamOfW()).invitations)).toEqual([fx.teamInvitation!.id]);
    },
  },
  // The brand (DECISIONS 32): the reset comes before the save, so that W keeps the owner's brand
  // while the outsider resets and saves their own.
  'GET /api/team/brand': {
    kind: 'owner-only',
    request: () => ({ path: '/api/team/brand' }),
    owner: status(200),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.brand).toBeNull();
    },
  },
  'DELETE /api/team/brand': {
    kind: 'owner-only',
    request: () => ({ path: '/api/team/brand' }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect((await ownerView('/api/team/brand')).brand).toBeNull();
    },
    outsider: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect((await ownerView('/api/team/brand')).brand).toMatchObject({ name: BRAND_OF.owner });
    },
  },
  'PUT /api/team/brand': {
    kind: 'owner-only',
    request: (who) => ({
      path: '/api/team/brand',
      body: {
        name: who === 'outsider' ? BRAND_OF.outsider : BRAND_OF.owner,
        accentColor: '#1864AB',
        logo: null,
      },
    }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect((await ownerView('/api/team/brand')).brand).toMatchObject({ name: BRAND_OF.owner });
    },
    // The outsider brands their own workspace; W's brand stays the owner's.
    outsider: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.brand).toMatchObject({ name: BRAND_OF.outsider });
      expect((await ownerView('/api/team/brand')).brand).toMatchObject({ name: BRAND_OF.owner });
    },
  },
  // API keys (issue 39): the owner's; the outsider's calls make and list keys of their own workspace.
  'GET /api/keys': {
    kind: 'owner-only',
    prepare: async () => void (await keptKeyOfW()),
    request: () => ({ path: '/api/keys' }),
    owner: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.keys)).toContain(fx.apiKeys.kept!.id);
      expect(res.text).not.toContain(fx.apiKeys.kept!.secret);
    },
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.keys)).not.toContain(fx.apiKeys.kept!.id);
    },
  },
  'POST /api/keys': {
    kind: 'owner-only',
    request: () => ({ path: '/api/keys', body: { name: 'Matrix key', scopes: ['leads:read'] } }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn((await ownerView('/api/keys')).keys)).toContain(res.body.data.key.id);
    },
    outsider: async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn((await ownerView('/api/keys')).keys)).not.toContain(res.body.data.key.id);
    },
  },
  'DELETE /api/keys/{id}': {
    kind: 'owner-only',
    prepare: async (who) => {
      await keptKeyOfW();
      if (who === 'owner') fx.apiKeys.throwaway = await newKeyOfW(['leads:read']);
    },
    // The owner revokes a throwaway key; the others ask for W's kept one.
    request: (who) => ({
      path: `/api/keys/${who === 'owner' ? fx.apiKeys.throwaway?.id : fx.apiKeys.kept?.id}`,
    }),
    owner: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn((await ownerView('/api/keys')).keys)).not.toContain(fx.apiKeys.throwaway!.id);
      const used = await api.get('/api/automation', { token: fx.apiKeys.throwaway!.secret });
      expect(used.status, used.text).toBe(401);
    },
    outsider: async (res) => {
      notFound(res, API_KEY_TEXTS.notFound);
      expect(idsIn((await ownerView('/api/keys')).keys)).toContain(fx.apiKeys.kept!.id);
    },
  },
  'POST /api/billing/start-trial': {
    kind: 'owner-only',
    request: () => ({ path: '/api/billing/start-trial' }),
    // Both are on PLUS already: the refusal is the route's normal answer for them.
    ...each(
      (res) => {
        expect(res.status, res.text).toBe(409);
        expect(res.body.message).toBe(BILLING_TEXTS.alreadyOnPlan);
      },
      ['owner', 'outsider'],
    ),
  },
  'POST /api/billing/create-checkout-session': {
    kind: 'owner-only',
    request: () => ({
      path: '/api/billing/create-checkout-session',
      body: { planId: 'pro', successUrl: `${APP_URL}/dashboard`, cancelUrl: `${APP_URL}/pricing` },
    }),
    // A checkout for the caller's own account (never paid here: W stays on PLUS).
    ...each(
      async (res, who) => {
        expect(res.status, res.text).toBe(200);
        const id = new URL(res.body.checkoutUrl).pathname.split('/').at(-1)!;
        const shown = await api.get(`/api/billing/sandbox/${id}`);
        expect(shown.body.data.session.email).toBe(person(who).email);
      },
      ['owner', 'outsider'],
    ),
  },

  // The catalogues: the same for everyone.
  ...shared('GET /api/templates', '/api/templates'),
  ...shared('GET /api/templates/meta/popular', '/api/templates/meta/popular'),
  ...shared('GET /api/templates/{id}', `/api/templates/${FOLLOWERS}?includeUsage=true`),
  ...shared('GET /api/flows/templates', '/api/flows/templates'),
  ...shared('GET /api/flows/templates/{id}', `/api/flows/templates/${flowTemplate.id}`),
  ...shared('GET /api/industries', '/api/industries'),
  ...shared('GET /api/industries/search', '/api/industries/search?q=software'),

  // W's data. The member's calls must act on it exactly as the owner's do.
  'GET /api/users/usage': {
    kind: 'workspace',
    request: () => ({ path: '/api/users/usage' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.usage).toMatchObject({ profilesUsed: PROFILES_USED, limit: PLUS_LIMIT });
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.usage.profilesUsed).toBe(0);
    },
  },
  'GET /api/users/platforms': {
    kind: 'workspace',
    request: () => ({ path: '/api/users/platforms' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.platforms)).toEqual(expect.arrayContaining([fx.linkedin, fx.twitter]));
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      const ids = idsIn(res.body.data.platforms);
      expect(ids).toHaveLength(1);
      expect(ids).not.toContain(fx.linkedin);
    },
  },
  'GET /api/users/platform-connections/{platform}': {
    kind: 'workspace',
    // Twitter: W has it, the outsider does not.
    request: () => ({ path: '/api/users/platform-connections/twitter' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.connected).toBe(true);
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.connected).toBe(false);
    },
  },
  'POST /api/users/platforms/sync': {
    kind: 'workspace',
    prepare: async () => {
      const res = await fetch(`${sandboxUrlFor('linkedin')!.replace(/\/$/, '')}/__sandbox/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(201);
      fx.session = (await res.json()) as typeof fx.session;
    },
    request: () => ({
      path: '/api/users/platforms/sync',
      body: {
        platform: 'linkedin',
        cookies: fx.session?.cookies ?? [],
        userAgent: fx.session?.userAgent ?? 'x',
      },
    }),
    // The same account again: the member's sync updates W's connection, it makes no new one.
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.platform.id).toBe(fx.linkedin);
    }),
    outsider: async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.platform.id).not.toBe(fx.linkedin);
      expect((await connectionsOfW()).sort()).toEqual([fx.linkedin, fx.twitter].sort());
    },
  },
  'GET /api/users/platforms/{id}/plan': {
    kind: 'workspace',
    request: () => ({ path: `/api/users/platforms/${fx.linkedin}/plan` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.plan.accountId).toBe(fx.linkedin);
    }),
    outsider: (res) => notFound(res),
  },
  'PUT /api/users/platforms/{id}/validate': {
    kind: 'workspace',
    request: () => ({ path: `/api/users/platforms/${fx.linkedin}/validate` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.platform).toMatchObject({ id: fx.linkedin, isActive: true });
    }),
    outsider: (res) => notFound(res),
  },
  'DELETE /api/users/platforms/{id}': {
    kind: 'workspace',
    // A throwaway Instagram connection of W, connected by the owner or, for the member's call, by the
    // member (it lands in W). The outsider aims at W's LinkedIn.
    prepare: async (who) => {
      if (who === 'outsider') {
        fx.connectionToDelete = fx.linkedin;
        return;
      }
      const res = await api.post('/api/users/platforms/sandbox', { platform: 'instagram' }, as(who));
      expect(res.status, res.text).toBe(201);
      fx.connectionToDelete = res.body.data.platform.id;
      expect(await connectionsOfW()).toContain(fx.connectionToDelete);
    },
    request: () => ({ path: `/api/users/platforms/${fx.connectionToDelete || fx.linkedin}` }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect((await connectionsOfW()).sort()).toEqual([fx.linkedin, fx.twitter].sort());
    }),
    outsider: async (res) => {
      notFound(res);
      expect(await connectionsOfW()).toContain(fx.linkedin);
    },
  },
  'GET /api/automation': {
    kind: 'workspace',
    request: () => ({ path: '/api/automation' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.automations)).toEqual(expect.arrayContaining([LEADS_JOB, fx.ops]));
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      const ids = idsIn(res.body.data.automations);
      expect(ids).not.toContain(LEADS_JOB);
      expect(ids).not.toContain(fx.ops);
    },
  },
  'GET /api/automation/queue': {
    kind: 'workspace',
    request: () => ({ path: '/api/automation/queue' }),
    // W's started trobs wait (none of the outsider's does): the member's place is the owner's.
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      const { yourWaiting, yourRunning, yourPosition } = await ownerView('/api/automation/queue');
      expect(yourWaiting).toBeGreaterThan(0);
      expect(res.body.data).toMatchObject({ yourWaiting, yourRunning, yourPosition });
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ yourWaiting: 0, yourRunning: 0, yourPosition: null });
    },
  },
  'POST /api/automation/start': {
    kind: 'workspace',
    request: () => ({
      path: '/api/automation/start',
      body: { templateId: FOLLOWERS, config: followersConfig },
    }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn(await automationsOfW())).toContain(res.body.data.automation.id);
    }),
    outsider: async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn(await automationsOfW())).not.toContain(res.body.data.automation.id);
    },
  },
  'POST /api/automation/{id}/pause': {
    kind: 'workspace',
    prepare: () => setStatus(owner.id, fx.ops, 'active'),
    request: () => ({ path: `/api/automation/${fx.ops}/pause` }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('paused');
    }),
    outsider: async (res) => {
      notFound(res);
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('active');
    },
  },
  'GET /api/automation/leads/{jobId}': {
    kind: 'workspace',
    request: () => ({ path: `/api/automation/leads/${LEADS_JOB}` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.totalLeads).toBe(LEADS.length);
      expect(idsIn(res.body.data.leads).sort()).toEqual(idsIn(LEADS).sort());
    }),
    outsider: (res) => notFound(res),
  },
  'POST /api/leads/ai-filter': {
    kind: 'workspace',
    request: () => ({
      path: '/api/leads/ai-filter',
      body: { query: 'Team Leaders', automationId: LEADS_JOB },
    }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      const results = eventsOf(res).find((e) => e.type === 'results');
      expect(idsIn((results?.data.leads ?? []) as { id: string }[]).sort()).toEqual(['a1', 'a2']);
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/jobs': {
    kind: 'workspace',
    request: () => ({ path: '/api/jobs' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.jobs.map((j: { automationId: string }) => j.automationId)).toContain(fx.ops);
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.jobs.map((j: { automationId: string }) => j.automationId)).not.toContain(fx.ops);
    },
  },
  'POST /api/jobs': {
    kind: 'workspace',
    prepare: () => setStatus(owner.id, fx.ops, 'completed'),
    request: () => ({ path: '/api/jobs', body: { automationId: fx.ops } }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.job.automationId).toBe(fx.ops);
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('pending');
    }),
    outsider: async (res) => {
      notFound(res);
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('completed');
    },
  },
  'PUT /api/jobs/{jobId}': {
    kind: 'workspace',
    prepare: () => setStatus(owner.id, fx.ops, 'running'),
    request: () => ({ path: `/api/jobs/${fx.ops}`, body: { status: 'paused' } }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.job.status).toBe('paused');
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('paused');
    }),
    outsider: async (res) => {
      notFound(res);
      expect(statusIn(await automationsOfW(), fx.ops)).toBe('running');
    },
  },
  'GET /api/jobs/dashboard/stats': {
    kind: 'workspace',
    request: () => ({ path: '/api/jobs/dashboard/stats' }),
    // W's counters, with its two connected platforms; the outsider's one.
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual(await ownerView('/api/jobs/dashboard/stats'));
      expect(res.body.data.connectedAccounts).toBe(2);
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.connectedAccounts).toBe(1);
    },
  },
  'POST /api/flows': {
    kind: 'workspace',
    request: () => ({
      path: '/api/flows',
      body: { templateId: flowTemplate.id, config: structuredClone(flowTemplate.defaultConfig) },
    }),
    ...inW(async (res, who) => {
      expect(res.status, res.text).toBe(201);
      fx.flows[who] = res.body.data.flow.id;
      expect(idsIn(await flowsOfW())).toContain(fx.flows[who]);
    }),
    outsider: async (res) => {
      expect(res.status, res.text).toBe(201);
      expect(idsIn(await flowsOfW())).not.toContain(res.body.data.flow.id);
    },
  },
  'GET /api/flows': {
    kind: 'workspace',
    request: () => ({ path: '/api/flows' }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.flows)).toContain(fx.flow);
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.flows)).not.toContain(fx.flow);
    },
  },
  // Issue 36 point 2: W's LinkedIn account counts W's audience (the member gets the count kept for W,
  // no second search); the outsider's own account counts theirs.
  'POST /api/flows/audience': {
    kind: 'workspace',
    request: () => ({ path: '/api/flows/audience', body: { targetingSettings: audienceOfW() } }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.audience).toEqual({ count: expect.any(Number), state: 'counted' });
      const kept = await getItem(
        audienceItemKey({ workspaceId: owner.id, connectionId: fx.linkedin }, audienceFacets(audienceOfW())),
      );
      expect(kept?.count).toBe(res.body.data.audience.count);
    }),
    outsider: (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.audience).toEqual({ count: expect.any(Number), state: 'counted' });
    },
  },
  'GET /api/flows/{id}': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.flow.id).toBe(fx.flow);
    }),
    outsider: (res) => notFound(res),
  },
  // Issue 36 point 7: each of W renames W's flow; the outsider's 404 leaves its name.
  'PATCH /api/flows/{id}': {
    kind: 'workspace',
    request: (who) => ({ path: `/api/flows/${fx.flow}`, body: { name: `Renamed by ${who}` } }),
    ...inW(async (res, who) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.flow).toMatchObject({ id: fx.flow, name: `Renamed by ${who}` });
      expect((await getItem(keys.automation(owner.id, fx.flow)))?.displayName).toBe(`Renamed by ${who}`);
    }),
    outsider: async (res) => {
      notFound(res);
      expect((await getItem(keys.automation(owner.id, fx.flow)))?.displayName).not.toBe(
        'Renamed by outsider',
      );
    },
  },
  'GET /api/flows/{id}/analytics': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/analytics?period=30d` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.analytics).toBeDefined();
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/flows/{id}/activities': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/activities` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.activities)).toEqual([ACTIVITY]);
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/flows/{id}/prospects': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/prospects` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(idsIn(res.body.data.prospects)).toEqual([PROSPECT]);
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/flows/{id}/prospects/{prospectId}': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/prospects/${PROSPECT}` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.prospect.id).toBe(PROSPECT);
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/flows/{id}/plan': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/plan` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.plan.accountId).toBe(fx.linkedin);
    }),
    outsider: (res) => notFound(res),
  },
  'GET /api/flows/{id}/review': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/review` }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ reviewMode: 'everything', items: [] });
    }),
    outsider: (res) => notFound(res),
  },
  'POST /api/flows/{id}/review': {
    kind: 'workspace',
    request: () => ({
      path: `/api/flows/${fx.flow}/review`,
      body: { decisions: [{ key: 'invite:nobody', action: 'skip' }] },
    }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.results).toEqual([{ key: 'invite:nobody', outcome: 'gone' }]);
    }),
    outsider: (res) => notFound(res),
  },
  'PUT /api/flows/{id}/review-mode': {
    kind: 'workspace',
    request: () => ({ path: `/api/flows/${fx.flow}/review-mode`, body: { reviewMode: 'everything' } }),
    ...inW((res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ reviewMode: 'everything' });
    }),
    outsider: (res) => notFound(res),
  },
  'POST /api/flows/{id}/pause': flowMove('pause', 'active', 'PAUSED'),
  'POST /api/flows/{id}/resume': flowMove('resume', 'paused', 'ACTIVE'),
  // A run starts: stored as pending, shown as ACTIVE.
  'POST /api/flows/{id}/execute': flowMove('execute', 'active', 'ACTIVE'),
  'DELETE /api/flows/{id}': {
    kind: 'workspace',
    // Each live persona stops the flow its own `POST /api/flows` made (in W for the owner and the
    // member); the outsider aims at W's flow, which stays. The key stops one the owner makes for it.
    keyPrepare: async () => {
      const res = await api.post(
        '/api/flows',
        { templateId: flowTemplate.id, config: structuredClone(flowTemplate.defaultConfig) },
        as('owner'),
      );
      expect(res.status, res.text).toBe(201);
      fx.flows.owner = res.body.data.flow.id;
    },
    request: (who) => ({
      path: `/api/flows/${(who === 'owner' || who === 'member' ? fx.flows[who] : undefined) ?? fx.flow}`,
    }),
    ...inW(async (res, who) => {
      expect(res.status, res.text).toBe(200);
      expect(statusIn(await flowsOfW(), fx.flows[who]!)).toBe('COMPLETED');
    }),
    outsider: async (res) => {
      notFound(res);
      expect(statusIn(await flowsOfW(), fx.flow)).not.toBe('COMPLETED');
    },
  },
};

/** The same check for the given personas (all three by default; the owner's routes leave the member out). */
function each(check: Check, who: readonly Persona[] = LIVE): Pick<Entry, 'owner' | 'outsider' | 'member'> {
  return Object.fromEntries(who.map((p) => [p, check])) as Pick<Entry, 'owner' | 'outsider' | 'member'>;
}
/** The check of a call acting on W's data: the owner's and the member's alike. */
function inW(check: Check): Pick<Entry, 'owner' | 'member'> {
  return { owner: check, member: check };
}
/** Everyone but the owner. */
function others(check: Check): Pick<Entry, 'member' | 'outsider'> {
  return { member: check, outsider: check };
}
function shared(key: string, path: string): Record<string, Entry> {
  return { [key]: { kind: 'shared', request: () => ({ path }), ...each(status(200)) } as Entry };
}
/**
 * A move of W's flow from the stored status `from` (set before each call): the owner's and the member's
 * move it (the answer shows `to`), the outsider's 404 leaves it as it was.
 */
function flowMove(action: string, from: string, to: string): Entry {
  return {
    kind: 'workspace',
    prepare: () => setFlowStatus(fx.flow, from),
    request: () => ({ path: `/api/flows/${fx.flow}/${action}`, body: {} }),
    ...inW(async (res) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.flow).toMatchObject({ id: fx.flow, status: to });
      expect(await storedStatus(fx.flow)).not.toBe(from);
    }),
    outsider: async (res) => {
      notFound(res);
      expect(await storedStatus(fx.flow)).toBe(from);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Running it

const rowKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const rows = new Map(httpRoutes.map((route) => [rowKey(route), route]));
/** The signed-in rows the matrix must cover: all but the public ones and the local cloud's own. */
const REQUIRED = httpRoutes.filter((r) => r.auth !== 'public' && !r.localOnly).map(rowKey);
const KEYS = Object.keys(MATRIX);

async function call(key: string, who: Anyone): Promise<{ res: ApiResult; token: string }> {
  const entry = MATRIX[key]!;
  const [method, template] = key.split(' ') as [string, string];
  const live = who === 'owner' || who === 'member' || who === 'outsider';
  if (live) await entry.prepare?.(who);
  const { path, body } = entry.request(who);
  expect(path.split('?')[0]!.split('/').length, `${key}: ${path}`).toBe(template.split('/').length);
  // The removed member's calls all come from their one session: it is refused before any handler.
  const token = entry.spare && who !== 'removed' ? await spareSession(who) : person(who).accessToken;
  return { res: await api.request(method, path, body, { token }), token };
}

describe('the matrix', () => {
  it('has an entry for every signed-in route of the route table, of the kind its row says', () => {
    expect(REQUIRED.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(KEYS.filter((key) => !rows.has(key))).toEqual([]);
    for (const key of KEYS) {
      const row = rows.get(key)!;
      const entry = MATRIX[key]!;
      expect(row.auth === 'public' || !!row.localOnly, key).toBe(false);
      expect(entry.kind === 'owner-only', `${key}: ownerOnly`).toBe(!!row.ownerOnly);
      expect(entry.member === undefined, `${key}: the member's check`).toBe(!!row.ownerOnly);
      expect(entry.suspended !== undefined, `${key}: anyWorkspace`).toBe(!!row.anyWorkspace);
    }
  });
});

describe.each([
  ['1. the owner, in W', 'owner'],
  ['2. a member acting in W', 'member'],
  ['3. an outsider, in their own workspace', 'outsider'],
] as const)('%s', (_, who) => {
  for (const key of KEYS) {
    it(key, async () => {
      const { res, token } = await call(key, who);
      const check = MATRIX[key]![who];
      if (check) await check(res, who, token);
      else ownerOnly(res);
    });
  }
});

describe('4. a removed member', () => {
  let told: { code: string; message: string };
  beforeAll(async () => {
    // The owner's `DELETE /api/team/members/{id}` above removed them; the session still names W.
    expect(memberIds(await teamOfW())).not.toContain(leaver.id);
    // W's name as the team screens show it (the owner renamed themself in phase 1).
    const ownerName = personName((await ownerView('/api/auth/me')).user);
    told = { code: 'REMOVED_FROM_WORKSPACE', message: WORKSPACE_TEXTS.removed(ownerName) };
  });

  for (const key of KEYS.filter((k) => !rows.get(k)?.anyWorkspace)) {
    it(`${key}: 403, the session in W is over and says why`, async () => {
      const { res } = await call(key, 'removed');
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual(told);
    });
  }

  // Last, from the same session: the switch moves it and the sign-out ends it.
  it('the anyWorkspace rows answer in their own workspace and take them back to it', async () => {
    const anyWorkspace = KEYS.filter((k) => rows.get(k)?.anyWorkspace).sort();
    expect(anyWorkspace).toEqual(
      [
        'GET /api/auth/me',
        'GET /api/workspaces',
        'POST /api/auth/logout',
        'PUT /api/workspaces/current',
      ].sort(),
    );
    const me = await api.get('/api/auth/me', as('removed'));
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: leaver.id });
    expect(me.body.data.user.workspace).toBeUndefined();
    const listed = await api.get('/api/workspaces', as('removed'));
    expect(listed.body.data).toMatchObject({ current: leaver.id, brand: null });
    expect(idsIn(listed.body.data.workspaces)).toEqual([leaver.id]);
    // Until the switch back, W's routes keep saying why.
    expect((await api.get('/api/automation', as('removed'))).body).toEqual(told);
    const back = await api.put('/api/workspaces/current', { workspaceId: leaver.id }, as('removed'));
    expect(back.status, back.text).toBe(200);
    expect(back.body.message).toBe(WORKSPACE_TEXTS.switchedOwn);
    const own = await api.get('/api/automation', as('removed'));
    expect(own.status, own.text).toBe(200);
    expect(idsIn(own.body.data.automations)).not.toContain(fx.ops);
    expect((await api.post('/api/auth/logout', undefined, as('removed'))).status).toBe(204);
    expect((await api.get('/api/auth/me', as('removed'))).status).toBe(401);
  });
});

/** What W holds, as the owner sees it: nothing of it may go while the team is suspended. */
async function snapshotOfW() {
  const leads = await ownerView(`/api/automation/leads/${LEADS_JOB}`);
  return {
    automations: await automationsOfW(),
    flows: await flowsOfW(),
    connections: (await connectionsOfW()).sort(),
    team: await teamOfW(),
    leads: idsIn(leads.leads),
    prospects: idsIn((await ownerView(`/api/flows/${fx.flow}/prospects`)).prospects),
    usage: (await ownerView('/api/users/usage')).usage.profilesUsed,
    brand: (await ownerView('/api/team/brand')).brand,
  };
}

describe('5. a member after the owner’s plan dropped below PLUS', () => {
  let before: Awaited<ReturnType<typeof snapshotOfW>>;
  beforeAll(async () => {
    before = await snapshotOfW();
    await updateUser(owner.id, { plan: 'PRO' });
  });
  afterAll(async () => {
    await updateUser(owner.id, { plan: 'PLUS' });
  });

  for (const key of KEYS) {
    const anyWorkspace = !!rows.get(key)?.anyWorkspace;
    it(`${key}: ${anyWorkspace ? 'still answers' : '403, the team is unavailable'}`, async () => {
      const { res, token } = await call(key, 'suspended');
      if (anyWorkspace) await MATRIX[key]!.suspended!(res, 'member', token);
      else forbidden(res, TEAM_TEXTS.teamUnavailable);
    });
  }

  it('has its access back once the plan is PLUS again, and nothing was deleted', async () => {
    await updateUser(owner.id, { plan: 'PLUS' });
    const after = await snapshotOfW();
    expect(after).toEqual(before);
    expect(memberIds(after.team)).toEqual([member.id]);
    const seen = await api.get('/api/automation', as('member'));
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data.automations).toEqual(after.automations);
    expect((await api.get('/api/flows', as('member'))).body.data.flows).toEqual(after.flows);
    expect((await api.get('/api/workspaces', as('member'))).body.data.brand).toEqual(after.brand);
  });
});

/**
 * Resolves once the account deletion's purges have run (their late passes wait 15 minutes on the queue
 * and purge the same partitions again: not waited for).
 */
async function purgesDone(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = env.queues.server.inspectQueue(localQueueName('test', 'purge'));
    const pending = state ? state.messages.ready.length + state.messages.inflight.length : 0;
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} purge(s) not done within 10 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Issue 39: an API key of W's owner, the sixth actor. A row with a `keyScope` serves a key holding that
 * scope as it serves the owner (the owner's own check of the entry, after its own preparation), and
 * refuses a key without it; every other row refuses any key, before its handler. An outsider's key with
 * every scope gets what the outsider gets: its own workspace, 404 for W's things.
 */
describe('7. an API key of the owner', () => {
  const keyRows = KEYS.filter((k) => rows.get(k)?.keyScope);
  let lacking: Partial<Record<ApiKeyScope, string>> = {};
  let outsiderKey = '';
  beforeAll(async () => {
    await keptKeyOfW();
    const made = await api.post(
      '/api/keys',
      { name: 'Outsider key', scopes: API_KEY_SCOPES },
      as('outsider'),
    );
    expect(made.status, made.text).toBe(201);
    outsiderKey = made.body.data.secret;
    // For each scope, a key with every other one.
    lacking = Object.fromEntries(
      await Promise.all(
        API_KEY_SCOPES.map(async (scope) => [
          scope,
          (await newKeyOfW(API_KEY_SCOPES.filter((s) => s !== scope))).secret,
        ]),
      ),
    );
  });

  it('is served by the routes that read leads and flows or start and stop runs, and no others', () => {
    expect(keyRows.length).toBe(17);
    for (const key of keyRows) expect(MATRIX[key]!.kind, key).toBe('workspace');
  });

  for (const key of KEYS) {
    const scope = rows.get(key)?.keyScope;
    if (!scope) {
      it(`${key}: 403, no key may call it`, async () => {
        const [method] = key.split(' ') as [string];
        const { path, body } = MATRIX[key]!.request('owner');
        const res = await api.request(method, path, body, { token: fx.apiKeys.kept!.secret });
        forbidden(res, API_KEY_TEXTS.routeNotAllowed);
      });
      continue;
    }
    it(`${key}: an outsider's key with every scope acts in the outsider's workspace, never in W`, async () => {
      const entry = MATRIX[key]!;
      const [method] = key.split(' ') as [string];
      await entry.prepare?.('outsider');
      const { path, body } = entry.request('outsider');
      const res = await api.request(method, path, body, { token: outsiderKey });
      await entry.outsider(res, 'outsider', outsiderKey);
    });
    it(`${key}: served with ${scope} as the owner is, refused without it`, async () => {
      const entry = MATRIX[key]!;
      const [method] = key.split(' ') as [string];
      await (entry.keyPrepare ? entry.keyPrepare() : entry.prepare?.('owner'));
      const { path, body } = entry.request('owner');
      const without = await api.request(method, path, body, { token: lacking[scope]! });
      forbidden(without, API_KEY_TEXTS.scopeMissing(scope));
      const token = fx.apiKeys.kept!.secret;
      await entry.owner(await api.request(method, path, body, { token }), 'owner', token);
    });
  }
});

describe('6. a member deleting their own account', () => {
  it('deletes their account only: W keeps its data, and the team no longer lists them', async () => {
    // A throwaway member in the seat the pending invitation holds.
    for (const { id } of (await teamOfW()).invitations as { id: string }[])
      expect((await api.delete(`/api/team/invitations/${id}`, undefined, as('owner'))).status).toBe(200);
    const joiner = await newUser();
    await joinTeam(api, env.stateDir, owner, joiner);
    const before = await snapshotOfW();
    expect(memberIds(before.team)).toContain(joiner.id);

    const res = await api.delete(
      '/api/users/account',
      { password: joiner.password },
      { token: joiner.accessToken },
    );
    expect(res.status, res.text).toBe(200);
    await purgesDone();
    expect((await api.get('/api/auth/me', { token: joiner.accessToken })).status).toBe(401);
    const after = await snapshotOfW();
    expect({ ...after, team: undefined }).toEqual({ ...before, team: undefined });
    expect(memberIds(after.team)).toEqual([member.id]);
    expect(after.team.seats.used).toBe(2);
  });
});
