import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkedInFreeAccount } from '../../../../scripts/sandbox-platforms/accounts';
import { SimulatedClock } from '../../../../scripts/sandbox-platforms/clock';
import {
  companySizeOf,
  containsWords,
  countryOf,
  facetedSearch,
  facetMatcher,
} from '../../../../scripts/sandbox-platforms/linkedin-facets';
import {
  type InviteFacts,
  invitationFate,
  judgeInvite,
  judgeWithdraw,
  type LastInvitation,
  monthOf,
  noteLength,
  OUTREACH_RULES,
  recentPostDrafts,
  replyFate,
  resendCountsFrom,
} from '../../../../scripts/sandbox-platforms/linkedin-outreach';
import { sandboxWords } from '../../../../scripts/sandbox-platforms/words';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import { indexWorld } from '../../../../scripts/sandbox-platforms/world-index';
import { SANDBOX_SEED } from '../../../../scripts/sandbox-platforms/world-types';

/**
 * The sandbox LinkedIn's flow rules, pure: the faceted search's matching, the country of each place,
 * the size letters, an invitation's refusals (both sides of every limit), and the deterministic
 * schedule of acceptances, declines and replies.
 */

const world = generateWorld('linkedin');
const index = indexWorld(world);
const HOUR = 3_600_000;
/** The industry ids as the list has them, read apart from the matcher. */
const INDUSTRY_IDS = new Map(
  (
    JSON.parse(
      readFileSync(
        new URL('../../../../scripts/sandbox-platforms/data/linkedin-industries-v2.json', import.meta.url),
        'utf8',
      ),
    ) as { industries: Array<{ industry_id: number; label: string }> }
  ).industries.map((i) => [i.label, i.industry_id]),
);
const DAY = 24 * HOUR;

describe('countries of the world’s places', () => {
  it('maps every location of the word list to its ISO code', () => {
    const expected: Record<string, string> = {
      'San Francisco Bay Area': 'US',
      'New York, New York, United States': 'US',
      'London, England, United Kingdom': 'GB',
      'Berlin, Germany': 'DE',
      'Paris, Île-de-France, France': 'FR',
      'Amsterdam, North Holland, Netherlands': 'NL',
      'Toronto, Ontario, Canada': 'CA',
      'Austin, Texas, United States': 'US',
      'Madrid, Community of Madrid, Spain': 'ES',
      'Stockholm, Sweden': 'SE',
      'Dublin, Ireland': 'IE',
      Singapore: 'SG',
      'Sydney, New South Wales, Australia': 'AU',
      'Bengaluru, Karnataka, India': 'IN',
      'São Paulo, Brazil': 'BR',
      'Lisbon, Portugal': 'PT',
      'Milan, Lombardy, Italy': 'IT',
      'Seattle, Washington, United States': 'US',
      'Boston, Massachusetts, United States': 'US',
      'Tokyo, Japan': 'JP',
    };
    expect(Object.keys(expected).sort()).toEqual([...sandboxWords().locations].sort());
    for (const [place, code] of Object.entries(expected)) expect(countryOf(place), place).toBe(code);
    for (const p of world.people) expect(countryOf(p.location), p.location).toMatch(/^[A-Z]{2}$/);
  });

  it('knows no country for a place it does not know', () => {
    expect(countryOf('Atlantis')).toBeUndefined();
    expect(countryOf('')).toBeUndefined();
  });
});

describe('company size letters', () => {
  it('puts each head count in LinkedIn’s bucket, at both edges of each', () => {
    const edges: Array<[number, string | undefined]> = [
      [0, undefined],
      [1, 'B'],
      [10, 'B'],
      [11, 'C'],
      [50, 'C'],
      [51, 'D'],
      [200, 'D'],
      [201, 'E'],
      [500, 'E'],
      [501, 'F'],
      [1000, 'F'],
      [1001, 'G'],
      [5000, 'G'],
      [5001, 'H'],
      [10_000, 'H'],
      [10_001, 'I'],
      [250_000, 'I'],
    ];
    for (const [employees, code] of edges) expect(companySizeOf(employees), String(employees)).toBe(code);
  });
});

