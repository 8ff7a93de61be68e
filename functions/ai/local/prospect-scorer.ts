import type { AiProspect, ProspectScore, RelevanceFactor, ScoreProspectRequest } from '../../core/ports/ai';
import { matchQualityOf } from '../ai-outreach-rules';
import {
  containsWords,
  FILLER,
  fold,
  INDUSTRY_GENERIC,
  listOf,
  OFFER_GENERIC,
  quoted,
  stemsOf,
  TITLE_GENERIC,
  titleWords,
} from './prospect-words';
import { type Assessment, FACTOR_NAMES, FACTOR_POINTS } from './score-factors';
import { confirmedBySearch } from './search-confirmation';
import { tokenize } from './text';
import { PLACES, type Place, placeAliases } from './vocabulary';

/**
 * The local prospect scorer: how well a person a flow found fits the flow's targeting and the user's
 * offer, by a fixed scheme anyone can follow from the factors it reports. Six criteria, each worth a
 * number of points (FACTOR_POINTS, 100 in all); a criterion earns a share of its points (its credit,
 * 0 to 1):
 *
 *  - Keywords (30): each keyword word found in the title, headline, skills, company or industry counts
 *    1, found only in the recent posts 0.5; the credit is their mean.
 *  - Job title (25): a targeted title contained in the person's title, whole words and any case, as the
 *    search matches it ('Founder' in 'Co-Founder'; CEO, CTO, VP ... read as their long forms): 1; only in
 *    the headline: 0.8; a title sharing a telling word with one ('Sales' of Head of Sales in 'Sales
 *    Director'): 0.4.
 *  - Industry (15): the person's industry is a targeted one, or contains it or is contained in it: 1;
 *    shares a telling word with one ('Financial Services' and 'Financial Technology'): 0.5.
 *  - Location (10): the location names a targeted country, or a place in it (London for the UK): 1.
 *  - Company size (10): the company's size bucket is a targeted one: 1 (unknown: 0).
 *  - Fit with your offer (10): telling words of the company description found in the profile or the
 *    posts: 1 for two or more, 0.5 for one.
 *
 * A criterion the platform's search filtered the person by counts as matched, credit 1, whatever the
 * listed profile shows (search-confirmation.ts; issue 36 point 1).
 *
 * A criterion the flow leaves open (no job titles, no sizes) is left out and the others share the 100:
 * aiScore = round(100 × Σ credit × points / Σ points of the criteria counted). Each factor's weight is
 * its part of that (credit × points / Σ points), so the weights add up to aiScore / 100.
 */
/** Credits of a partial match (see the scheme above). */
const CREDIT = {
  keywordInPostsOnly: 0.5,
  titleInHeadline: 0.8,
  titleSharesWord: 0.4,
  industrySharesWord: 0.5,
  offerOneWord: 0.5,
} as const;
/** Offer words found that earn the whole credit. */
const OFFER_WORDS_FOR_FULL_CREDIT = 2;

// --- Criteria ------------------------------------------------------------------------------------

interface Profile {
  /** Stems of the title, headline, skills, company and industry. */
  profile: Set<string>;
  /** Stems of the recent posts. */
  posts: Set<string>;
}

function profileOf(p: AiProspect): Profile {
  const fields = [p.title, p.headline, (p.skills ?? []).join(' '), p.company, p.industry];
  return {
    profile: new Set(fields.flatMap((f) => (f ? stemsOf(f) : []))),
    posts: new Set((p.recentPosts ?? []).flatMap((post) => stemsOf(post.text))),
  };
}

function keywordsOf(keywords: string): { stem: string; word: string }[] {
  const out = new Map<string, string>();
  const text = keywords.replace(/[-/]/g, ' ');
  for (const token of tokenize(text)) {
    if (!FILLER.has(token.stem) && !out.has(token.stem)) {
      out.set(token.stem, text.slice(token.start, token.end));
    }
  }
  return [...out].map(([stem, word]) => ({ stem, word }));
}

