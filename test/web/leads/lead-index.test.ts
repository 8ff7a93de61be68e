import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../shared/leads';
import {
  buildIndex,
  cutShort,
  ENGAGEMENT_TEXT_MAX,
  LEADS_PAGE_SIZE,
  type ListOptions,
  listLeads,
  pageCount,
  pageWindow,
  roleLine,
  skillChips,
  withDefaults,
} from '../../../web/src/features/leads/lead-index';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const DAY = 24 * 3_600_000;

const lead = (id: string, fields: Partial<Lead> = {}): Lead => ({
  id,
  profileId: id,
  name: `Lead ${id}`,
  profileUrl: `https://www.linkedin.com/in/${id}`,
  extractedAt: new Date(NOW - DAY).toISOString(),
  ...fields,
});

const options = (overrides: Partial<ListOptions> = {}): ListOptions => ({
  search: '',
  filter: 'all',
  sort: 'recent',
  now: NOW,
  ...overrides,
});

const ids = (leads: readonly Lead[]) => leads.map((l) => l.id);
const search = (leads: Lead[], text: string) => ids(listLeads(buildIndex(leads), options({ search: text })));

describe('search', () => {
  const other = lead('other', { name: 'Someone Else' });

  it.each([
    ['name', { name: 'Grace ZEBRAHOPPER' }],
    ['headline', { headline: 'Building zebrahopper payments' }],
    ['skills', { skills: 'TypeScript • ZebraHopper • AWS' }],
    ['title', { title: 'Chief Zebrahopper Officer' }],
    ['company', { company: 'Zebrahopper Labs' }],
    ['location', { location: 'Zebrahopper, Norway' }],
    ['description', { description: 'Tamed a zebrahopper once.' }],
    ['website', { website: 'https://zebrahopper.example.com' }],
    // DECISIONS 26: the handle and an engager's comment, which the headline and description held before.
    ['handle', { handle: 'ZebraHopper_42' }],
    ['engagement text', { engagement: { type: 'commented', text: 'Love the zebrahopper!' } }],
  ] as const)('finds a lead by its %s, whatever the case', (_field, fields) => {
    const hit = lead('hit', fields);
    expect(search([hit, other], 'zEbRaHoPpEr')).toEqual(['hit']);
  });

  it('matches a substring inside a word, and trims the search', () => {
    const hit = lead('hit', { company: 'Northwind Labs' });
    expect(search([hit, other], '  thwin  ')).toEqual(['hit']);
  });

  it.each([
    ['profileUrl', { profileUrl: 'https://www.linkedin.com/in/zebrahopper' }],
    ['connectionDegree', { connectionDegree: 'zebrahopper' }],
    ['profileImage', { profileImage: 'https://img.example/zebrahopper.png' }],
    ['id', { id: 'zebrahopper', profileId: 'zebrahopper' }],
  ] as const)('does not search the %s', (_field, fields) => {
    const miss = lead('miss', fields);
    expect(search([miss, other], 'zebrahopper')).toEqual([]);
  });

  it('does not match across two fields', () => {
    const split = lead('split', { name: 'Ada', title: 'Lovelace' });
    expect(search([split], 'ada lovelace')).toEqual([]);
    expect(search([split], 'ada')).toEqual(['split']);
  });

  it('a blank search lists everyone', () => {
    expect(search([lead('a'), lead('b')], '   ').sort()).toEqual(['a', 'b']);
  });
});

