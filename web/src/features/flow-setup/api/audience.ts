import useSWR from 'swr';
import {
  type Audience,
  type AudienceFacets,
  type AudienceResponse,
  audienceFacets,
  audienceKey,
} from '../../../../../shared/flow-audience-values';
import type { TargetingSettingsInput } from '../../../../../shared/flows';
import { type ApiError, post } from '../../../lib/api-client';

/**
 * The wizard's audience preview (issue 36 point 2): `POST /api/flows/audience` with step 1's facets.
 * The SWR key is the path and the facets in one spelling (shared/flow-audience-values.ts), so the same
 * audience is asked once: step 1 and the review step share the answer, and going back to an earlier
 * audience shows it at once.
 */
export const AUDIENCE_PATH = '/flows/audience';

type Targeting = Pick<
  TargetingSettingsInput,
  'keywords' | 'industries' | 'jobTitles' | 'locations' | 'companySize'
>;

/**
 * The facets to count, once step 1's required ones are there (an industry, a keyword, a location) and
 * the whole passes `countable` (the API's schema, wizard-schema.ts); undefined until then (nothing is
 * asked). Before the schema is in (it loads on the first use of the form) the facets are the template's
 * or an example's, which the API's tests check: the required ones are enough, and the API checks again.
 */
export function countableFacets(
  targeting: Partial<Targeting> | undefined,
  countable: ((facets: AudienceFacets) => boolean) | undefined,
): AudienceFacets | undefined {
  if (!targeting) return undefined;
  const facets = audienceFacets({
    keywords: targeting.keywords ?? '',
    industries: targeting.industries ?? [],
    jobTitles: targeting.jobTitles ?? [],
    locations: targeting.locations ?? [],
    companySize: targeting.companySize ?? [],
  });
  if (!facets.keywords || facets.industries.length === 0 || facets.locations.length === 0) return undefined;
  return !countable || countable(facets) ? facets : undefined;
}

/** `facets` in the key's one spelling; null asks nothing. */
export const audienceSwrKey = (facets: AudienceFacets | undefined) =>
  facets ? ([AUDIENCE_PATH, audienceKey(facets)] as const) : null;

export function useAudience(facets: AudienceFacets | undefined) {
  return useSWR<Audience, ApiError>(
    audienceSwrKey(facets),
    async () => (await post<AudienceResponse>(AUDIENCE_PATH, { targetingSettings: facets })).data.audience,
    {
      // Each count is a search of the account's budget: asked once per audience, again only on Retry.
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
}

/** The facets an SWR key names (audienceSwrKey's second part). */
export function facetsOfKey(key: string): AudienceFacets {
  const [keywords, industries, jobTitles, locations, companySize] = JSON.parse(key) as [
    string,
    string[],
    string[],
    string[],
    string[],
  ];
  return { keywords, industries, jobTitles, locations, companySize };
}
