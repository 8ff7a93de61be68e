import type { PlatformPage } from '../browser';
import type { FlowPerson, FlowTargeting } from '../flow-driver-types';
import { graphqlPath, LINKEDIN_API, restliValue } from './endpoints';
import { capped } from './people-search';
import { readSearchClusters } from './search-results';
import { voyagerGet } from './voyager';

/**
 * A flow's people search: voyagerSearchDashClusters as the search's filter pills send it
 * (`origin:FACETED_SEARCH`), the targeting as queryParameters (industry ids, country codes, title
 * phrases, company size letters), 10 a page. People LinkedIn hides are not listed; the walk stops at
 * LinkedIn's cap of about 1,000 results. The cursor is the next offset.
 */

const DISTANCES: Record<string, 1 | 2 | 3> = { '1st': 1, '2nd': 2, '3rd+': 3 };

/** Trimmed, without blanks and repeats, in the order given. */
function cleaned(values: readonly string[], upper = false): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const value = upper ? raw.trim().toUpperCase() : raw.trim();
    if (value && !out.includes(value)) out.push(value);
  }
  return out;
}

export function flowSearchPath(targeting: FlowTargeting, start: number, count: number): string {
  const F = LINKEDIN_API.flow.facets;
  const list = (values: string[]) => `List(${values.map(restliValue).join(',')})`;
  const facets: Array<[string, string[]]> = [
    [F.industry, cleaned(targeting.industries)],
    [F.country, cleaned(targeting.locations, true)],
    [F.title, cleaned(targeting.jobTitles)],
    [F.companySize, cleaned(targeting.companySize, true)],
  ];
  const parameters = [
    ...facets
      .filter(([, values]) => values.length)
      .map(([key, values]) => `(key:${key},value:${list(values)})`),
    '(key:resultType,value:List(PEOPLE))',
  ];
  const variables =
    `(start:${start},origin:${LINKEDIN_API.flow.facetedOrigin},query:(keywords:${restliValue(targeting.keywords.trim())},` +
    `flagshipSearchIntent:SEARCH_SRP,queryParameters:List(${parameters.join(',')}),` +
    `includeFiltersInResponse:false),count:${count})`;
  return graphqlPath(LINKEDIN_API.queryIds.searchClusters, variables);
}

/** The offset a cursor carries; 0 for none or one that does not read. */
function offsetOf(cursor: string | undefined): number {
  const n = Number(cursor ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export async function flowSearch(
  page: PlatformPage,
  csrf: string,
  targeting: FlowTargeting,
  cursor?: string,
): Promise<{ people: FlowPerson[]; next?: string; total?: number }> {
  const start = offsetOf(cursor);
  const count = LINKEDIN_API.pageSizes.search;
  const body = await voyagerGet(page, flowSearchPath(targeting, start, count), csrf);
  const listed = capped(readSearchClusters(body, start, count));
  const people: FlowPerson[] = [];
  for (const row of listed.rows) {
    if (row.hidden || !row.profileUrl) continue;
    const distance = row.connectionDegree ? DISTANCES[row.connectionDegree] : undefined;
    people.push({
      id: row.id,
      name: row.name,
      profileUrl: new URL(row.profileUrl, page.baseUrl).toString(),
      ...(row.headline ? { headline: row.headline } : {}),
      ...(row.location ? { location: row.location } : {}),
      ...(row.profileImage ? { imageUrl: row.profileImage } : {}),
      ...(distance ? { distance } : {}),
    });
  }
  return {
    people,
    ...(listed.next !== undefined ? { next: listed.next } : {}),
    ...(listed.total !== undefined ? { total: listed.total } : {}),
  };
}