describe('faceted search matching', () => {
  const others = world.people.filter((p) => p.id !== world.owner.id);
  const search = (facets: Parameters<typeof facetMatcher>[1]) =>
    facetedSearch(index, facets, world.owner.id).map((p) => p.id);

  it('asks nothing of an empty filter, and never lists the viewer or people LinkedIn hides', () => {
    const all = search({});
    expect(all).toEqual(others.filter((p) => !p.hidden).map((p) => p.id));
    expect(others.some((p) => p.hidden)).toBe(true);
    expect(all).not.toContain(world.owner.id);
    // Another viewer: the owner is found, the viewer is not.
    const free = linkedInFreeAccount(world);
    const seen = facetedSearch(index, {}, free.id).map((p) => p.id);
    expect(seen).toContain(world.owner.id);
    expect(seen).not.toContain(free.id);
  });

  it('finds every keyword word, in any case, in the name, headline, title, company or skills', () => {
    const withSkill = others.find((p) => p.skills.length > 0 && !p.hidden)!;
    const skill = withSkill.skills[0]!;
    const found = search({ keywords: skill.toUpperCase() });
    expect(found).toContain(withSkill.id);
    for (const id of found) {
      const p = index.person(id)!;
      expect(`${p.name} ${p.headline} ${p.title} ${p.company} ${p.skills.join(' ')}`.toLowerCase()).toContain(
        skill.toLowerCase(),
      );
    }
    // Every word must be found (in any field): the company's name and the first name together.
    const p = others.find((x) => !x.hidden)!;
    expect(search({ keywords: `${p.firstName.toLowerCase()}  ${p.company.split(' ')[0]}` })).toContain(p.id);
    expect(search({ keywords: `${p.firstName} zzqx` })).toEqual([]);
    // The location is no keyword field.
    const place = 'Stockholm';
    expect(search({ keywords: place }).every((id) => !index.person(id)!.headline.includes(place))).toBe(true);
  });

  it('keeps any listed industry (by LinkedIn id), country, title phrase and size letter', () => {
    const p = others.find((x) => !x.hidden)!;
    const company = index.company(p.companyId)!;
    const industryId = String(INDUSTRY_IDS.get(p.industry));
    const byIndustry = search({ industries: [industryId, '999999'] });
    expect(byIndustry).toEqual(others.filter((x) => !x.hidden && x.industry === p.industry).map((x) => x.id));

    const byCountry = search({ countries: ['gb', 'JP'] });
    expect(byCountry.length).toBeGreaterThan(0);
    expect(byCountry).toEqual(
      others
        .filter(
          (x) =>
            !x.hidden && (x.location === 'London, England, United Kingdom' || x.location === 'Tokyo, Japan'),
        )
        .map((x) => x.id),
    );

    const byTitle = search({ titles: ['software engineer', 'CTO'] });
    expect(byTitle).toEqual(
      others
        .filter(
          (x) => !x.hidden && (x.title.toLowerCase().includes('software engineer') || x.title === 'CTO'),
        )
        .map((x) => x.id),
    );
    // 'Senior Software Engineer' contains 'Software Engineer'; 'Director' does not contain 'CTO'.
    expect(byTitle.some((id) => index.person(id)!.title === 'Senior Software Engineer')).toBe(true);
    expect(byTitle.some((id) => index.person(id)!.title === 'Operations Director')).toBe(false);
    expect(containsWords('co-founder', 'founder')).toBe(true);
    expect(containsWords('operations director', 'cto')).toBe(false);
    expect(containsWords('vp sales (emea)', 'vp sales')).toBe(true);

    const letter = companySizeOf(company.employees)!;
    const bySize = search({ companySizes: [letter.toLowerCase()] });
    expect(bySize).toContain(p.id);
    for (const id of bySize)
      expect(companySizeOf(index.company(index.person(id)!.companyId)!.employees)).toBe(letter);

    // All facets at once: each one must hold.
    const all = facetMatcher(index, {
      keywords: p.firstName,
      industries: [industryId],
      countries: [countryOf(p.location)!],
      titles: [p.title],
      companySizes: [letter],
    });
    expect(all(p)).toBe(true);
    expect(facetMatcher(index, { industries: ['999999'] })(p)).toBe(false);
  });
});