describe("the 'Recent (7 days)' filter", () => {
  const exactly7Days = lead('edge', { extractedAt: new Date(NOW - 7 * DAY).toISOString() });
  const justOlder = lead('older', { extractedAt: new Date(NOW - 7 * DAY - 1).toISOString() });
  const today = lead('today', { extractedAt: new Date(NOW).toISOString() });
  const index = buildIndex([exactly7Days, justOlder, today]);

  it('keeps a lead extracted exactly 7 days ago and drops one 1 ms older', () => {
    expect(ids(listLeads(index, options({ filter: 'recent' })))).toEqual(['today', 'edge']);
  });

  it("'All Leads' keeps the old one too", () => {
    expect(ids(listLeads(index, options({ filter: 'all' })))).toEqual(['today', 'edge', 'older']);
  });

  it('combines with the search', () => {
    const hit = lead('hit', { company: 'Acme', extractedAt: new Date(NOW).toISOString() });
    const oldHit = lead('old-hit', { company: 'Acme', extractedAt: new Date(NOW - 30 * DAY).toISOString() });
    const both = buildIndex([hit, oldHit, today]);
    expect(ids(listLeads(both, options({ filter: 'recent', search: 'acme' })))).toEqual(['hit']);
  });
});

describe('sorting', () => {
  const at = (days: number) => new Date(NOW - days * DAY).toISOString();
  const leads = [
    lead('b', { name: 'bob Baker', extractedAt: at(3) }),
    lead('none', { name: '', extractedAt: at(0) }),
    lead('a', { name: 'Alice Adams', extractedAt: at(5) }),
    lead('c', { name: 'Carol Chen', extractedAt: at(1) }),
  ];
  const index = buildIndex(leads);

  it("'Recently Added' lists the newest first", () => {
    expect(ids(listLeads(index, options({ sort: 'recent' })))).toEqual(['none', 'c', 'b', 'a']);
  });

  it("'Name A-Z' sorts by name regardless of case and puts leads without a name last", () => {
    expect(ids(listLeads(index, options({ sort: 'name' })))).toEqual(['a', 'b', 'c', 'none']);
  });

  it('the company sort (not offered) puts leads without a company last', () => {
    const byCompany = buildIndex([
      lead('x', { company: 'Zeta' }),
      lead('y'),
      lead('z', { company: 'alpha' }),
    ]);
    expect(ids(listLeads(byCompany, options({ sort: 'company' })))).toEqual(['z', 'x', 'y']);
  });
});

describe('the AI order', () => {
  const leads = [
    lead('a', { company: 'Acme' }),
    lead('b', { company: 'Beta' }),
    lead('c', { company: 'Acme' }),
    lead('d', { company: 'Acme', extractedAt: new Date(NOW - 30 * DAY).toISOString() }),
  ];
  const index = buildIndex(leads);

  it("keeps only the AI's leads, in the AI's order, whatever the sort", () => {
    expect(ids(listLeads(index, options({ aiOrder: ['c', 'a'], sort: 'name' })))).toEqual(['c', 'a']);
  });

  it('drops ids the list does not know', () => {
    expect(ids(listLeads(index, options({ aiOrder: ['ghost', 'b'] })))).toEqual(['b']);
  });

  it('still applies the search and the filter', () => {
    expect(ids(listLeads(index, options({ aiOrder: ['b', 'd', 'c', 'a'], search: 'acme' })))).toEqual([
      'd',
      'c',
      'a',
    ]);
    expect(
      ids(listLeads(index, options({ aiOrder: ['b', 'd', 'c', 'a'], search: 'acme', filter: 'recent' }))),
    ).toEqual(['c', 'a']);
  });

  it('an empty AI answer lists nobody', () => {
    expect(listLeads(index, options({ aiOrder: [] }))).toEqual([]);
  });
});

