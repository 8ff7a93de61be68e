import { describe, expect, it } from 'vitest';
import {
  HOT_MATCH_SCORE,
  matchQualityOf,
  WARM_MATCH_SCORE,
} from '../../../../functions/ai/ai-outreach-rules';
import { localProspectAi } from '../../../../functions/ai/local/local-prospect-ai';
import { scoreProspect } from '../../../../functions/ai/local/prospect-scorer';
import { FACTOR_NAMES, FACTOR_POINTS } from '../../../../functions/ai/local/score-factors';
import type { AiProspect, AiTargeting, ProspectScore } from '../../../../functions/core/ports/ai';

const TARGETING: AiTargeting = {
  keywords: 'SaaS pricing',
  industries: ['Software Development', 'Financial Services'],
  jobTitles: ['Head of Growth', 'CMO'],
  locations: ['United Kingdom', 'Ireland'],
  companySize: ['51-200 employees', '201-500 employees'],
};
const DESCRIPTION =
  'We help B2B SaaS teams automate outbound prospecting with AI-driven campaigns and clear analytics.';

const PERFECT: AiProspect = {
  id: 'p-perfect',
  name: 'Ana López',
  title: 'Head of Growth',
  headline: 'Head of Growth at Bluefin | B2B SaaS, pricing, outbound',
  company: 'Bluefin',
  companySize: '51-200 employees',
  location: 'London, England, United Kingdom',
  industry: 'Software Development',
  skills: ['SaaS', 'Pricing', 'Analytics'],
  recentPosts: [{ id: 'a1', text: 'How we doubled outbound prospecting replies without more headcount.' }],
};

const UNRELATED: AiProspect = {
  id: 'p-chef',
  name: 'Dev Patel',
  title: 'Head Chef',
  headline: 'Running a kitchen of twelve',
  company: 'The Green Table',
  companySize: '11-50 employees',
  location: 'Mumbai, India',
  industry: 'Restaurants',
  skills: ['Cooking', 'Menu planning'],
  recentPosts: [{ id: 'c1', text: 'New seasonal menu is live, come and try the risotto.' }],
};

const score = (prospect: AiProspect, targeting = TARGETING, description = DESCRIPTION) =>
  scoreProspect({ prospect, targeting, companyDescription: description });

const factor = (result: ProspectScore, name: string) =>
  result.relevanceFactors.find((f) => f.factor === name);

/** The weights are each factor's part of the score: together they say the score (to rounding). */
function expectFactorsToAddUp(result: ProspectScore) {
  const sum = result.relevanceFactors.reduce((total, f) => total + f.weight, 0);
  expect(Math.abs(sum * 100 - result.aiScore)).toBeLessThanOrEqual(1);
  for (const f of result.relevanceFactors) {
    expect(f.weight).toBeGreaterThanOrEqual(0);
    expect(f.weight).toBeLessThanOrEqual(1);
    expect(f.detail.length).toBeGreaterThan(0);
  }
}

describe('match quality', () => {
  it('is hot from 75, warm from 50, cold below, on both sides of each threshold', () => {
    expect(HOT_MATCH_SCORE).toBe(75);
    expect(WARM_MATCH_SCORE).toBe(50);
    expect(matchQualityOf(100)).toBe('hot');
    expect(matchQualityOf(75)).toBe('hot');
    expect(matchQualityOf(74)).toBe('warm');
    expect(matchQualityOf(50)).toBe('warm');
    expect(matchQualityOf(49)).toBe('cold');
    expect(matchQualityOf(0)).toBe('cold');
  });
});

