import type { AiFilterInput } from '../../shared/ai-filter';
import type { SseEvent } from '../core/stream-handler';
import type { StoredLead } from './lead-repository';

/**
 * The deterministic local filter: a lead matches when every meaningful word of the request begins a
 * word of one of its text fields. It streams a short explanation as `chat:completion` deltas and then the
 * `results` event. The leads issue puts this behind the AI port as its local adapter, beside an LLM one.
 */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'in',
  'at',
  'for',
  'with',
  'who',
  'are',
  'is',
  'me',
  'show',
  'find',
  'all',
  'leads',
  'people',
  'lead',
  'that',
  'work',
  'works',
  'working',
]);

/** Words of a text: letters and digits, keeping inner '.', '+', '#', '-' (node.js, c++, c#, co-founder). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.-]+/u)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((w) => w.length > 0);
}

export function queryTerms(query: string): string[] {
  return [...new Set(words(query).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

function leadWords(lead: StoredLead): string[] {
  return words(
    Object.values(lead)
      .filter((v): v is string => typeof v === 'string')
      .join(' '),
  );
}

/** A term matches a word it begins (engineer, engineering), never the middle of one (cto in director). */
const matches = (term: string, leadWordList: string[]) => leadWordList.some((w) => w.startsWith(term));

/** The leads the filter reads: the repository in the route's wiring (ai-filter-deps.ts), a fake in unit tests. */
export interface LeadStore {
  userLeads(userId: string): AsyncIterable<StoredLead>;
}

export interface AiFilterDeps {
  store: LeadStore;
}

export type AiFilterService = ReturnType<typeof createAiFilterService>;

export function createAiFilterService({ store }: AiFilterDeps) {
  return { filterLeads };

  /** Only the user's own leads are read (the store's key starts with the owner). */
  async function* filterLeads(userId: string, input: AiFilterInput): AsyncGenerator<SseEvent> {
    const terms = queryTerms(input.query);
    const allowed = input.leadIds ? new Set(input.leadIds) : undefined;
    const found: StoredLead[] = [];
    let considered = 0;
    for await (const lead of store.userLeads(userId)) {
      if (allowed && !allowed.has(lead.id)) continue;
      considered++;
      const wordList = leadWords(lead);
      if (terms.length > 0 && terms.every((t) => matches(t, wordList))) found.push(lead);
    }
    const summary =
      terms.length === 0
        ? 'Please name what the leads should match, for example a job title, company or location.'
        : `Found ${found.length} of ${considered} leads matching ${terms.map((t) => `"${t}"`).join(', ')}.`;
    for (const word of summary.split(/(?<= )/))
      yield { type: 'chat:completion', data: { delta_content: word } };
    yield { type: 'results', data: { leads: found, summary, totalMatches: found.length } };
  }
}
