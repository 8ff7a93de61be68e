import { linkedInIndustryId } from './words';
import type { WorldIndex } from './world-index';
import type { SandboxPerson } from './world-types';

/**
 * The people search's faceted filters (what a flow's targeting asks for), as pure rules over the
 * world: keywords, industries (LinkedIn industry ids), countries (ISO codes), current titles and
 * company sizes (LinkedIn's size letters). linkedin-api.ts reads them from the search's
 * queryParameters; tests pin them (test/unit/scripts/sandbox-platforms/linkedin-flow-rules.test.ts).
 */

/** The country of each place of the world's location list, by the last part of its name. */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  'United States': 'US',
  'United Kingdom': 'GB',
  Germany: 'DE',
  France: 'FR',
  Netherlands: 'NL',
  Canada: 'CA',
  Spain: 'ES',
  Sweden: 'SE',
  Ireland: 'IE',
  Singapore: 'SG',
  Australia: 'AU',
  India: 'IN',
  Brazil: 'BR',
  Portugal: 'PT',
  Italy: 'IT',
  Japan: 'JP',
};

/** Places whose name does not end with their country. */
const REGION_COUNTRIES: Readonly<Record<string, string>> = {
  'San Francisco Bay Area': 'US',
};

/** The ISO 3166 code of a world location ('London, England, United Kingdom' → 'GB'); undefined if unknown. */
export function countryOf(location: string): string | undefined {
  const place = location.trim();
  const region = REGION_COUNTRIES[place];
  if (region) return region;
  const last = place.split(',').pop()?.trim() ?? '';
  return COUNTRY_CODES[last];
}

/** LinkedIn's company size letters and the head counts each covers ('A' is self-employed, unused). */
export const COMPANY_SIZE_BUCKETS: ReadonlyArray<{ code: string; min: number; max: number }> = [
  { code: 'B', min: 1, max: 10 },
  { code: 'C', min: 11, max: 50 },
  { code: 'D', min: 51, max: 200 },
  { code: 'E', min: 201, max: 500 },
  { code: 'F', min: 501, max: 1000 },
  { code: 'G', min: 1001, max: 5000 },
  { code: 'H', min: 5001, max: 10_000 },
  { code: 'I', min: 10_001, max: Number.POSITIVE_INFINITY },
];

/** The size letter of a company with `employees` people; undefined below 1. */
export function companySizeOf(employees: number): string | undefined {
  return COMPANY_SIZE_BUCKETS.find((b) => employees >= b.min && employees <= b.max)?.code;
}

/** The queryParameters keys of the faceted filters (linkedin-config.ts has them as LINKEDIN.facets). */
export interface PeopleFacets {
  /** Words: every one must be found (any case) in the name, headline, title, company or skills. */
  keywords: string;
  /** LinkedIn industry ids, as strings: any of them. */
  industries: readonly string[];
  /** ISO country codes: any of them. */
  countries: readonly string[];
  /**
   * Title phrases: any of them contained in the current title (any case), as whole words: 'Founder'
   * finds 'Co-Founder', 'Software Engineer' finds 'Senior Software Engineer', 'CTO' does not find
   * 'Director'.
   */
  titles: readonly string[];
  /** Size letters B to I: any of them. */
  companySizes: readonly string[];
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether `phrase` is in `text` (both lower case) as whole words. */
export function containsWords(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}

/** Whether a person passes every facet; an empty facet asks nothing. */
export function facetMatcher(
  index: WorldIndex,
  facets: Partial<PeopleFacets>,
): (p: SandboxPerson) => boolean {
  const keywordWords = words(facets.keywords ?? '');
  const industries = new Set((facets.industries ?? []).map((i) => i.trim()).filter(Boolean));
  const countries = new Set((facets.countries ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean));
  const titles = (facets.titles ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
  const sizes = new Set((facets.companySizes ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean));
  return (p) => {
    if (keywordWords.length) {
      const text = `${p.name} ${p.headline} ${p.title} ${p.company} ${p.skills.join(' ')}`.toLowerCase();
      if (!keywordWords.every((w) => text.includes(w))) return false;
    }
    if (industries.size && !industries.has(String(linkedInIndustryId(p.industry) ?? ''))) return false;
    if (countries.size && !countries.has(countryOf(p.location) ?? '')) return false;
    if (titles.length) {
      const title = p.title.toLowerCase();
      if (!titles.some((t) => containsWords(title, t))) return false;
    }
    if (sizes.size) {
      const employees = index.company(p.companyId)?.employees ?? 0;
      if (!sizes.has(companySizeOf(employees) ?? '')) return false;
    }
    return true;
  };
}

/**
 * A faceted people search: everyone but the searching account and the people LinkedIn hides, who pass
 * every facet, in the world's order.
 */
export function facetedSearch(
  index: WorldIndex,
  facets: Partial<PeopleFacets>,
  viewerId: string,
): SandboxPerson[] {
  const matches = facetMatcher(index, facets);
  return index.world.people.filter((p) => p.id !== viewerId && !p.hidden && matches(p));
}
