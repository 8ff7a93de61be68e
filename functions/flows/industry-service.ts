import type { IndustryOption } from '../../shared/flows';
import type { Industry } from './industry-repository';

/** The industries' reads: the bundled list in the routes' wiring (industries-deps.ts), a fake in unit tests. */
export interface IndustryStore {
  listIndustries(): readonly Industry[];
}

export interface IndustryDeps {
  store: IndustryStore;
}

export type IndustryService = ReturnType<typeof createIndustryService>;

const option = (industry: Industry): IndustryOption => ({
  label: industry.label,
  value: String(industry.id),
});

/** The industry picker's reads (spec 2.3): the whole list, and a search of it. */
export function createIndustryService({ store }: IndustryDeps) {
  return { listIndustries, searchIndustries };

  function listIndustries(): IndustryOption[] {
    return store.listIndustries().map(option);
  }

  /**
   * Industries whose label holds `query` (ignoring case), then those whose hierarchy alone holds it
   * ('health' finds 'Hospitals and Health Care', then the industries filed under it), each group in
   * the list's order, at most `limit`. An empty query lists the first `limit` industries.
   */
  function searchIndustries(query: string, limit: number): IndustryOption[] {
    const all = store.listIndustries();
    const needle = query.trim().toLowerCase();
    if (needle === '') return all.slice(0, limit).map(option);
    const byLabel: Industry[] = [];
    const byHierarchy: Industry[] = [];
    for (const industry of all) {
      if (industry.label.toLowerCase().includes(needle)) byLabel.push(industry);
      else if (industry.hierarchy.toLowerCase().includes(needle)) byHierarchy.push(industry);
    }
    return [...byLabel, ...byHierarchy].slice(0, limit).map(option);
  }
}

/** The list changes only with a release: the browser keeps it an hour and revalidates it for a day. */
export const INDUSTRIES_CACHE = { maxAgeSeconds: 3600, staleWhileRevalidateSeconds: 86_400 };
