import type { AiFilterEvent, AiFilterRequest, AiMatch, AiPort } from '../../core/ports/ai';
import { type Ranked, type Ranking, rankLeads } from './bm25';
import { describeQuery, explainLead, NOTHING_ASKED, resultSummary } from './explain';
import { type ParsedQuery, parseQuery } from './query-parser';

/**
 * The local AI adapter: no network, no model. Parses the request (query-parser.ts), ranks the leads with
 * BM25F (bm25.ts; the matching rule is documented there) and explains each match from the words that
 * matched (explain.ts). It says what it looks for before it reads the leads, then what it found.
 */
export function localAi(): AiPort {
  return { filterLeads };
}

async function* filterLeads(request: AiFilterRequest): AsyncGenerator<AiFilterEvent> {
  const parsed = parseQuery(request.query);
  if (parsed.empty) {
    yield { type: 'delta', text: NOTHING_ASKED };
    yield { type: 'results', matches: [], summary: NOTHING_ASKED };
    return;
  }
  const opening = `Looking for ${describeQuery(parsed)}. `;
  yield { type: 'delta', text: opening };
  const ranking = rankLeads(parsed, await request.leads());
  const found = resultSummary(parsed, ranking);
  for (const word of found.split(/(?<= )/)) yield { type: 'delta', text: word };
  yield { type: 'results', matches: ranking.matches.map(toMatch), summary: opening + found };
}

export function toMatch(ranked: Ranked): AiMatch {
  return {
    id: ranked.lead.id,
    score: Math.round(ranked.score * 1000) / 1000,
    ...explainLead(ranked.lead, ranked.hits),
  };
}

/** The local analysis the LLM adapters start from: the parsed request and every lead's ranking. */
export function analyse(
  query: string,
  leads: Parameters<typeof rankLeads>[1],
): { parsed: ParsedQuery; ranking: Ranking } {
  const parsed = parseQuery(query);
  return { parsed, ranking: rankLeads(parsed, leads) };
}
