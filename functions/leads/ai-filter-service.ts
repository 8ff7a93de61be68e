import type { AiFilterInput } from '../../shared/ai-filter';
import type { SseEvent } from '../core/stream-handler';
import type { StoredLead } from './lead-repository';

/**
 * The deterministic local filter: a lead matches when every meaningful word of the request appears in
 * one of its text fields. It streams a short explanation as `chat:completion` deltas and then the
 * `results` event. An LLM adapter behind the AI port replaces the matching when one is configured.
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

export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}+#.-]+/u)
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w)),
    ),
  ];
}

function leadText(lead: StoredLead): string {
  return Object.values(lead)
    .filter((v): v is string => typeof v === 'string')
    .join(' ')
    .toLowerCase();
}

export async function* filterLeads(
  input: AiFilterInput,
  leads: AsyncIterable<StoredLead>,
): AsyncGenerator<SseEvent> {
  const terms = queryTerms(input.query);
  const allowed = input.leadIds ? new Set(input.leadIds) : undefined;
  const matches: StoredLead[] = [];
  let considered = 0;
  for await (const lead of leads) {
    if (allowed && !allowed.has(lead.id)) continue;
    considered++;
    const text = leadText(lead);
    if (terms.length > 0 && terms.every((t) => text.includes(t))) matches.push(lead);
  }
  const summary =
    terms.length === 0
      ? 'Please name what the leads should match, for example a job title, company or location.'
      : `Found ${matches.length} of ${considered} leads matching ${terms.map((t) => `"${t}"`).join(', ')}.`;
  for (const word of summary.split(/(?<= )/))
    yield { type: 'chat:completion', data: { delta_content: word } };
  yield { type: 'results', data: { leads: matches, summary, totalMatches: matches.length } };
}
