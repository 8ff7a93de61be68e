import type { PlatformPage } from '../browser';
import type { ListPage, ListReader, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { listOf, textOf as settingText } from '../filters';
import { graphqlPath, LINKEDIN_API, restliValue } from './endpoints';
import { readSearchClusters } from './search-results';
import { textOf, voyagerGet } from './voyager';

/**
 * The search export's list: LinkedIn's people search (voyagerSearchDashClusters, resultType PEOPLE),
 * 10 a page, with the keywords as typed (quotes, AND, OR, NOT are LinkedIn's own syntax) and the
 * network (F, S, O), geoUrn and currentCompany filters. Locations and companies are names in the
 * config: the first page resolves each to LinkedIn's id through the search box's typeahead (what the
 * filter pills do), and the ids travel in the cursor, so later pages (and later segments) do not ask
 * again. A name LinkedIn does not know stops the run as not-found rather than widening the search.
 * LinkedIn shows no result past about 1,000: the walk stops there and reports the cap.
 */

export type TypeaheadType = 'GEO' | 'COMPANY';

export function typeaheadPath(keywords: string, type: TypeaheadType): string {
  return graphqlPath(
    LINKEDIN_API.queryIds.typeahead,
    `(keywords:${restliValue(keywords)},query:(typeaheadUseCase:PEOPLE_SEARCH),type:${type})`,
  );
}

export interface SearchFilters {
  network: string[];
  geoIds: string[];
  companyIds: string[];
}

export function peopleSearchPath(keywords: string, filters: SearchFilters, start: number, count: number) {
  const list = (values: string[]) => `List(${values.map(restliValue).join(',')})`;
  const parameters = [
    ...(filters.network.length ? [`(key:network,value:${list(filters.network)})`] : []),
    ...(filters.geoIds.length ? [`(key:geoUrn,value:${list(filters.geoIds)})`] : []),
    ...(filters.companyIds.length ? [`(key:currentCompany,value:${list(filters.companyIds)})`] : []),
    '(key:resultType,value:List(PEOPLE))',
  ];
  const variables =
    `(start:${start},origin:GLOBAL_SEARCH_HEADER,query:(keywords:${restliValue(keywords)},` +
    `flagshipSearchIntent:SEARCH_SRP,queryParameters:List(${parameters.join(',')}),` +
    `includeFiltersInResponse:false),count:${count})`;
  return graphqlPath(LINKEDIN_API.queryIds.searchClusters, variables);
}

const NETWORKS = new Set(['F', 'S', 'O']);

/** What a search cursor carries: the offset and the filter ids resolved on the first page. */
interface SearchCursor {
  s: number;
  g: string[];
  c: string[];
}

function cursorOf(cursor: string | undefined): SearchCursor | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(cursor) as SearchCursor;
    if (typeof parsed.s === 'number' && Array.isArray(parsed.g) && Array.isArray(parsed.c)) return parsed;
  } catch {
    // an unreadable cursor starts again; the store keeps each person once
  }
  return undefined;
}

/** The id LinkedIn gives a location or company name: the exact title first, else its first suggestion. */
export async function resolveTypeahead(
  page: PlatformPage,
  csrf: string,
  name: string,
  type: TypeaheadType,
): Promise<string | undefined> {
  const body = await voyagerGet(page, typeaheadPath(name, type), csrf);
  const inner = (body.data?.data as Record<string, unknown> | undefined)?.[
    LINKEDIN_API.graphqlRoots.typeahead
  ] as { elements?: Array<Record<string, unknown>> } | undefined;
  if (!inner) throw new PlatformStop('changed', 'LinkedIn answered the typeahead without its elements');
  const elements = (inner.elements ?? []).filter((e) => typeof e.trackingUrn === 'string');
  const wanted = name.toLowerCase();
  const pick = elements.find((e) => textOf(e.title)?.toLowerCase() === wanted) ?? elements[0];
  return pick ? String(pick.trackingUrn).split(':').pop() : undefined;
}

async function resolveAll(
  page: PlatformPage,
  csrf: string,
  names: string[],
  type: TypeaheadType,
): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const id = await resolveTypeahead(page, csrf, name, type);
    if (!id)
      throw new PlatformStop(
        'not-found',
        `LinkedIn knows no ${type === 'GEO' ? 'location' : 'company'} named '${name}'`,
      );
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

function settings(config: TrobConfig) {
  return {
    keywords: settingText(config, 'searchSettings', 'keywords') ?? '',
    network: listOf(config, 'searchSettings', 'network').filter((n) => NETWORKS.has(n)),
    locations: listOf(config, 'searchSettings', 'locations').map((l) => l.trim()),
    companies: listOf(config, 'searchSettings', 'currentCompanies').map((c) => c.trim()),
  };
}

/** Stops the walk at LinkedIn's cap instead of asking for a page it will not fill. */
export function capped(listed: ListPage, cap: number = LINKEDIN_API.searchCap): ListPage {
  const next = listed.next === undefined ? undefined : Number(listed.next);
  if (next === undefined || next < cap) return listed;
  const { next: _dropped, ...rest } = listed;
  return { ...rest, ...(listed.total !== undefined && listed.total > next ? { cap: next } : {}) };
}

export function peopleSearchReader(csrf: string): ListReader {
  return {
    action: 'searches',
    noun: 'search results',
    capWords: (cap) => `LinkedIn shows at most ${cap.toLocaleString('en-US')} results per search`,
    async read(page, rawCursor, config) {
      const { keywords, network, locations, companies } = settings(config);
      const cursor = cursorOf(rawCursor) ?? {
        s: 0,
        g: await resolveAll(page, csrf, locations, 'GEO'),
        c: await resolveAll(page, csrf, companies, 'COMPANY'),
      };
      const count = LINKEDIN_API.pageSizes.search;
      const filters = { network, geoIds: cursor.g, companyIds: cursor.c };
      const body = await voyagerGet(page, peopleSearchPath(keywords, filters, cursor.s, count), csrf);
      const listed = capped(readSearchClusters(body, cursor.s, count));
      return {
        ...listed,
        ...(listed.next !== undefined
          ? { next: JSON.stringify({ ...cursor, s: Number(listed.next) } satisfies SearchCursor) }
          : {}),
      };
    },
  };
}
