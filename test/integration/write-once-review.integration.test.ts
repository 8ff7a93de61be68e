import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAccount } from '../../functions/flows/contact-ledger-repository';
import { approveEntry, type ReviewEntry, settleEntry } from '../../functions/flows/review-repository';
import { claimWrite, findWrite, notesUsedSince } from '../../functions/flows/write-ledger-repository';
import { type WriteRequest, writeOnce } from '../../functions/flows/write-once';
import { closeSharedBrowser, openPlatformPage, type PlatformPage } from '../../functions/platforms/browser';
import type { FlowDriver, FlowPerson, FlowPost } from '../../functions/platforms/flow-driver-types';
import { LINKEDIN_API } from '../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../functions/platforms/linkedin/flow-driver';
import { type SandboxSite, startSandboxSite } from '../../scripts/sandbox-platforms';
import { REVIEW_EXPIRY_MS } from '../../shared/review';
import { setEnv, useIntegrationEnv } from '../support/integration-env';

/**
 * Review before send on the once-only write (issue 23 point 1), against DynamoDB Local and the
 * sandbox LinkedIn in real Chromium, with the platform calls counted: an intent waiting for review
 * is never performed, whoever delivers it and however its lease stands; once approved it goes once,
 * with the text the user approved; a skipped one never goes. And a text written as it goes is stored
 * before the platform is touched, so a killed worker's successor verifies that very text.
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
  const found = await driver.search(page, {
    keywords: '',
    industries: [],
    jobTitles: [],
    locations: ['US'],
    companySize: [],
  });
  strangers = found.people.filter((p) => p.distance !== 1);
}, 120_000);

afterAll(async () => {
  await closeSharedBrowser();
  await site?.stop();
});

const stranger = () => strangers[next++]!;
const newAccount = (): LedgerAccount => ({
  workspaceId: `u-${randomUUID()}`,
  connectionId: `c-${randomUUID()}`,
});
const deps = (account: LedgerAccount, now = () => new Date()) => ({
  account,
  token: randomUUID(),
  now,
  take: async () => ({ ok: true as const }),
});
const NOTE = 'Hi, your post on pipeline reviews was spot on. Happy to connect.';

function entryOf(account: LedgerAccount, person: FlowPerson, key: string): ReviewEntry {
  return {
    key,
    kind: 'invite',
    flowId: 'flow-1',
    connectionId: account.connectionId,
    state: 'waiting',
    createdAt: new Date().toISOString(),
    text: NOTE,
    maxLength: 300,
    prospect: { id: person.id, name: person.name },
    target: { person: { id: person.id, name: person.name, profileUrl: person.profileUrl } },
  };
}

/** An invitation with a note that waits for review until approved. */
function reviewedInvitation(
  account: LedgerAccount,
  person: FlowPerson,
  calls: { invites: number; texts: Array<string | undefined> },
  approved = false,
): WriteRequest {
  const key = `invite:${person.id}`;
  return {
    key,
    kind: 'invite',
    personId: person.id,
    flowId: 'flow-1',
    jobId: 'flow-1.1',
    target: { person: { id: person.id, name: person.name, profileUrl: person.profileUrl } },
    text: NOTE,
    approved,
    ...(approved ? {} : { review: entryOf(account, person, key) }),
    perform: async (text) => {
      calls.invites++;
      calls.texts.push(text);
      return driver.invite(page, person, text);
    },
    verify: async () => (await driver.invitationState(page, person)) === 'pending',
  };
}

const approval = (text?: string) => ({
  ...(text ? { text } : {}),
  origin: text ? ('edited' as const) : ('approved' as const),
  at: new Date().toISOString(),
  notBefore: new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString(),
});

describe('a write that waits for review', () => {
  it('is never performed before approval, also when delivered again or its lease is long over', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0, texts: [] as Array<string | undefined> };
    const write = reviewedInvitation(account, person, calls);
    expect(await writeOnce(deps(account), write)).toEqual({ kind: 'awaiting-review' });
    // The run's message delivered again, and a worker an hour later: still nothing.
    expect(await writeOnce(deps(account), write)).toEqual({ kind: 'awaiting-review' });
    const later = () => new Date(Date.now() + 3600_000);
    expect(await writeOnce(deps(account, later), { ...write, approved: true })).toEqual({
      kind: 'awaiting-review',
    });
    // No worker can even claim it.
    expect(await claimWrite(account, write.key, randomUUID(), later(), 60_000)).toBeUndefined();
    expect(calls.invites).toBe(0);
    expect(await driver.invitationState(page, person)).toBe('none');
    expect(await findWrite(account, write.key)).toMatchObject({ status: 'intent', approved: false });
  });

  it('goes once after approval, with the text the user edited', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0, texts: [] as Array<string | undefined> };
    const write = reviewedInvitation(account, person, calls);
    expect(await writeOnce(deps(account), write)).toEqual({ kind: 'awaiting-review' });
    const edited = 'Hi, I run sales at a small studio and liked your take on pipeline reviews.';
    expect(
      await approveEntry(account.workspaceId, entryOf(account, person, write.key), approval(edited)),
    ).toBe(true);
    // A second approval of the same intent finds it decided.
    expect(await approveEntry(account.workspaceId, entryOf(account, person, write.key), approval())).toBe(
      false,
    );
    const approved = reviewedInvitation(account, person, calls, true);
    expect(await writeOnce(deps(account), approved)).toEqual({ kind: 'done' });
    expect(await writeOnce(deps(account), approved)).toEqual({ kind: 'settled', status: 'done' });
    expect(calls).toEqual({ invites: 1, texts: [edited] });
    expect(await findWrite(account, write.key)).toMatchObject({
      status: 'done',
      text: edited,
      origin: 'edited',
    });
    expect(await driver.invitationState(page, person)).toBe('pending');
  });

  it('never goes once skipped', async () => {
    const account = newAccount();
    const person = stranger();
    const calls = { invites: 0, texts: [] as Array<string | undefined> };
    const write = reviewedInvitation(account, person, calls);
    await writeOnce(deps(account), write);
    const entry = entryOf(account, person, write.key);
    expect(await settleEntry(account.workspaceId, entry, 'skipped', new Date().toISOString())).toBe(true);
    expect(await approveEntry(account.workspaceId, entry, approval())).toBe(false);
    expect(await writeOnce(deps(account), reviewedInvitation(account, person, calls, true))).toEqual({
      kind: 'settled',
      status: 'skipped',
    });
    expect(calls.invites).toBe(0);
  });
});