describe('pages', () => {
  it('has 20 leads a page and at least one page', () => {
    expect(LEADS_PAGE_SIZE).toBe(20);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(48)).toBe(3);
  });

  it.each([
    [1, 20, [1, 2, 3, 4, 5]],
    [2, 20, [1, 2, 3, 4, 5]],
    [3, 20, [1, 2, 3, 4, 5]],
    [4, 20, [2, 3, 4, 5, 6]],
    [5, 20, [3, 4, 5, 6, 7]],
    [18, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 1, [1]],
  ])('page %i of %i shows the buttons %j', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('skill chips', () => {
  const skills = (n: number) => Array.from({ length: n }, (_, i) => `Skill ${i + 1}`).join(' • ');

  it("shows 6 chips and '+n' for the rest", () => {
    const { chips, more } = skillChips(skills(9));
    expect(chips.map((c) => c.label)).toEqual([
      'Skill 1',
      'Skill 2',
      'Skill 3',
      'Skill 4',
      'Skill 5',
      'Skill 6',
    ]);
    expect(more).toBe(3);
  });

  it("exactly 6 skills give no '+n'", () => {
    const { chips, more } = skillChips(skills(6));
    expect(chips).toHaveLength(6);
    expect(more).toBe(0);
  });

  it('a label of exactly 25 characters stays whole; one of 26 is cut to 25 and an ellipsis', () => {
    const exact = 'A'.repeat(25);
    const long = `${'B'.repeat(25)}C`;
    const { chips } = skillChips(`${exact} • ${long}`);
    expect(chips[0]).toEqual({ label: exact, full: exact });
    expect(chips[1]).toEqual({ label: `${'B'.repeat(25)}…`, full: long });
  });

  it('ignores empty parts and surrounding spaces; no skills give no chips', () => {
    expect(skillChips(' Go •  • Rust ').chips.map((c) => c.label)).toEqual(['Go', 'Rust']);
    expect(skillChips(undefined)).toEqual({ chips: [], more: 0 });
    expect(skillChips('')).toEqual({ chips: [], more: 0 });
  });
});

describe('roleLine', () => {
  it("reads 'Title at Company · Location'", () => {
    expect(roleLine({ title: 'CTO', company: 'Acme', location: 'Berlin' })).toBe('CTO at Acme · Berlin');
  });

  it('leaves out what the lead lacks', () => {
    expect(roleLine({ title: 'CTO', location: 'Berlin' })).toBe('CTO · Berlin');
    expect(roleLine({ company: 'Acme', location: 'Berlin' })).toBe('Acme · Berlin');
    expect(roleLine({ title: 'CTO', company: 'Acme' })).toBe('CTO at Acme');
    expect(roleLine({ location: 'Berlin' })).toBe('Berlin');
    expect(roleLine({ title: '', company: '' })).toBe('');
  });
});

describe('withDefaults', () => {
  const now = '2026-11-20T12:00:00.000Z';

  it("gives a lead without a profile URL '#' and without an extraction date now", () => {
    const loaded = withDefaults(lead('x', { profileUrl: '', extractedAt: '' }), now);
    expect(loaded.profileUrl).toBe('#');
    expect(loaded.extractedAt).toBe(now);
  });

  it('uses the profile id when the id is missing', () => {
    expect(withDefaults({ ...lead('x'), id: '' }, now).id).toBe('x');
  });

  it("names a nameless lead 'Unknown User' on load, so search and sort see that name; a name is kept", () => {
    const original = lead('x', { name: '', extractedAt: '2026-01-01T00:00:00.000Z' });
    expect(withDefaults(original, now)).toEqual({ ...original, name: 'Unknown User' });
    const named = lead('y', { name: 'Ada', extractedAt: '2026-01-01T00:00:00.000Z' });
    expect(withDefaults(named, now)).toEqual(named);
  });
});

describe('cutShort (an engager’s comment in a row)', () => {
  it('keeps a short text whole, its spaces and line breaks collapsed', () => {
    expect(cutShort('  Great\n\npost,   thanks ')).toEqual({ label: 'Great post, thanks', cut: false });
    expect(cutShort('a'.repeat(ENGAGEMENT_TEXT_MAX))).toEqual({ label: 'a'.repeat(140), cut: false });
  });

  it('cuts a long one at 140 characters with an ellipsis, never inside an emoji', () => {
    expect(cutShort('b'.repeat(141))).toEqual({ label: `${'b'.repeat(140)}…`, cut: true });
    const emoji = `${'c'.repeat(139)}😀😀`;
    expect(cutShort(emoji)).toEqual({ label: `${'c'.repeat(139)}😀…`, cut: true });
  });
});
