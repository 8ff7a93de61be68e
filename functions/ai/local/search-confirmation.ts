import { type Assessment, FACTOR_NAMES, type FactorKey } from './score-factors';

/** How each facet a search filters by is named when it found the person. */
const SEARCH_FILTER_NAMES: Record<Exclude<FactorKey, 'offer'>, string> = {
  keywords: 'keywords',
  jobTitle: 'title filter',
  industry: 'industry filter',
  location: 'location filter',
  companySize: 'company size filter',
};

/**
 * A criterion the search matched the person on counts as matched (issue 36 point 1): the platform
 * returns only people who pass every facet it filters by, though the profile as listed may not show it
 * (a search result has no industry, and the title filter reads past titles too). What the profile
 * itself showed stays in the detail.
 */
export function confirmedBySearch(
  assessed: Assessment | undefined,
  matched: string | readonly string[] | undefined,
): Assessment | undefined {
  if (!assessed || assessed.key === 'offer' || assessed.credit >= 1) return assessed;
  const values = (typeof matched === 'string' ? [matched] : (matched ?? [])).filter((v) => v.trim());
  if (values.length === 0) return assessed;
  // Which of them matched, the search does not say: any one of them did.
  const named = values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  const filter = SEARCH_FILTER_NAMES[assessed.key];
  return {
    key: assessed.key,
    credit: 1,
    detail: `Found by the search's ${filter} (${named}).${assessed.credit > 0 ? ` ${assessed.detail}` : ''}`,
    summary: `${FACTOR_NAMES[assessed.key].toLowerCase()} (${named}, by the search)`,
  };
}
