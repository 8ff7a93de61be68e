import type { TargetingSettingsInput } from './flows';

/**
 * The audience preview's words and plain functions (issue 36 point 2), without its schema
 * (flow-audience.ts): the wizard's first drawing needs these and not the validation library (issue 38).
 */

/**
 * What the count came to:
 *  - 'counted': the platform's result count for the facets (`count`, 0 when it found nobody);
 *  - 'no-budget': the account's search budget is used up (or resting after a platform limit) until
 *    `retryAt`: no search was made;
 *  - 'no-connection': the workspace has no connected LinkedIn account;
 *  - 'needs-attention': the platform showed a challenge or an ended session: the account must be synced
 *    again (the connections page says so too).
 */
export const AUDIENCE_STATES = ['counted', 'no-budget', 'no-connection', 'needs-attention'] as const;
export type AudienceState = (typeof AUDIENCE_STATES)[number];

export interface Audience {
  count: number | null;
  state: AudienceState;
  /** With 'no-budget': when the account may search again (ISO). */
  retryAt?: string;
}

export interface AudienceResponse {
  data: { audience: Audience };
}

/** The facets a count depends on (the minimum match does not change who the search finds). */
export interface AudienceFacets {
  keywords: string;
  industries: string[];
  jobTitles: string[];
  locations: string[];
  companySize: string[];
}

const canonicalList = (values: readonly string[] | undefined): string[] =>
  [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))].sort();

/**
 * The facets in one spelling: keywords trimmed with single spaces, each list without blanks and
 * repeats, sorted (every list is "any of them", so its order finds the same people). Two targetings
 * that search alike have the same facets, so they share one count (the API's cache, the wizard's key).
 */
export function audienceFacets(
  targeting: Pick<
    TargetingSettingsInput,
    'keywords' | 'industries' | 'jobTitles' | 'locations' | 'companySize'
  >,
): AudienceFacets {
  return {
    keywords: (targeting.keywords ?? '').trim().replace(/\s+/g, ' '),
    industries: canonicalList(targeting.industries),
    jobTitles: canonicalList(targeting.jobTitles),
    locations: canonicalList(targeting.locations),
    companySize: canonicalList(targeting.companySize),
  };
}

/** The facets as one string: the key a count is kept under. */
export const audienceKey = (facets: AudienceFacets): string =>
  JSON.stringify([
    facets.keywords,
    facets.industries,
    facets.jobTitles,
    facets.locations,
    facets.companySize,
  ]);

/** How long a count is kept: typing back to an earlier audience within it costs no search. */
export const AUDIENCE_CACHE_SECONDS = 10 * 60;

/** What the API answers when the platform could not be asked (the wizard words its own retry). */
export const AUDIENCE_API_TEXTS = {
  failed: 'Could not count the audience right now. Please try again.',
} as const;