describe('the local prospect scorer', () => {
  it('has six criteria worth 100 points in all', () => {
    expect(Object.values(FACTOR_POINTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.keys(FACTOR_NAMES)).toEqual(Object.keys(FACTOR_POINTS));
  });

  it('scores a perfect match 100, hot, naming what matched', () => {
    const result = score(PERFECT);
    expect(result.aiScore).toBe(100);
    expect(result.matchQuality).toBe('hot');
    expect(result.matchReason).toBe(
      'Matches on keywords (SaaS, pricing), job title (Head of Growth) and industry (Software Development).',
    );
    expect(result.relevanceFactors.map((f) => f.factor)).toEqual(Object.values(FACTOR_NAMES));
    expectFactorsToAddUp(result);
  });

  it('scores an unrelated prospect 0, cold, and says nothing matched', () => {
    const result = score(UNRELATED);
    expect(result.aiScore).toBe(0);
    expect(result.matchQuality).toBe('cold');
    expect(result.matchReason).toBe("Nothing in the profile matches the flow's targeting.");
    expect(factor(result, 'Location')?.detail).toBe(
      'Located in Mumbai, India, outside United Kingdom and Ireland.',
    );
    expectFactorsToAddUp(result);
  });

  it('lands exactly on the hot threshold: keywords, title, location and size, but not industry nor offer', () => {
    const result = score(
      {
        ...PERFECT,
        industry: 'Hospitals and Health Care',
        recentPosts: [],
        headline: '',
        skills: ['SaaS', 'Pricing'],
      },
      TARGETING,
      'We run a network of independent bakeries across the north of England.',
    );
    expect(result.aiScore).toBe(75);
    expect(result.matchQuality).toBe('hot');
    expectFactorsToAddUp(result);
  });

  it('falls just under the hot threshold when one of those criteria is met only in part', () => {
    // The second keyword only in a post: 0.75 of the keyword points.
    const result = score(
      {
        ...PERFECT,
        industry: 'Hospitals and Health Care',
        headline: '',
        skills: ['SaaS'],
        recentPosts: [{ id: 'x', text: 'Our pricing page got a refresh.' }],
      },
      TARGETING,
      'We run a network of independent bakeries across the north of England.',
    );
    expect(result.aiScore).toBeLessThan(HOT_MATCH_SCORE);
    expect(result.aiScore).toBeGreaterThanOrEqual(WARM_MATCH_SCORE);
    expect(result.matchQuality).toBe('warm');
    expect(factor(result, 'Keywords')?.detail).toBe(
      '2 of 2 keywords found: "SaaS" in the profile; "pricing" only in recent posts.',
    );
    expectFactorsToAddUp(result);
  });

  it('lands exactly on the warm threshold, and just under it with less', () => {
    const base: AiProspect = {
      id: 'p-warm',
      name: 'Sam Lee',
      title: 'Operations Lead',
      headline: 'Head of Growth (interim) | SaaS pricing',
      location: 'Lisbon, Portugal',
      industry: 'Hospitals and Health Care',
      companySize: '10,001+ employees',
    };
    const bakeries = 'We run a network of independent bakeries across the north of England.';
    // Keywords 30 + the title only in the headline (0.8 of 25) = 50.
    const warm = score(base, TARGETING, bakeries);
    expect(warm.aiScore).toBe(50);
    expect(warm.matchQuality).toBe('warm');
    expect(factor(warm, 'Job title')?.weight).toBe(0.2);
    expectFactorsToAddUp(warm);
    // One keyword fewer: 15 + 20 = 35.
    const cold = score({ ...base, headline: 'Head of Growth (interim) | SaaS' }, TARGETING, bakeries);
    expect(cold.aiScore).toBeLessThan(WARM_MATCH_SCORE);
    expect(cold.matchQuality).toBe('cold');
    expectFactorsToAddUp(cold);
  });

  it('reads titles as the search does: whole words, any case, abbreviations spelt out, close titles in part', () => {
    const titles: AiTargeting = { ...TARGETING, jobTitles: ['Founder', 'VP Sales', 'Head of Marketing'] };
    const weightOf = (title: string) => factor(score({ ...UNRELATED, title }, titles), 'Job title')?.weight;
    expect(weightOf('Co-Founder & CEO')).toBe(0.25);
    expect(weightOf('Vice President Sales EMEA')).toBe(0.25);
    expect(weightOf('Marketing Director')).toBe(0.1); // shares "marketing" with Head of Marketing
    expect(weightOf('Head of Engineering')).toBe(0); // "head" alone tells nothing
    expect(weightOf('Founders Associate')).toBe(0.25); // plural folded, as the search's words are
  });

  it('finds a country by a place in it, and an industry that contains a targeted one', () => {
    const result = score(
      {
        ...UNRELATED,
        location: 'Dublin',
        industry: 'IT Services and IT Consulting',
      },
      { ...TARGETING, industries: ['IT Services'] },
    );
    expect(factor(result, 'Location')?.weight).toBe(0.1);
    expect(factor(result, 'Industry')?.weight).toBe(0.15);
  });

  it('compares company sizes by label, letter or head count', () => {
    const sizeWeight = (companySize: string) =>
      factor(score({ ...UNRELATED, companySize }), 'Company size')?.weight;
    expect(sizeWeight('51-200 employees')).toBe(0.1);
    expect(sizeWeight('D')).toBe(0.1);
    expect(sizeWeight('350')).toBe(0.1);
    expect(sizeWeight('1,001-5,000 employees')).toBe(0);
  });

  it('leaves out what the flow does not target and shares the points among the rest', () => {
    const open: AiTargeting = { ...TARGETING, jobTitles: [], companySize: [] };
    const result = score({ ...PERFECT, title: 'Engineer', headline: '' }, open);
    expect(result.relevanceFactors.map((f) => f.factor)).toEqual([
      'Keywords',
      'Industry',
      'Location',
      'Fit with your offer',
    ]);
    expect(result.aiScore).toBe(100);
    expectFactorsToAddUp(result);
  });

  it('adds up for every kind of prospect, and is the same twice', () => {
    for (const prospect of [PERFECT, UNRELATED, { id: 'bare', name: 'Nobody' }]) {
      const result = score(prospect);
      expectFactorsToAddUp(result);
      expect(result.matchQuality).toBe(matchQualityOf(result.aiScore));
      expect(Number.isInteger(result.aiScore)).toBe(true);
      expect(score(prospect)).toEqual(result);
    }
  });

  it('scores 0 with no targeting at all', () => {
    const none: AiTargeting = { keywords: '', industries: [], jobTitles: [], locations: [], companySize: [] };
    expect(score(PERFECT, none, '')).toMatchObject({
      aiScore: 0,
      matchQuality: 'cold',
      relevanceFactors: [],
    });
  });

  it('is what the local adapter answers', async () => {
    await expect(
      localProspectAi.scoreProspect({
        prospect: PERFECT,
        targeting: TARGETING,
        companyDescription: DESCRIPTION,
      }),
    ).resolves.toEqual(score(PERFECT));
  });
});

describe('facets the platform’s search matched (issue 36 point 1)', () => {
  /** As a search result lists a person: a headline and a location, no industry, title or company size. */
  const LISTED: AiProspect = {
    id: 'p-listed',
    name: 'Camila Reyes',
    headline: 'Operations at Northwind Plants',
    location: 'Manchester, England, United Kingdom',
  };
  const SEARCHED: AiTargeting = {
    keywords: 'maintenance',
    industries: ['Industrial Machinery Manufacturing'],
    jobTitles: [],
    locations: ['United Kingdom'],
    companySize: [],
  };
  const scored = (matchedBySearch?: Partial<AiTargeting>) =>
    scoreProspect({
      prospect: LISTED,
      targeting: SEARCHED,
      companyDescription: DESCRIPTION,
      ...(matchedBySearch ? { matchedBySearch } : {}),
    });

  it('counts each facet the search filtered by as matched, and says the search found them', () => {
    const result = scored(SEARCHED);
    expect(factor(result, 'Keywords')?.detail).toBe("Found by the search's keywords (maintenance).");
    expect(factor(result, 'Industry')?.detail).toBe(
      "Found by the search's industry filter (Industrial Machinery Manufacturing).",
    );
    // What the profile showed itself stays as it was.
    expect(factor(result, 'Location')?.detail).toBe(
      'Located in Manchester, England, United Kingdom, within United Kingdom.',
    );
    // Keywords 30 + industry 15 + location 10 of 65 points (the offer finds nothing): 85, hot.
    expect(result.aiScore).toBe(85);
    expect(result.matchQuality).toBe('hot');
    expect(result.matchReason).toBe(
      'Matches on keywords (maintenance, by the search), industry (Industrial Machinery Manufacturing, by the search) and location (United Kingdom).',
    );
    expectFactorsToAddUp(result);
  });

  it('scores the same person on the listed profile alone when no search found them', () => {
    const result = scored();
    expect(factor(result, 'Keywords')?.detail).toBe('0 of 1 keywords found: "maintenance" not found.');
    expect(factor(result, 'Industry')?.detail).toBe('No industry on the profile.');
    expect(result.aiScore).toBe(15);
    expect(result.matchQuality).toBe('cold');
  });

  it('names every value of a facet with several, and never credits the offer by the search', () => {
    const result = scored({ industries: ['Machinery Manufacturing', 'Utilities'], keywords: '' });
    expect(factor(result, 'Industry')?.detail).toBe(
      "Found by the search's industry filter (Machinery Manufacturing or Utilities).",
    );
    // An empty keyword facet confirms nothing.
    expect(factor(result, 'Keywords')?.weight).toBe(0);
    expect(factor(result, 'Fit with your offer')?.weight).toBe(0);
  });
});
