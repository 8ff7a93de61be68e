import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activitiesOf } from '../../functions/flows/activity-repository';
import { findContact, type LedgerAccount } from '../../functions/flows/contact-ledger-repository';
import { openWritesBefore } from '../../functions/flows/open-write-repository';
import { OPEN_WRITE_GRACE_MS, startRunsForOpenWrites } from '../../functions/flows/open-write-sweep';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { findWrite } from '../../functions/flows/write-ledger-repository';
import { writeOnce } from '../../functions/flows/write-once';
import { openPlatformPage, type PlatformPage } from '../../functions/platforms/browser';
import type { FlowDriver, FlowPerson } from '../../functions/platforms/flow-driver-types';
import { LINKEDIN_API } from '../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../functions/platforms/linkedin/flow-driver';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliver,
  sandbox,
  startEngineSuite,
  takeRunMessages,
} from '../support/engine-suite';
import { onAutopilot } from '../support/flows';

/**
 * Issue 35 point 1: a write a worker sent and was stopped before recording (killed between perform and
 * done) has an owner. Its lease ends with its job's; then the next run of its flow verifies it on the
 * platform first thing and records it done, with its activity and the person's step, without sending it
 * again; when the flow waits for its next slot, the minute's sweep starts that run. The real worker,
 * Chromium, DynamoDB Local and the sandbox LinkedIn.
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;

async function startedFlow(user: TestUser): Promise<{ id: string }> {
  const config = onAutopilot(template.defaultConfig);
  config.executionSettings = { ...config.executionSettings!, prospectsPerRun: 5 };
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow as { id: string };
}

async function runFlow(user: TestUser): Promise<void> {
  const messages = await takeRunMessages(user.id, 'flow-runs');
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(await deliver(message)).toEqual([]);
}

async function connectionOf(user: TestUser): Promise<string> {
  return (await api.get('/api/users/platforms', as(user))).body.data.platforms[0].id as string;
}

let driver: FlowDriver;

/** The sandbox account the user connected, in a page of its own: the killed worker's browser. */
async function accountPage(): Promise<PlatformPage> {
  const session = sandbox.sites.linkedin.issueSession();
  driver = linkedinFlowDriver(session.cookies);
  return openPlatformPage({
    baseUrl: sandbox.sites.linkedin.url,
    landingPath: LINKEDIN_API.landingPath,
    cookies: session.cookies,
    userAgent: session.userAgent,
  });
}

/**
 * Someone the account is not connected to and has not invited, found through its own search (each
 * test's flow invites some, so the search goes on page by page).
 */
async function stranger(page: PlatformPage): Promise<FlowPerson> {
  const targeting = { keywords: '', industries: [], jobTitles: [], locations: ['DE'], companySize: [] };
  let cursor: string | undefined;
  for (let pages = 0; pages < 10; pages++) {
    const found = await driver.search(page, targeting, cursor);
    for (const person of found.people.filter((p) => p.distance !== 1))
      if ((await driver.invitationState(page, person)) === 'none') return person;
    if (!found.next) break;
    cursor = found.next;
  }
  throw new Error('no stranger left to invite in the sandbox search');
}

/**
 * A worker of the flow sends an invitation and is killed before it records anything more (it never
 * comes back: a killed Lambda runs no catch or finally). Its job's lease ends `leaseMs` from now.
 */
async function killedAfterInviting(
  account: LedgerAccount,
  flowId: string,
  page: PlatformPage,
  person: FlowPerson,
  leaseMs: number,
): Promise<void> {
  let sent: () => void = () => undefined;
  const performed = new Promise<void>((resolve) => {
    sent = resolve;
  });
  void writeOnce(
    {
      account,
      token: randomUUID(),
      now: () => new Date(),
      take: async () => ({ ok: true }),
      jobLeaseUntil: new Date(Date.now() + leaseMs),
    },
    {
      key: `invite:${person.id}`,
      kind: 'invite',
      personId: person.id,
      flowId,
      jobId: `${flowId}.0`,
      target: { person: { id: person.id, name: person.name, profileUrl: person.profileUrl } },
      approved: true,
      perform: async () => {
        await driver.invite(page, person, undefined);
        sent();
        return new Promise(() => undefined);
      },
      verify: async () => true,
    },
  );
  await performed;
}

/** The account's invitations to the person the platform lists as pending (each one sent shows once). */
async function invitationsTo(page: PlatformPage, personId: string): Promise<number> {
  return (await driver.pendingInvitationsSince(page)).filter((p) => p.personId === personId).length;
}