describe('invitation refusals', () => {
  const base: InviteFacts = { premium: false, connected: false, sentThisWeek: 0, notesThisMonth: 0, now: 0 };
  const code = (facts: Partial<InviteFacts>) => {
    const verdict = judgeInvite({ ...base, ...facts });
    return verdict.ok ? 'ok' : `${verdict.status} ${verdict.code}`;
  };

  it('takes a free note of 200 characters and refuses 201; premium 300 and 301', () => {
    expect(code({ note: 'a'.repeat(200) })).toBe('ok');
    expect(code({ note: 'a'.repeat(201) })).toBe('400 CUSTOM_MESSAGE_TOO_LONG');
    expect(code({ premium: true, note: 'a'.repeat(201) })).toBe('ok');
    expect(code({ premium: true, note: 'a'.repeat(300) })).toBe('ok');
    expect(code({ premium: true, note: 'a'.repeat(301) })).toBe('400 CUSTOM_MESSAGE_TOO_LONG');
    // Characters, not UTF-16 units; the note is trimmed first.
    expect(noteLength('👋'.repeat(200))).toBe(200);
    expect(code({ note: '👋'.repeat(200) })).toBe('ok');
    expect(code({ note: ` ${'a'.repeat(200)}  ` })).toBe('ok');
  });

  it('gives a free account its 5th note of the month and refuses the 6th, and never counts a premium one', () => {
    expect(code({ note: 'hi', notesThisMonth: 4 })).toBe('ok');
    expect(code({ note: 'hi', notesThisMonth: 5 })).toBe('429 CUSTOM_INVITE_LIMIT_REACHED');
    // Without a note the quota does not apply; a blank note is no note.
    expect(code({ notesThisMonth: 5 })).toBe('ok');
    expect(code({ note: '   ', notesThisMonth: 5 })).toBe('ok');
    expect(code({ premium: true, note: 'hi', notesThisMonth: 50 })).toBe('ok');
  });

  it('sends the 100th invitation of 7 days and refuses the 101st', () => {
    expect(OUTREACH_RULES.weeklyInvitations).toBe(100);
    expect(code({ sentThisWeek: 99 })).toBe('ok');
    expect(code({ sentThisWeek: 100 })).toBe('429 FUSE_LIMIT_EXCEEDED');
    expect(code({ premium: true, sentThisWeek: 100 })).toBe('429 FUSE_LIMIT_EXCEEDED');
  });

  it('refuses a repeat (pending, or declined less than 3 weeks ago) and a connection', () => {
    const now = 30 * DAY;
    expect(code({ now, last: { sentAt: now - DAY, state: 'pending' } })).toBe('400 CANT_RESEND_YET');
    expect(code({ now, last: { sentAt: now - 25 * DAY, state: 'pending' } })).toBe('400 CANT_RESEND_YET');
    expect(code({ now, last: { sentAt: now - 20 * DAY, state: 'declined' } })).toBe('400 CANT_RESEND_YET');
    expect(code({ now, last: { sentAt: now - 22 * DAY, state: 'declined' } })).toBe('ok');
    expect(code({ now, connected: true })).toBe('400 ALREADY_CONNECTED');
    expect(code({ now, last: { sentAt: now - DAY, state: 'accepted' } })).toBe('400 ALREADY_CONNECTED');
  });

  it('refuses a person for 3 weeks after a withdrawal, counted from it, and takes them at exactly 3 weeks', () => {
    const withdrawnAt = 40 * DAY;
    // Sent 25 days before it was withdrawn: counted from the sending, the 3 weeks would be over.
    const last: LastInvitation = { sentAt: withdrawnAt - 25 * DAY, state: 'withdrawn', withdrawnAt };
    expect(resendCountsFrom(last)).toBe(withdrawnAt);
    expect(code({ now: withdrawnAt, last })).toBe('400 CANT_RESEND_YET');
    expect(code({ now: withdrawnAt + 21 * DAY - 1, last })).toBe('400 CANT_RESEND_YET');
    expect(code({ now: withdrawnAt + 21 * DAY, last })).toBe('ok');
    // The same one rule for a declined invitation, counted from its sending.
    const declined: LastInvitation = { sentAt: 10 * DAY, state: 'declined' };
    expect(resendCountsFrom(declined)).toBe(10 * DAY);
    expect(code({ now: 31 * DAY - 1, last: declined })).toBe('400 CANT_RESEND_YET');
    expect(code({ now: 31 * DAY, last: declined })).toBe('ok');
  });

  it('withdraws only a pending invitation, and says why not otherwise', () => {
    expect(judgeWithdraw('pending')).toEqual({ ok: true });
    for (const state of ['accepted', 'declined', 'withdrawn'] as const)
      expect(judgeWithdraw(state)).toEqual({
        ok: false,
        status: 400,
        code: 'INVITATION_NOT_PENDING',
        message: `This invitation is no longer pending (${state}).`,
      });
  });

  it('counts notes per calendar month (UTC)', () => {
    expect(monthOf(Date.UTC(2026, 0, 31, 23, 59))).toBe('2026-01');
    expect(monthOf(Date.UTC(2026, 1, 1, 0, 0))).toBe('2026-02');
  });
});

