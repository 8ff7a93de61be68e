import type { AudienceFacets } from '../../../../shared/flow-audience-values';
import { MAX_INDUSTRIES, MAX_LOCATIONS } from '../../../../shared/flow-options';

/** "a", "a or b", "a, b, or c". */
function eitherOf(parts: readonly string[]): string {
  if (parts.length <= 2) return parts.join(' or ');
  return `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1)}`;
}

/**
 * What to widen when nobody matches, from the facets the user set: fewer keywords (other ones for a
 * single word), more industries or countries (while there is room for more), and no job title or
 * company size when those narrow the search.
 */
export function widenAdvice(facets: AudienceFacets): string {
  const parts: string[] = [];
  parts.push(facets.keywords.split(' ').length > 1 ? 'fewer keywords' : 'other keywords');
  const more = [
    ...(facets.industries.length < MAX_INDUSTRIES ? ['industries'] : []),
    ...(facets.locations.length < MAX_LOCATIONS ? ['countries'] : []),
  ];
  if (more.length > 0) parts.push(`more ${more.join(' or ')}`);
  const narrowing = [
    ...(facets.jobTitles.length > 0 ? ['job title'] : []),
    ...(facets.companySize.length > 0 ? ['company size'] : []),
  ];
  if (narrowing.length > 0) parts.push(`no ${narrowing.join(' or ')}`);
  return `Try ${eitherOf(parts)}.`;
}

const DAY_MS = 24 * 3600 * 1000;

/** When a spent budget is back, on the user's clock: 'later today', 'tomorrow', 'on Monday', 'on Dec 3'. */
export function budgetBackWords(retryAt: string | undefined, now = new Date()): string {
  const at = retryAt ? new Date(retryAt) : undefined;
  if (!at || Number.isNaN(at.getTime())) return 'later';
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((midnight(at) - midnight(now)) / DAY_MS);
  if (days <= 0) return 'later today';
  if (days === 1) return 'tomorrow';
  if (days < 7) return `on ${at.toLocaleDateString('en-US', { weekday: 'long' })}`;
  return `on ${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`;
}

/** The audience preview's words (issue 36 point 2). */
export const AUDIENCE_TEXTS = {
  label: 'Audience',
  incomplete: 'Choose an industry, a keyword and a location to see how many people match.',
  counting: 'Counting people who match…',
  count: (n: number) =>
    n === 1 ? 'About 1 person matches' : `About ${n.toLocaleString('en-US')} people match`,
  nobody: 'Nobody matches these choices.',
  noBudget: (when: string) => `The account's search budget is used up for now: the count comes back ${when}.`,
  /** The link's words, then the rest of the sentence. */
  connect: 'Connect LinkedIn',
  connectRest: ' to see how many people match.',
  attention: 'LinkedIn needs attention: sync the account again on ',
  attentionLink: 'Platforms',
  attentionRest: ' to see how many people match.',
  failed: 'Could not count the audience.',
  retry: 'Retry',
} as const;