function assessKeywords(keywords: string, seen: Profile): Assessment | undefined {
  const terms = keywordsOf(keywords);
  if (terms.length === 0) return undefined;
  const inProfile = terms.filter((t) => seen.profile.has(t.stem));
  const inPosts = terms.filter((t) => !seen.profile.has(t.stem) && seen.posts.has(t.stem));
  const missing = terms.filter((t) => !seen.profile.has(t.stem) && !seen.posts.has(t.stem));
  const credit = (inProfile.length + CREDIT.keywordInPostsOnly * inPosts.length) / terms.length;
  const parts = [
    inProfile.length ? `${quoted(inProfile.map((t) => t.word))} in the profile` : '',
    inPosts.length ? `${quoted(inPosts.map((t) => t.word))} only in recent posts` : '',
    missing.length ? `${quoted(missing.map((t) => t.word))} not found` : '',
  ].filter(Boolean);
  const found = [...inProfile, ...inPosts].map((t) => t.word);
  return {
    key: 'keywords',
    credit,
    detail: `${found.length} of ${terms.length} keywords found: ${parts.join('; ')}.`,
    ...(found.length ? { summary: `keywords (${found.join(', ')})` } : {}),
  };
}

function assessJobTitle(jobTitles: readonly string[], p: AiProspect): Assessment | undefined {
  const targets = jobTitles.map((t) => ({ label: t, words: titleWords(t) })).filter((t) => t.words.length);
  if (targets.length === 0) return undefined;
  const own = titleWords(p.title ?? '');
  const headline = titleWords(p.headline ?? '');
  const inTitle = targets.find((t) => containsWords(own, t.words));
  if (inTitle) {
    return {
      key: 'jobTitle',
      credit: 1,
      detail: `The title "${p.title}" is a targeted one (${inTitle.label}).`,
      summary: `job title (${inTitle.label})`,
    };
  }
  const inHeadline = targets.find((t) => containsWords(headline, t.words));
  if (inHeadline) {
    return {
      key: 'jobTitle',
      credit: CREDIT.titleInHeadline,
      detail: `The headline names a targeted title (${inHeadline.label})${p.title ? `; the title "${p.title}" does not` : ''}.`,
      summary: `headline (${inHeadline.label})`,
    };
  }
  const ownWords = new Set([...own, ...headline]);
  for (const target of targets) {
    const shared = target.words.filter((w) => !TITLE_GENERIC.has(w) && ownWords.has(w));
    if (shared.length) {
      return {
        key: 'jobTitle',
        credit: CREDIT.titleSharesWord,
        detail: `The title ${p.title ? `"${p.title}"` : 'in the headline'} is close to ${target.label} (shares "${shared.join(' ')}").`,
        summary: `a title close to ${target.label}`,
      };
    }
  }
  return {
    key: 'jobTitle',
    credit: 0,
    detail: p.title
      ? `The title "${p.title}" is none of the targeted titles.`
      : 'No title on the profile to compare with the targeted titles.',
  };
}

const industryWords = (text: string) => stemsOf(text).filter((w) => !INDUSTRY_GENERIC.has(w));

function assessIndustry(industries: readonly string[], p: AiProspect): Assessment | undefined {
  const targets = industries.filter((i) => i.trim());
  if (targets.length === 0) return undefined;
  if (!p.industry?.trim()) {
    return { key: 'industry', credit: 0, detail: 'No industry on the profile.' };
  }
  const own = stemsOf(p.industry);
  const exact = targets.find((t) => {
    const words = stemsOf(t);
    return containsWords(own, words) || containsWords(words, own);
  });
  if (exact) {
    return {
      key: 'industry',
      credit: 1,
      detail: `The industry "${p.industry}" is a targeted one (${exact}).`,
      summary: `industry (${p.industry})`,
    };
  }
  const ownTelling = new Set(industryWords(p.industry));
  const close = targets.find((t) => industryWords(t).some((w) => ownTelling.has(w)));
  if (close) {
    return {
      key: 'industry',
      credit: CREDIT.industrySharesWord,
      detail: `The industry "${p.industry}" is close to ${close}.`,
      summary: `an industry close to ${close}`,
    };
  }
  return { key: 'industry', credit: 0, detail: `The industry "${p.industry}" is none of the targeted ones.` };
}