describe('a write a killed worker left performing', () => {
  it('is verified and recorded done by its flow’s next run, with its activity and step, not sent again', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada);
    const account = { workspaceId: ada.id, connectionId: await connectionOf(ada) };
    const page = await accountPage();
    try {
      const person = await stranger(page);
      await killedAfterInviting(account, flow.id, page, person, 1_000);
      const key = `invite:${person.id}`;
      const left = await findWrite(account, key);
      expect(left).toMatchObject({ status: 'performing', performedAt: expect.any(String) });
      // Open, but not due while its lease lasts: nobody else may touch it yet.
      expect(await openWritesBefore(new Date().toISOString(), { limit: 10, account })).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await openWritesBefore(new Date().toISOString(), { limit: 10, account })).length).toBe(1);

      await runFlow(ada);
      expect(await findWrite(account, key)).toMatchObject({ status: 'done' });
      expect(await findWrite(account, key)).not.toHaveProperty('gsi2pk');
      expect(await openWritesBefore(new Date().toISOString(), { limit: 10, account })).toEqual([]);
      expect(await invitationsTo(page, person.id)).toBe(1);
      // Recorded as if the killed worker had finished: at the time it went out.
      const sent = (await activitiesOf(ada.id, flow.id, 100)).filter(
        (a) => a.type === 'CONNECTION_SENT' && a.prospect.id === person.id,
      );
      expect(sent).toEqual([
        expect.objectContaining({ wasSuccessful: true, timestamp: left?.performedAt, id: key }),
      ]);
      expect((await findContact(account, person.id))?.steps.invited).toEqual(expect.any(String));
      const history = (await currentJobItem(ada.id, flow.id)).stages as Array<{ stage: string }>;
      // Settled first thing, before the run looked for anyone new.
      expect(history.map((h) => h.stage).slice(0, 3)).toEqual(['starting', 'settling', 'discovering']);
    } finally {
      await page.close();
    }
  });

  it('gets its flow’s run started by the sweep when the flow waits for its next slot, once', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada);
    await runFlow(ada);
    expect(await automationItem(ada.id, flow.id)).toMatchObject({ status: 'active', totalRuns: 1 });
    const account = { workspaceId: ada.id, connectionId: await connectionOf(ada) };
    const page = await accountPage();
    try {
      const person = await stranger(page);
      await killedAfterInviting(account, flow.id, page, person, 1_000);
      // Within the lease and the grace after it the sweep leaves it alone: a take-over may be on its way.
      expect(await startRunsForOpenWrites(new Date(Date.now() + OPEN_WRITE_GRACE_MS - 5_000))).toMatchObject({
        started: 0,
      });
      const later = new Date(Date.now() + OPEN_WRITE_GRACE_MS + 5_000);
      expect(await startRunsForOpenWrites(later)).toEqual({ open: 1, started: 1 });
      expect(await automationItem(ada.id, flow.id)).toMatchObject({ status: 'pending' });
      // One run per write: the next sweep starts none, even if that run were not to settle it.
      expect(await startRunsForOpenWrites(later)).toEqual({ open: 1, started: 0 });

      // The run comes after the lease (the sweep waited the grace after it).
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await runFlow(ada);
      expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({ status: 'done' });
      expect(await invitationsTo(page, person.id)).toBe(1);
      expect(await automationItem(ada.id, flow.id)).toMatchObject({ status: 'active', totalRuns: 2 });
      expect(await startRunsForOpenWrites(later)).toEqual({ open: 0, started: 0 });
    } finally {
      await page.close();
    }
  });

  it('is left to the flow’s own run while it runs, and to its next run when paused', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startedFlow(ada);
    const account = { workspaceId: ada.id, connectionId: await connectionOf(ada) };
    const page = await accountPage();
    try {
      const person = await stranger(page);
      await killedAfterInviting(account, flow.id, page, person, 1_000);
      const later = new Date(Date.now() + OPEN_WRITE_GRACE_MS + 5_000);
      // The flow's first run is pending: it settles the write itself.
      expect(await startRunsForOpenWrites(later)).toEqual({ open: 1, started: 0 });
      expect((await api.post(`/api/flows/${flow.id}/pause`, {}, as(ada))).status).toBe(200);
      expect(await startRunsForOpenWrites(later)).toEqual({ open: 1, started: 0 });
      expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({ status: 'performing' });
      expect(await findWrite(account, `invite:${person.id}`)).not.toHaveProperty('sweptAt');
    } finally {
      await page.close();
    }
  });
});
