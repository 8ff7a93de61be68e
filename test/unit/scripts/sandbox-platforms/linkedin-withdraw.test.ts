import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSite, startSandboxSite } from '../../../../scripts/sandbox-platforms';
import { siteAccounts } from '../../../../scripts/sandbox-platforms/accounts';
import { SimulatedClock } from '../../../../scripts/sandbox-platforms/clock';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';
import { invitationFate, OUTREACH_RULES } from '../../../../scripts/sandbox-platforms/linkedin-outreach';
import { LinkedInState } from '../../../../scripts/sandbox-platforms/linkedin-state';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import { indexWorld } from '../../../../scripts/sandbox-platforms/world-index';
import type { SandboxPerson, SandboxWorld } from '../../../../scripts/sandbox-platforms/world-types';
import { client, includedByUrn, type Json, platformHeaders } from './support';

/**
 * Withdrawing a pending invitation on the sandbox LinkedIn (issue 23 point 2): the state's rule on a
 * clock that stands still between moves (so both sides of the 3 weeks are pinned to the millisecond),
 * and the call over HTTP as a driver makes it, with what the reads then show.
 */

const HOUR = 3_600_000;
const P = LINKEDIN.paths;
const THREE_WEEKS = OUTREACH_RULES.resendAfterMs;

/** People the owner is not connected to, nor hidden, in the world's order. */
function strangers(world: SandboxWorld): SandboxPerson[] {
  const firsts = new Set((world.connections[world.owner.id] ?? []).map((c) => c.personId));
  return world.people.filter((p) => !p.isOwner && !p.hidden && !firsts.has(p.id));
}

describe('the sandbox LinkedIn state: withdrawing an invitation', () => {
  const world = generateWorld('linkedin');
  const accounts = siteAccounts('linkedin', world);
  const [owner, free] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
  const fated = (kind: string) =>
    strangers(world).filter((p) => invitationFate(world.seed, p.id).kind === kind);
  /** A site state whose clock moves only when the test moves it. */
  const fresh = () => {
    const clock = new SimulatedClock(0, () => Date.UTC(2026, 2, 2, 9));
    return { clock, state: new LinkedInState(indexWorld(world), clock, accounts) };
  };

  it('takes a pending one off the Sent list, refuses it a second time, and unknown ids are not found', () => {
    const { state } = fresh();
    const person = fated('pending')[0]!;
    const sent = state.invite(owner, person.id, 'Hello');
    expect(sent.ok).toBe(true);
    const id = sent.invitation!.id;
    expect(state.pendingInvitation(owner.person.id, person.id)?.id).toBe(id);

    const done = state.withdraw(owner.person.id, id);
    expect(done).toMatchObject({ ok: true, invitation: { id, state: 'withdrawn', settledAt: state.now() } });
    expect(state.pendingInvitations(owner.person.id)).toEqual([]);
    expect(state.pendingInvitation(owner.person.id, person.id)).toBeUndefined();
    expect(state.withdraw(owner.person.id, id)).toEqual({
      ok: false,
      status: 400,
      code: 'INVITATION_NOT_PENDING',
      message: 'This invitation is no longer pending (withdrawn).',
    });
    // Another account's invitation, or one never sent, is unknown to the account.
    expect(state.withdraw(free.person.id, id)).toBeUndefined();
    expect(state.withdraw(owner.person.id, '1234567890123456789')).toBeUndefined();
  });

  it('refuses to invite the person again until exactly 3 weeks after the withdrawal', () => {
    const { state, clock } = fresh();
    const person = fated('pending')[1]!;
    const first = state.invite(owner, person.id, undefined);
    clock.advance(5 * 24 * HOUR);
    expect(state.withdraw(owner.person.id, first.invitation!.id)?.ok).toBe(true);
    expect(state.invite(owner, person.id, undefined)).toMatchObject({ ok: false, code: 'CANT_RESEND_YET' });
    clock.advance(THREE_WEEKS - 1);
    expect(state.invite(owner, person.id, undefined)).toMatchObject({ ok: false, code: 'CANT_RESEND_YET' });
    // The free account never invited them: the owner's withdrawal does not hold it back.
    expect(state.invite(free, person.id, undefined).ok).toBe(true);
    clock.advance(1);
    const again = state.invite(owner, person.id, undefined);
    expect(again.ok).toBe(true);
    expect(state.pendingInvitation(owner.person.id, person.id)?.id).toBe(again.invitation!.id);
  });

  it('never lets a withdrawn invitation be accepted or declined later, and withdraws only pending ones', () => {
    const { state, clock } = fresh();
    const [accepting, lateAccepting] = fated('accept') as [SandboxPerson, SandboxPerson];
    const [declining, lateDeclining] = fated('decline') as [SandboxPerson, SandboxPerson];
    const ids = new Map(
      [accepting, declining, lateAccepting, lateDeclining].map((p) => [
        p.id,
        state.invite(owner, p.id, undefined).invitation!.id,
      ]),
    );
    expect(state.withdraw(owner.person.id, ids.get(accepting.id)!)?.ok).toBe(true);
    expect(state.withdraw(owner.person.id, ids.get(declining.id)!)?.ok).toBe(true);
    // Past every answer's time (48 hours at most).
    clock.advance(49 * HOUR);
    const states = new Map(state.invitations(owner.person.id).map((i) => [i.personId, i.state]));
    expect(states.get(accepting.id)).toBe('withdrawn');
    expect(states.get(declining.id)).toBe('withdrawn');
    expect(states.get(lateAccepting.id)).toBe('accepted');
    expect(states.get(lateDeclining.id)).toBe('declined');
    expect(state.distance(owner.person.id, accepting.id)).not.toBe(1);
    expect(state.connectionsOf(owner.person.id).map((c) => c.personId)).not.toContain(accepting.id);
    // Answered first: nothing pending to withdraw.
    for (const p of [lateAccepting, lateDeclining])
      expect(state.withdraw(owner.person.id, ids.get(p.id)!)).toMatchObject({
        ok: false,
        code: 'INVITATION_NOT_PENDING',
      });
  });
});

