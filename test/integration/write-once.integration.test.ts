import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALLED_GRACE_MS } from '../../functions/engine/run-dispatch-service';
import type { LedgerAccount } from '../../functions/flows/contact-ledger-repository';
import { findWrite } from '../../functions/flows/write-ledger-repository';
import { NOT_SHOWN, type WriteRequest, writeOnce } from '../../functions/flows/write-once';
import { closeSharedBrowser, openPlatformPage, type PlatformPage } from '../../functions/platforms/browser';
import type { FlowDriver, FlowPerson } from '../../functions/platforms/flow-driver-types';
import { LINKEDIN_API } from '../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../functions/platforms/linkedin/flow-driver';
import { type SandboxSite, startSandboxSite } from '../../scripts/sandbox-platforms';
import { setEnv, useIntegrationEnv } from '../support/integration-env';

/**
 * The once-only write of issue 20 point 7 against DynamoDB Local and the sandbox LinkedIn in real
 * Chromium: intent with an idempotency key, the governor's take, perform, verify, done. The platform
 * calls are counted: a redelivery, two workers at once and a worker killed between perform and done
 * must each make exactly one invitation call.
 */
let site: SandboxSite;
let page: PlatformPage;
let driver: FlowDriver;
let strangers: FlowPerson[];
let next = 0;

beforeAll(async () => {
  await useIntegrationEnv();
  setEnv({ APP_RUNTIME: 'local' });
  site = await startSandboxSite({ platform: 'linkedin' });
  const session = site.issueSession();
  page = await openPlatformPage({
    baseUrl: site.url,
    landingPath: LINKEDIN_API.landingPath,
    cookies: session.cookies,
    userAgent: session.userAgent,
  });
  driver = linkedinFlowDriver(session.cookies);
  // People of the world the owner is not connected to: each test invites its own.
  const found = await driver.search(page, {
    keywords: '',
    industries: [],
    jobTitles: [],
    locations: ['US'],
    companySize: [],
  });
  strangers = [];
  let cursor = found.next;
  strangers.push(...found.people.filter((p) => p.distance !== 1));
  while (strangers.length < 20 && cursor) {
    const more = await driver.search(
      page,
      { keywords: '', industries: [], jobTitles: [], locations: ['US'], companySize: [] },
      cursor,
    );
    strangers.push(...more.people.filter((p) => p.distance !== 1));
    cursor = more.next;
  }
}, 120_000);

afterAll(async () => {
  await page?.close();
  await closeSharedBrowser();
  await site?.stop();
});

const stranger = () => strangers[next++]!;
const newAccount = (): LedgerAccount => ({
  workspaceId: `u-${randomUUID()}`,
  connectionId: `c-${randomUUID()}`,
});

/** An invitation as a flow sends it, with its platform calls counted. */
function invitation(
  person: FlowPerson,
  calls: { invites: number },
  flowId = 'flow-1',
  beforePerform: () => Promise<unknown> = async () => undefined,
): WriteRequest {
  return {
    key: `invite:${person.id}`,
    kind: 'invite',
    personId: person.id,
    flowId,
    jobId: `${flowId}.1`,
    target: { person: { id: person.id, name: person.name, profileUrl: person.profileUrl } },
    text: 'Hi, I enjoyed your recent post on pipelines.',
    approved: true,
    perform: async () => {
      calls.invites++;
      await beforePerform();
      return driver.invite(page, person, 'Hi, I enjoyed your recent post on pipelines.');
    },
    verify: async () => (await driver.invitationState(page, person)) === 'pending',
  };
}

const granted = async () => ({ ok: true as const });
const deps = (account: LedgerAccount, token = randomUUID(), now = () => new Date()) => ({
  account,
  token,
  now,
  take: granted,
});

/**
 * A worker that sends the write and is killed before it records anything more: it never comes back (a
 * killed Lambda runs no catch or finally). Resolves once the platform has the write.
 */
async function killedAfterPerform(workerDeps: Parameters<typeof writeOnce>[0], write: WriteRequest) {
  let sent: () => void = () => undefined;
  const performed = new Promise<void>((resolve) => {
    sent = resolve;
  });
  void writeOnce(workerDeps, {
    ...write,
    perform: async () => {
      await write.perform(undefined);
      sent();
      return new Promise(() => undefined);
    },
  });
  await performed;
}