describe('the schedule of answers and replies', () => {
  const people = world.people.filter((p) => !p.isOwner);

  it('gives each person the same fate every time: about 30% accept and 10% decline, 2 to 48 hours later', () => {
    const fates = people.map((p) => invitationFate(SANDBOX_SEED, p.id));
    expect(people.map((p) => invitationFate(SANDBOX_SEED, p.id))).toEqual(fates);
    const share = (kind: string) => fates.filter((f) => f.kind === kind).length / fates.length;
    expect(share('accept')).toBeGreaterThan(0.22);
    expect(share('accept')).toBeLessThan(0.38);
    expect(share('decline')).toBeGreaterThan(0.05);
    expect(share('decline')).toBeLessThan(0.15);
    for (const f of fates)
      if (f.kind !== 'pending') {
        expect(f.afterMs).toBeGreaterThanOrEqual(2 * HOUR);
        expect(f.afterMs).toBeLessThanOrEqual(48 * HOUR);
      }
  });

  it('gives about 30% of threads one reply, 1 to 24 hours after the first message, the same every time', () => {
    const replies = people.map((p) => replyFate(SANDBOX_SEED, world.owner.id, p.id));
    expect(people.map((p) => replyFate(SANDBOX_SEED, world.owner.id, p.id))).toEqual(replies);
    const share = replies.filter(Boolean).length / replies.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.38);
    for (const r of replies.filter((x) => x !== undefined)) {
      expect(r.afterMs).toBeGreaterThanOrEqual(HOUR);
      expect(r.afterMs).toBeLessThanOrEqual(24 * HOUR);
      expect(r.text.length).toBeGreaterThan(0);
    }
  });

  it('drafts 0 to 5 recent posts per person, the same every time, newest first', () => {
    const accounts = new Set([world.owner.id]);
    const counts = new Set<number>();
    for (const p of people.slice(0, 80)) {
      const drafts = recentPostDrafts(world, p, accounts);
      expect(recentPostDrafts(world, p, accounts)).toEqual(drafts);
      counts.add(drafts.length);
      expect(drafts.length).toBeLessThanOrEqual(5);
      for (let i = 1; i < drafts.length; i++)
        expect(drafts[i]!.ageMs).toBeGreaterThanOrEqual(drafts[i - 1]!.ageMs);
      for (const d of drafts) {
        expect(d.authorId).toBe(p.id);
        expect(d.id).toMatch(/^\d{19}$/);
        expect(d.likerIds).not.toContain(p.id);
        expect(d.likerIds).not.toContain(world.owner.id);
        expect(d.reactionTypes).toHaveLength(d.likerIds.length);
      }
    }
    expect([...counts].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('the simulated clock', () => {
  it('starts at the real time, only moves forward, and tells its listeners', () => {
    let real = 1_000;
    const clock = new SimulatedClock(0, () => real);
    let told = 0;
    clock.onChange(() => told++);
    expect(clock.now()).toBe(1_000);
    clock.advance(5 * HOUR);
    real += 10;
    expect(clock.now()).toBe(1_010 + 5 * HOUR);
    expect(clock.offsetMs()).toBe(5 * HOUR);
    expect(told).toBe(1);
    expect(() => clock.advance(-1)).toThrow();
  });
});
