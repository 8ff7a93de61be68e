import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../functions/catalog/seed';
import { findIndustry } from '../../functions/flows/industry-repository';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { FLOW_API_TEXTS } from '../../shared/flow-api';
import { FLOW_NAME_MAX_LENGTH, FLOW_NAME_TEXTS } from '../../shared/flow-name';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { setEnv } from '../support/integration-env';
import { newUser, warmUsers } from '../support/users';

/**
 * Flow names (issue 36 point 7) on DynamoDB Local: the default '<template> – <first industry>', the
 * user's own name, ' (2)' and ' (3)' for a name another flow of the workspace has (case aside, stopped
 * flows too), and `PATCH /api/flows/{id}`: the same rules, the flow's own name kept, the schema's
 * messages, 404 for another workspace's flow.
 */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;

beforeAll(async () => {
  env = await useAccountsEnv({ extraQueues: ['trob-runs', 'flow-runs'] });
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv(sandbox.env);
  await seedCatalogue();
  await warmUsers(4, 'flow');
});

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
});

interface NamedFlow {
  id: string;
  name: string;
  status: string;
  updatedAt: string;
}

const as = (user: TestUser) => ({ token: user.accessToken });
const template = flowTemplates[0]!;
const config = () => structuredClone(template.defaultConfig);
const plusUser = () => newUser({ plan: 'PLUS', connect: ['linkedin'] });
const firstIndustryLabel = () => findIndustry(config().targetingSettings.industries[0]!)!.label;
const defaultName = () => `${template.displayName} – ${firstIndustryLabel()}`;