describe('a write to the platform', () => {
  it('is done once verified, and a redelivery or a second flow of the account sends nothing', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({ kind: 'done' });
    expect(await driver.invitationState(page, person)).toBe('pending');
    // The same message again, and another flow of the same account on the same person.
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({
      kind: 'settled',
      status: 'done',
    });
    expect(await writeOnce(deps(account), invitation(person, calls, 'flow-2'))).toEqual({
      kind: 'settled',
      status: 'done',
    });
    expect(calls.invites).toBe(1);
    expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({
      status: 'done',
      flowId: 'flow-1',
      text: 'Hi, I enjoyed your recent post on pipelines.',
      approved: true,
    });
  });

  it('is made by one of two workers at once; the other is held off', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    // Whichever worker performs waits for the other to answer first, so the other really meets a write
    // in progress (on a loaded machine it could otherwise start after the first had finished, and be
    // told 'settled'). Were both let through, each would wait out its 5 s and the count would show 2.
    const answered: Array<Promise<unknown>> = [];
    const otherAnswered = (other: number) => () =>
      Promise.race([answered[other], new Promise((resolve) => setTimeout(resolve, 5_000))]);
    answered.push(writeOnce(deps(account), invitation(person, calls, 'flow-1', otherAnswered(1))));
    answered.push(writeOnce(deps(account), invitation(person, calls, 'flow-2', otherAnswered(0))));
    const outcomes = (await Promise.all(answered)) as Array<{ kind: string }>;
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['done', 'held']);
    expect(calls.invites).toBe(1);
  });

  it('is verified, not sent again, after a worker was killed between perform and done', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    const write = invitation(person, calls);
    await killedAfterPerform(deps(account), write);
    expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({ status: 'performing' });
    // While its lease lasts nobody touches it; once over, the next worker checks the platform.
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({ kind: 'held' });
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(await writeOnce(deps(account, randomUUID(), later), invitation(person, calls))).toEqual({
      kind: 'done',
    });
    expect(calls.invites).toBe(1);
  });

  it('is free for the run that takes a killed worker’s job over: its lease ended with the job’s (issue 35 point 1)', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    const write = invitation(person, calls);
    // The killed worker's job lease ends in 2 s; its write's lease with it, not ten minutes later.
    const jobLeaseUntil = new Date(Date.now() + 2_000);
    await killedAfterPerform({ ...deps(account), jobLeaseUntil }, write);
    const stored = await findWrite(account, `invite:${person.id}`);
    expect(stored).toMatchObject({ status: 'performing' });
    expect(Date.parse(String(stored?.leaseUntil))).toBeLessThanOrEqual(jobLeaseUntil.getTime());
    // The take-over comes after the job's lease and the sweep's grace: it verifies and settles the write.
    const takeOver = () => new Date(jobLeaseUntil.getTime() + STALLED_GRACE_MS);
    expect(await writeOnce(deps(account, randomUUID(), takeOver), invitation(person, calls))).toEqual({
      kind: 'done',
    });
    expect(calls.invites).toBe(1);
  });

  it('lets go of a write its platform stopped mid-way, so the next run verifies it at once', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    const write = invitation(person, calls);
    // The invitation went out, then the platform showed a challenge before it could be verified.
    await expect(
      writeOnce(deps(account), {
        ...write,
        verify: async () => {
          throw new Error('challenge');
        },
      }),
    ).rejects.toThrow('challenge');
    expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({ status: 'performing' });
    expect((await findWrite(account, `invite:${person.id}`))?.leaseToken).toBeUndefined();
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({ kind: 'done' });
    expect(calls.invites).toBe(1);
  });

  it('is performed by the next worker when the killed one never reached the platform', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    await expect(
      writeOnce(deps(account), {
        ...invitation(person, calls),
        perform: async () => {
          throw new Error('worker killed before the call');
        },
      }),
    ).rejects.toThrow('worker killed before the call');
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(await writeOnce(deps(account, randomUUID(), later), invitation(person, calls))).toEqual({
      kind: 'done',
    });
    expect(calls.invites).toBe(1);
    expect(await driver.invitationState(page, person)).toBe('pending');
  });

  it('records the platform’s refusal and a write the platform does not show as failed, not sent', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    const tooLong = {
      ...invitation(person, calls),
      perform: async () => {
        calls.invites++;
        return driver.invite(page, person, 'n'.repeat(301));
      },
    };
    expect(await writeOnce(deps(account), tooLong)).toEqual({ kind: 'refused', refusal: 'note-too-long' });
    expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({
      status: 'failed',
      failure: 'note-too-long',
    });
    expect(await driver.invitationState(page, person)).toBe('none');
    // A failed write is settled: a later run does not try it again on its own.
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({
      kind: 'settled',
      status: 'failed',
    });

    const other = stranger();
    const lost = {
      ...invitation(other, calls),
      // The call went out but the platform took nothing (a changed dialog, a dropped request).
      perform: async () => ({ ok: true as const }),
    };
    expect(await writeOnce(deps(account), lost)).toEqual({ kind: 'not-shown' });
    expect(await findWrite(account, `invite:${other.id}`)).toMatchObject({
      status: 'failed',
      failure: NOT_SHOWN,
    });
  });

  it('touches nothing without budget, and sends once the budget is back', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0 };
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const spent = { ...deps(account), take: async () => ({ ok: false as const, until: tomorrow }) };
    expect(await writeOnce(spent, invitation(person, calls))).toEqual({ kind: 'no-budget', until: tomorrow });
    expect(calls.invites).toBe(0);
    expect(await findWrite(account, `invite:${person.id}`)).toMatchObject({ status: 'intent' });
    expect(await writeOnce(deps(account), invitation(person, calls))).toEqual({ kind: 'done' });
    expect(calls.invites).toBe(1);
  });
});
