import useSWR from 'swr';
import {
  type Audience,
  type AudienceFacets,
  type AudienceResponse,
  audienceFacets,
  audienceInput,
  audienceKey,
} from '../../../../../shared/flow-audience';
import type { TargetingSettingsInput } from '../../../../../shared/flows';
import { type ApiError, post } from '../../../lib/api-client';

/**
 * The wizard's audience preview (issue 36 point 2): `POST /api/flows/audience` with step 1's facets.
 * The SWR key is the path and the facets in one spelling (shared/flow-audience.ts), so the same
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
 * the whole passes the wizard's schema; undefined until then (nothing is asked).
 */
export function countableFacets(targeting: Partial<Targeting> | undefined): AudienceFacets | undefined {
  if (!targeting) return undefined;
  const facets = audienceFacets({
    keywords: targeting.keywords ?? '',
    industries: targeting.industries ?? [],
    jobTitles: targeting.jobTitles ?? [],
    locations: targeting.locations ?? [],
    companySize: targeting.companySize ?? [],
  });
  if (!facets.keywords || facets.industries.length === 0 || facets.locations.length === 0) return undefined;
  return audienceInput.safeParse({ targetingSettings: facets }).success ? facets : undefined;
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