async function start(user: TestUser, body: Record<string, unknown> = {}): Promise<NamedFlow> {
  const res = await api.post('/api/flows', { templateId: template.id, config: config(), ...body }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow;
}

const rename = (user: TestUser, id: string, body: unknown) =>
  api.request('PATCH', `/api/flows/${id}`, body, as(user));

const namesOf = async (user: TestUser) =>
  ((await api.get('/api/flows', as(user))).body.data.flows as NamedFlow[]).map((f) => f.name).sort();

describe('POST /api/flows names the flow', () => {
  it("after its template and first industry, with ' (2)' and ' (3)' for the same default", async () => {
    const ada = await plusUser();
    const first = await start(ada);
    expect(first.name).toBe(defaultName());
    expect(first.name).toContain(' – ');
    const second = await start(ada);
    expect(second.name).toBe(`${defaultName()} (2)`);
    const third = await start(ada);
    expect(third.name).toBe(`${defaultName()} (3)`);
    expect((await api.get(`/api/flows/${third.id}`, as(ada))).body.data.flow.name).toBe(
      `${defaultName()} (3)`,
    );
  });

  it("with the user's own name, trimmed; a name taken in another case or by a stopped flow gets ' (2)'", async () => {
    const ada = await plusUser();
    const own = await start(ada, { name: '  Berlin founders  ' });
    expect(own.name).toBe('Berlin founders');
    expect((await api.request('DELETE', `/api/flows/${own.id}`, undefined, as(ada))).status).toBe(200);
    const again = await start(ada, { name: 'BERLIN FOUNDERS' });
    expect(again.name).toBe('BERLIN FOUNDERS (2)');
    // Another workspace's names are no concern of this one.
    const bob = await plusUser();
    expect((await start(bob, { name: 'Berlin founders' })).name).toBe('Berlin founders');
  });

  it('refuses a blank or 81-character name with the schema’s message and takes 80 characters', async () => {
    const ada = await plusUser();
    for (const name of ['', '   ']) {
      const res = await api.post('/api/flows', { templateId: template.id, config: config(), name }, as(ada));
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(FLOW_NAME_TEXTS.blank);
      expect(res.body.issues).toContainEqual({ path: 'name', message: FLOW_NAME_TEXTS.blank });
    }
    const tooLong = await api.post(
      '/api/flows',
      { templateId: template.id, config: config(), name: 'x'.repeat(FLOW_NAME_MAX_LENGTH + 1) },
      as(ada),
    );
    expect(tooLong.status, tooLong.text).toBe(400);
    expect(tooLong.body.message).toBe(FLOW_NAME_TEXTS.tooLong);
    expect(tooLong.body.message).toBe('Flow name must be 80 characters or less');
    const longest = 'y'.repeat(FLOW_NAME_MAX_LENGTH);
    expect((await start(ada, { name: longest })).name).toBe(longest);
    // Taken, it is cut to keep its number within the limit.
    const cut = await start(ada, { name: longest });
    expect(cut.name.length).toBe(FLOW_NAME_MAX_LENGTH);
    expect(cut.name).toBe(`${'y'.repeat(FLOW_NAME_MAX_LENGTH - 5)}… (2)`);
    expect(await namesOf(ada)).toEqual([longest, cut.name].sort());
  });
});

describe('PATCH /api/flows/{id}', () => {
  it('renames the flow and answers it; the flow and the list show the new name', async () => {
    const ada = await plusUser();
    const flow = await start(ada);
    const res = await rename(ada, flow.id, { name: '  Q3 outreach ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: FLOW_API_TEXTS.renamed,
      data: { flow: { id: flow.id, name: 'Q3 outreach', status: flow.status } },
    });
    expect(res.body.message).toBe('Flow renamed');
    expect(res.body.data.flow.updatedAt >= flow.updatedAt).toBe(true);
    expect((await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow.name).toBe('Q3 outreach');
    expect(await namesOf(ada)).toEqual(['Q3 outreach']);
  });

  it("gives ' (2)' to another flow's name (case aside) and keeps the flow's own", async () => {
    const ada = await plusUser();
    const a = await start(ada, { name: 'Alpha' });
    const b = await start(ada, { name: 'Beta' });
    const taken = await rename(ada, b.id, { name: 'alpha' });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data.flow.name).toBe('alpha (2)');
    // Its own name (in any case) is no clash: it keeps it, or takes the new case.
    const same = await rename(ada, a.id, { name: 'Alpha' });
    expect(same.status, same.text).toBe(200);
    expect(same.body.data.flow.name).toBe('Alpha');
    const recased = await rename(ada, b.id, { name: 'ALPHA (2)' });
    expect(recased.body.data.flow.name).toBe('ALPHA (2)');
    expect(await namesOf(ada)).toEqual(['ALPHA (2)', 'Alpha']);
    // A third flow named like both gets the first free number.
    const c = await start(ada, { name: 'Gamma' });
    expect((await rename(ada, c.id, { name: 'Alpha' })).body.data.flow.name).toBe('Alpha (3)');
  });

  it('renames a stopped flow too', async () => {
    const ada = await plusUser();
    const flow = await start(ada);
    expect((await api.request('DELETE', `/api/flows/${flow.id}`, undefined, as(ada))).status).toBe(200);
    const res = await rename(ada, flow.id, { name: 'Done: spring campaign' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.flow).toMatchObject({ name: 'Done: spring campaign', status: 'COMPLETED' });
  });

  it('refuses an empty, blank, missing or 81-character name with the schema’s message and takes 80', async () => {
    const ada = await plusUser();
    const flow = await start(ada);
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await rename(ada, flow.id, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: FLOW_NAME_TEXTS.blank });
    }
    const tooLong = await rename(ada, flow.id, { name: 'z'.repeat(FLOW_NAME_MAX_LENGTH + 1) });
    expect(tooLong.status, tooLong.text).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_ERROR', message: FLOW_NAME_TEXTS.tooLong });
    const link = await rename(ada, flow.id, { name: 'Visit acme.io' });
    expect(link.status, link.text).toBe(400);
    expect(link.body.message).toBe('Flow name cannot contain a web address, domain or email address');
    expect((await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow.name).toBe(flow.name);
    const longest = 'z'.repeat(FLOW_NAME_MAX_LENGTH);
    const res = await rename(ada, flow.id, { name: longest });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.flow.name).toBe(longest);
  });

  it("answers 404 for another workspace's flow and an unknown one, and leaves the flow as it was", async () => {
    const ada = await plusUser();
    const bob = await plusUser();
    const flow = await start(ada, { name: 'Ada’s flow' });
    const res = await rename(bob, flow.id, { name: 'Taken over' });
    expect(res.status, res.text).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: FLOW_API_TEXTS.notFound });
    expect((await rename(ada, 'no-such-flow', { name: 'x' })).status).toBe(404);
    expect((await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow.name).toBe('Ada’s flow');
    expect((await api.get('/api/flows', as(bob))).body.data.flows).toEqual([]);
  });
});