const PLACES_BY_NAME = new Map(PLACES.map((place) => [fold(place.name), place]));
const PLACE_NAMES = new Map<string, Place>(PLACES.map((place) => [place.name, place]));

/** The names a targeted location goes by: its own and, for a known country, its aliases and places. */
function locationNames(location: string): string[] {
  const place = PLACES_BY_NAME.get(fold(location.trim()));
  const names = place ? placeAliases(place, PLACE_NAMES) : [];
  return [...new Set([fold(location.trim()), ...names.map(fold)])].filter(Boolean);
}

/** ' london england united kingdom ': words between single spaces, so a name matches whole words. */
const padded = (text: string) =>
  ` ${fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

function assessLocation(locations: readonly string[], p: AiProspect): Assessment | undefined {
  const targets = locations.filter((l) => l.trim());
  if (targets.length === 0) return undefined;
  if (!p.location?.trim()) return { key: 'location', credit: 0, detail: 'No location on the profile.' };
  const where = padded(p.location);
  const match = targets.find((t) => locationNames(t).some((name) => where.includes(padded(name))));
  return match
    ? {
        key: 'location',
        credit: 1,
        detail: `Located in ${p.location}, within ${match}.`,
        summary: `location (${match})`,
      }
    : {
        key: 'location',
        credit: 0,
        detail: `Located in ${p.location}, outside ${listOf(targets)}.`,
      };
}

/** LinkedIn's company size letters and the head count each bucket ends at (shared/flows.ts). */
const SIZE_BUCKETS: readonly (readonly [letter: string, label: string, upTo: number])[] = [
  ['b', '1-10 employees', 10],
  ['c', '11-50 employees', 50],
  ['d', '51-200 employees', 200],
  ['e', '201-500 employees', 500],
  ['f', '501-1,000 employees', 1000],
  ['g', '1,001-5,000 employees', 5000],
  ['h', '5,001-10,000 employees', 10000],
  ['i', '10,001+ employees', Number.POSITIVE_INFINITY],
];

/** A size as one comparable key: '51-200 employees', 'D', '51-200' and '120' are all 'd'. */
function sizeKey(value: string): string {
  const v = value.trim().toLowerCase();
  const compact = v.replace(/[\s,]|employees?/g, '');
  for (const [letter, label] of SIZE_BUCKETS) {
    if (v === letter || compact === label.replace(/[\s,]|employees?/g, '')) return letter;
  }
  if (/^\d+$/.test(compact)) {
    const n = Number(compact);
    return SIZE_BUCKETS.find(([, , upTo]) => n <= upTo)?.[0] ?? compact;
  }
  return compact;
}

function assessCompanySize(sizes: readonly string[], p: AiProspect): Assessment | undefined {
  const targets = sizes.filter((s) => s.trim());
  if (targets.length === 0) return undefined;
  if (!p.companySize?.trim()) return { key: 'companySize', credit: 0, detail: 'Company size not known.' };
  const own = sizeKey(p.companySize);
  const match = targets.find((t) => sizeKey(t) === own);
  return match
    ? {
        key: 'companySize',
        credit: 1,
        detail: `The company has ${match}, a targeted size.`,
        summary: `company size (${match})`,
      }
    : {
        key: 'companySize',
        credit: 0,
        detail: `The company size (${p.companySize}) is none of the targeted ones.`,
      };
}

/** The telling words of the user's description: acronyms (AI, B2B, CRM) and longer words not generic. */
function offerWords(description: string): { stem: string; word: string }[] {
  const out = new Map<string, string>();
  const text = description.replace(/[-/]/g, ' ');
  for (const token of tokenize(text)) {
    const word = text.slice(token.start, token.end);
    // AI, B2B, CRM, SaaS: capitals after the first letter make a short word telling.
    const named = word.length >= 2 && /^.+[A-Z]/.test(word);
    if (!(named || word.length >= 4) || OFFER_GENERIC.has(token.stem)) continue;
    if (!out.has(token.stem)) out.set(token.stem, word);
  }
  return [...out].map(([stem, word]) => ({ stem, word }));
}

function assessOffer(description: string, seen: Profile): Assessment | undefined {
  const words = offerWords(description);
  if (words.length === 0) return undefined;
  const found = words.filter((w) => seen.profile.has(w.stem) || seen.posts.has(w.stem));
  const credit = found.length >= OFFER_WORDS_FOR_FULL_CREDIT ? 1 : found.length > 0 ? CREDIT.offerOneWord : 0;
  const shown = found.slice(0, 5).map((w) => w.word);
  return {
    key: 'offer',
    credit,
    detail: found.length
      ? `The profile or posts mention ${quoted(shown)} from your company description.`
      : 'Nothing in the profile or posts echoes your company description.',
    ...(found.length ? { summary: `your offer (${shown.slice(0, 3).join(', ')})` } : {}),
  };
}

// --- The score -----------------------------------------------------------------------------------

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function scoreProspect({
  prospect,
  targeting,
  companyDescription,
  matchedBySearch = {},
}: ScoreProspectRequest): ProspectScore {
  const seen = profileOf(prospect);
  const bySearch = matchedBySearch;
  const assessed = [
    confirmedBySearch(assessKeywords(targeting.keywords ?? '', seen), bySearch.keywords),
    confirmedBySearch(assessJobTitle(targeting.jobTitles ?? [], prospect), bySearch.jobTitles),
    confirmedBySearch(assessIndustry(targeting.industries ?? [], prospect), bySearch.industries),
    confirmedBySearch(assessLocation(targeting.locations ?? [], prospect), bySearch.locations),
    confirmedBySearch(assessCompanySize(targeting.companySize ?? [], prospect), bySearch.companySize),
    assessOffer(companyDescription ?? '', seen),
  ].filter((a): a is Assessment => a !== undefined);
  const total = assessed.reduce((sum, a) => sum + FACTOR_POINTS[a.key], 0);
  if (total === 0) {
    return {
      aiScore: 0,
      matchQuality: matchQualityOf(0),
      matchReason: 'The flow has no targeting to score this prospect against.',
      relevanceFactors: [],
    };
  }
  const earned = assessed.map((a) => (a.credit * FACTOR_POINTS[a.key]) / total);
  const aiScore = Math.round(100 * earned.reduce((sum, e) => sum + e, 0));
  const relevanceFactors: RelevanceFactor[] = assessed.map((a, i) => ({
    factor: FACTOR_NAMES[a.key],
    weight: round3(earned[i]!),
    detail: a.detail,
  }));
  return {
    aiScore,
    matchQuality: matchQualityOf(aiScore),
    matchReason: reasonOf(assessed, earned),
    relevanceFactors,
  };
}

/** One sentence: the (at most three) criteria that gave the most, best first. */
function reasonOf(assessed: readonly Assessment[], earned: readonly number[]): string {
  const matched = assessed
    .map((a, i) => ({ a, earned: earned[i]! }))
    .filter((m) => m.earned > 0 && m.a.summary)
    .sort((x, y) => y.earned - x.earned)
    .slice(0, 3)
    .map((m) => m.a.summary!);
  return matched.length
    ? `Matches on ${listOf(matched)}.`
    : "Nothing in the profile matches the flow's targeting.";
}
