import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedBrowser, openPlatformPage, type PlatformPage } from '../../functions/platforms/browser';
import type { FlowDriver, FlowPerson } from '../../functions/platforms/flow-driver-types';
import { LINKEDIN_API } from '../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../functions/platforms/linkedin/flow-driver';
import { type SandboxPerson, type SandboxSite, startSandboxSite } from '../../scripts/sandbox-platforms';
import { invitationFate, OUTREACH_RULES } from '../../scripts/sandbox-platforms/linkedin-outreach';
import { setEnv } from '../support/integration-env';

/**
 * Withdrawing invitations left pending (issue 23 point 2) with the LinkedIn flow driver against the
 * sandbox LinkedIn, in real Chromium: the Sent list's sent times, the withdrawal read back through
 * invitationState and the Sent list, the refusals that follow, the 3 weeks before the person may be
 * invited again on the site's clock, and an answer that never comes for a withdrawn invitation.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
let site: SandboxSite;
let driver: FlowDriver;
let page: PlatformPage;

beforeAll(async () => {
  setEnv({ APP_RUNTIME: 'local' });
  // A site of its own: the test moves its clock by weeks.
  site = await startSandboxSite({ platform: 'linkedin' });
  const session = site.issueSession();
  page = await openPlatformPage({
    baseUrl: site.url,
    landingPath: LINKEDIN_API.landingPath,
    cookies: session.cookies,
    userAgent: session.userAgent,
  });
  driver = linkedinFlowDriver(session.cookies);
});

afterAll(async () => {
  await page?.close();
  await closeSharedBrowser();
  await site?.stop();
});

const asPerson = (p: SandboxPerson): FlowPerson => ({
  id: p.id,
  name: p.name,
  profileUrl: `${site.url}/in/${p.handle}/`,
});

/** People the owner may invite whom LinkedIn will answer this way, in the world's order. */
function fated(kind: 'accept' | 'decline' | 'pending'): FlowPerson[] {
  const firsts = new Set((site.world.connections[site.world.owner.id] ?? []).map((c) => c.personId));
  return site.world.people
    .filter((p) => !p.isOwner && !p.hidden && !firsts.has(p.id))
    .filter((p) => invitationFate(site.world.seed, p.id).kind === kind)
    .map(asPerson);
}

describe('the LinkedIn flow driver: withdrawing a pending invitation', () => {
  it('withdraws it for good, refuses a repeat, and invites the person again only after 3 weeks', async () => {
    const [person, answered] = fated('accept') as [FlowPerson, FlowPerson];
    const [waiting] = fated('pending') as [FlowPerson];
    const before = site.clock.now();
    for (const p of [person, answered, waiting]) expect(await driver.invite(page, p)).toEqual({ ok: true });
    const after = site.clock.now();

    // The Sent list gives each invitation's sent time: what "pending for more than N days" reads.
    const since = await driver.pendingInvitationsSince(page);
    expect(since.map((i) => i.personId).sort()).toEqual([person.id, answered.id, waiting.id].sort());
    for (const i of since) {
      expect(Date.parse(i.sentAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(i.sentAt)).toBeLessThanOrEqual(after);
    }

    expect(await driver.invitationState(page, person)).toBe('pending');
    expect(await driver.withdraw(page, person)).toEqual({ ok: true });
    const withdrawnBy = site.clock.now();
    // The verify read, and the Sent list: gone from both.
    expect(await driver.invitationState(page, person)).toBe('none');
    expect(await driver.pendingInvitations(page)).not.toContain(person.id);
    expect((await driver.pendingInvitationsSince(page)).map((i) => i.personId).sort()).toEqual(
      [answered.id, waiting.id].sort(),
    );
    expect(await driver.withdraw(page, person)).toEqual({ ok: false, refusal: 'not-pending' });
    expect(await driver.invite(page, person)).toEqual({ ok: false, refusal: 'already-invited' });

    // Past every answer's time: the withdrawn invitation is never accepted; the other one is, and is
    // then no longer pending to withdraw.
    site.clock.advance(49 * HOUR);
    expect(await driver.invitationState(page, person)).toBe('none');
    expect(await driver.connections(page)).not.toContain(person.id);
    expect(await driver.invitationState(page, answered)).toBe('connected');
    expect(await driver.withdraw(page, answered)).toEqual({ ok: false, refusal: 'not-pending' });
    expect(await driver.pendingInvitations(page)).toEqual([waiting.id]);

    // A minute short of 3 weeks since the withdrawal (the real time between calls is far less): refused.
    site.clock.advance(withdrawnBy + OUTREACH_RULES.resendAfterMs - MINUTE - site.clock.now());
    expect(await driver.invite(page, person)).toEqual({ ok: false, refusal: 'already-invited' });
    // At 3 weeks (and the few seconds the calls took): taken, and pending again.
    site.clock.advance(MINUTE);
    expect(await driver.invite(page, person)).toEqual({ ok: true });
    expect(await driver.invitationState(page, person)).toBe('pending');
    expect(await driver.pendingInvitations(page)).toContain(person.id);
  });
});