describe('a note that waits for review', () => {
  it('holds its place in the month’s notes while it may still go, and never once skipped or too old to approve', async () => {
    const account = newAccount();
    const calls = { invites: 0, texts: [] as Array<string | undefined> };
    const at = (msAgo: number) => () => new Date(Date.now() - msAgo);
    // People no write here reaches: only the approved ones are performed.
    const unreached = (id: string) => ({ ...strangers[0]!, id: `${id}-${randomUUID()}` });
    const since = new Date(Date.now() - 3600_000).toISOString();
    const used = () => notesUsedSince(account, since, new Date(Date.now() - REVIEW_EXPIRY_MS).toISOString());

    // Sent before the month began: not this month's.
    expect(
      await writeOnce(deps(account, at(2 * 3600_000)), reviewedInvitation(account, stranger(), calls, true)),
    ).toEqual({
      kind: 'done',
    });
    expect(await used()).toBe(0);
    // Waiting since just now, and since a minute short of the review window: both may still be approved.
    await writeOnce(deps(account), reviewedInvitation(account, unreached('fresh'), calls));
    await writeOnce(
      deps(account, at(REVIEW_EXPIRY_MS - 60_000)),
      reviewedInvitation(account, unreached('edge'), calls),
    );
    expect(await used()).toBe(2);
    // Waiting since a minute past the window: it can no longer be approved.
    await writeOnce(
      deps(account, at(REVIEW_EXPIRY_MS + 60_000)),
      reviewedInvitation(account, unreached('old'), calls),
    );
    // Skipped: it never goes.
    const skipped = reviewedInvitation(account, unreached('skipped'), calls);
    await writeOnce(deps(account), skipped);
    const skippedPerson = { id: skipped.personId, name: 'Skipped', profileUrl: '' } as FlowPerson;
    expect(
      await settleEntry(
        account.workspaceId,
        entryOf(account, skippedPerson, skipped.key),
        'skipped',
        new Date().toISOString(),
      ),
    ).toBe(true);
    expect(await used()).toBe(2);
    // Approved: it holds its place until it goes, then counts once as sent.
    const person = stranger();
    const waiting = reviewedInvitation(account, person, calls);
    await writeOnce(deps(account), waiting);
    expect(await approveEntry(account.workspaceId, entryOf(account, person, waiting.key), approval())).toBe(
      true,
    );
    expect(await used()).toBe(3);
    expect(await writeOnce(deps(account), reviewedInvitation(account, person, calls, true))).toEqual({
      kind: 'done',
    });
    expect(await used()).toBe(3);
    expect(calls.invites).toBe(2);
  });
});

describe('a text written as it goes', () => {
  it('is stored before the platform is touched: a killed worker’s successor finds it and comments nothing twice', async () => {
    const account = newAccount();
    let post: FlowPost | undefined;
    for (const person of strangers.slice(next)) {
      [post] = await driver.recentPosts(page, person, 1);
      if (post) break;
    }
    expect(post).toBeDefined();
    const key = `comment:${post!.id}`;
    let comments = 0;
    let drafts = 0;
    const comment = (perform: WriteRequest['perform']): WriteRequest => ({
      key,
      kind: 'comment',
      personId: post!.authorId,
      flowId: 'flow-1',
      jobId: 'flow-1.1',
      target: {
        person: { id: post!.authorId, name: 'Author', profileUrl: '' },
        post: {
          id: post!.id,
          url: post!.url,
          text: post!.text,
          authorId: post!.authorId,
          postedAt: post!.postedAt,
        },
      },
      approved: true,
      origin: 'autopilot',
      // Each worker's AI would write another text.
      compose: async () => `Well put: the part on forecasting rings true (${++drafts}).`,
      perform,
      verify: async (text) => text !== undefined && driver.hasComment(page, post!, text),
    });
    let performed: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => {
      performed = resolve;
    });
    void writeOnce(
      deps(account),
      comment(async (text) => {
        comments++;
        await driver.comment(page, post!, text!);
        performed();
        return new Promise(() => undefined);
      }),
    );
    await landed;
    const stored = await findWrite(account, key);
    expect(stored).toMatchObject({
      status: 'performing',
      text: 'Well put: the part on forecasting rings true (1).',
    });
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(
      await writeOnce(
        deps(account, later),
        comment(async (text) => {
          comments++;
          await driver.comment(page, post!, text!);
          return undefined;
        }),
      ),
    ).toEqual({ kind: 'done' });
    expect(comments).toBe(1);
    expect(drafts).toBe(1);
  });
});