describe('the sandbox LinkedIn withdrawal call', () => {
  let site: SandboxSite;
  let world: SandboxWorld;
  const profileQuery = (p: SandboxPerson) =>
    `${P.profilesApi}?q=memberIdentity&memberIdentity=${p.id}&decorationId=${LINKEDIN.decorationIds.fullProfile}`;
  const sentQuery = `${P.sentInvitationsApi}?q=invitationType&invitationType=CONNECTION&start=0&count=100`;
  const withdrawPath = (urn: string, action: string = LINKEDIN.actions.withdraw) =>
    `${P.invitationsApi}/${encodeURIComponent(urn)}?action=${action}`;

  const post = async (path: string, body: unknown, on = site) => {
    const session = on.issueSession();
    const cookie = session.cookies.map((k) => `${k.name}=${k.value}`).join('; ');
    const response = await fetch(`${on.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, ...platformHeaders(on, session), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const invite = async (p: SandboxPerson, on = site): Promise<string> => {
    const sent = await post(
      `${P.invitationsCreateApi}?action=${LINKEDIN.actions.invite}`,
      { invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${p.id}` } } },
      on,
    );
    expect(sent.status).toBe(200);
    return sent.body.value.invitationUrn as string;
  };
  const CONNECTION = { invitationType: 'CONNECTION' };

  beforeAll(async () => {
    site = await startSandboxSite({ platform: 'linkedin' });
    world = site.world;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('withdraws a pending invitation: gone from the Sent list and page and from the profile', async () => {
    const c = client(site);
    const [p, other] = strangers(world).slice(40) as [SandboxPerson, SandboxPerson];
    const sentAt = site.clock.now();
    const urn = await invite(p);
    await invite(other);
    const before = await c.json(sentQuery);
    const row = includedByUrn(before.body).get(urn);
    // The Sent list gives each invitation's sent time (ms): what "pending for N days" reads.
    expect(row).toMatchObject({ toMemberId: p.id, invitationState: 'PENDING' });
    expect(row.sentTime).toBeGreaterThanOrEqual(sentAt);
    expect(row.sentTime).toBeLessThanOrEqual(site.clock.now());
    const shown = includedByUrn((await c.json(profileQuery(p))).body).get(`urn:li:fsd_profile:${p.id}`);
    expect(
      shown.memberRelationship.memberRelationshipUnion.noConnection.invitationUnion.invitation,
    ).toMatchObject({ invitationUrn: urn, invitationState: 'PENDING' });

    expect(await post(withdrawPath(urn), CONNECTION)).toEqual({
      status: 200,
      body: { value: { $type: LINKEDIN.types.invitation, invitationUrn: urn, invitationState: 'WITHDRAWN' } },
    });
    const after = (await c.json(sentQuery)).body;
    expect(after.data['*elements']).not.toContain(urn);
    expect(after.data.paging.total).toBe(before.body.data.paging.total - 1);
    const page = await (await c.get(P.sentInvitations)).text();
    expect(page).not.toContain(urn.split(':').pop());
    expect(page).toContain(`data-urn="urn:li:fsd_profile:${other.id}"`);
    expect(JSON.stringify((await c.json(profileQuery(p))).body)).not.toContain('invitationUnion');
    const profilePage = await (await c.get(`/in/${p.handle}/`)).text();
    expect(profilePage).not.toContain('data-invitation-state="PENDING"');
    expect(profilePage).toContain('aria-label="Invite to connect"');

    // A second time, and the person again within 3 weeks: LinkedIn's refusals.
    const again = await post(withdrawPath(urn), CONNECTION);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'INVITATION_NOT_PENDING',
      data: { code: 'INVITATION_NOT_PENDING' },
    });
    const reinvite = await post(`${P.invitationsCreateApi}?action=${LINKEDIN.actions.invite}`, {
      invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${p.id}` } },
    });
    expect(reinvite).toMatchObject({ status: 400, body: { code: 'CANT_RESEND_YET' } });
  });

  it('takes the URN unencoded too, and refuses a wrong action, body or URN; an unknown one is not found', async () => {
    const p = strangers(world)[45]!;
    const urn = await invite(p);
    expect((await post(withdrawPath(urn, 'accept'), CONNECTION)).status).toBe(400);
    expect((await post(withdrawPath(urn), {})).status).toBe(400);
    expect((await post(withdrawPath(urn), { invitationType: 'ORGANIZATION' })).status).toBe(400);
    expect((await post(withdrawPath('urn:li:fsd_profile:ACoAAx'), CONNECTION)).status).toBe(400);
    expect((await post(withdrawPath('urn:li:fsd_invitation:1234567890123456789'), CONNECTION)).status).toBe(
      404,
    );
    // Refused calls changed nothing; the URN as it is, colons and all, names it too.
    expect((await post(`${P.invitationsApi}/${urn}?action=withdraw`, CONNECTION)).status).toBe(200);
  });

  it('answers an accepted invitation as no longer pending', async () => {
    const p = strangers(world).find((x) => invitationFate(world.seed, x.id).kind === 'accept')!;
    const own = await startSandboxSite({ platform: 'linkedin' });
    try {
      const urn = await invite(p, own);
      own.clock.advance(49 * HOUR);
      const answer = await post(withdrawPath(urn), CONNECTION, own);
      expect(answer).toMatchObject({ status: 400, body: { code: 'INVITATION_NOT_PENDING' } });
      expect(answer.body.message).toContain('accepted');
    } finally {
      await own.stop();
    }
  });

  it('keeps a withdrawal across a restart with a state dir', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'sandbox-li-withdraw-'));
    try {
      const first = await startSandboxSite({ platform: 'linkedin', stateDir });
      const p = strangers(first.world)[50]!;
      const urn = await invite(p, first);
      expect((await post(withdrawPath(urn), CONNECTION, first)).status).toBe(200);
      await first.stop();
      const second = await startSandboxSite({ platform: 'linkedin', stateDir });
      try {
        expect((await post(withdrawPath(urn), CONNECTION, second)).body.code).toBe('INVITATION_NOT_PENDING');
        const reinvite = await post(
          `${P.invitationsCreateApi}?action=${LINKEDIN.actions.invite}`,
          { invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${p.id}` } } },
          second,
        );
        expect(reinvite.body.code).toBe('CANT_RESEND_YET');
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
