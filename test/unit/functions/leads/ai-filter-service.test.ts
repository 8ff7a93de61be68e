import { describe, expect, it } from 'vitest';
import type { SseEvent } from '../../../../functions/core/stream-handler';
import { createAiFilterService, queryTerms } from '../../../../functions/leads/ai-filter-service';
import type { StoredLead } from '../../../../functions/leads/lead-repository';

const leads: StoredLead[] = [
  { id: 'l1', name: 'Ada Lovelace', title: 'Founder', company: 'Analytical Engines', location: 'London' },
  { id: 'l2', name: 'Grace Hopper', title: 'Software Engineer', company: 'Navy Labs', location: 'Arlington' },
  {
    id: 'l3',
    name: 'Linus T',
    title: 'Senior software engineer',
    company: 'Kernel Co',
    location: 'Portland',
  },
  { id: 'l4', name: 'Margaret H', title: 'Director', company: 'Apollo', location: 'Boston', headcount: 400 },
];

async function* stream(items: StoredLead[]): AsyncGenerator<StoredLead> {
  for (const item of items) yield item;
}

async function collect(query: string, leadIds?: string[]) {
  const events: SseEvent[] = [];
  const service = createAiFilterService({ store: { userLeads: () => stream(leads) } });
  for await (const event of service.filterLeads('u1', { query, ...(leadIds ? { leadIds } : {}) }))
    events.push(event);
  const deltas = events.filter((e) => e.type === 'chat:completion');
  const results = events.filter((e) => e.type === 'results');
  const text = deltas.map((e) => (e.data as { delta_content: string }).delta_content).join('');
  const data = results[0]?.data as { leads: StoredLead[]; summary: string; totalMatches: number };
  return { events, deltas, results, text, data };
}

describe('queryTerms', () => {
  it('drops stop words and lower-cases the rest', () => {
    expect(queryTerms('Show me all the Software Engineers who work in Portland')).toEqual([
      'software',
      'engineers',
      'portland',
    ]);
  });

  it('keeps each term once', () => {
    expect(queryTerms('cto CTO Cto')).toEqual(['cto']);
  });

  it('keeps technical words like c++, c# and node.js whole', () => {
    expect(queryTerms('C++ or C# or node.js developers')).toEqual(['c++', 'c#', 'node.js', 'developers']);
  });

  it('drops single characters and punctuation', () => {
    expect(queryTerms('a b , ! ?')).toEqual([]);
  });
});

describe('filterLeads', () => {
  it('streams chat:completion deltas whose concatenation is the summary, then one results event', async () => {
    const { events, deltas, results, text, data } = await collect('software engineer');
    expect(deltas.length).toBeGreaterThan(1);
    expect(results).toHaveLength(1);
    expect(events.at(-1)!.type).toBe('results');
    expect(text).toBe(data.summary);
    expect(data.summary).toBe('Found 2 of 4 leads matching "software", "engineer".');
  });

  it('returns only the leads that match every term, whatever the case or field', async () => {
    const { data } = await collect('SOFTWARE engineer portland');
    expect(data.leads.map((l) => l.id)).toEqual(['l3']);
    expect(data.totalMatches).toBe(1);
  });

  it('matches a term found in any string field', async () => {
    expect((await collect('apollo')).data.leads.map((l) => l.id)).toEqual(['l4']);
    expect((await collect('hopper')).data.leads.map((l) => l.id)).toEqual(['l2']);
    expect((await collect('london')).data.leads.map((l) => l.id)).toEqual(['l1']);
  });

  it('ignores the full stop that ends a request', async () => {
    expect(queryTerms('Founder in London.')).toEqual(['founder', 'london']);
    expect((await collect('Founder in London.')).data.leads.map((l) => l.id)).toEqual(['l1']);
  });

  it('matches the start of a word but not its middle', async () => {
    // 'engineer' begins 'Engineering'-like words; 'ctor' sits inside 'Director' and must not match it.
    expect((await collect('engine')).data.leads.map((l) => l.id)).toEqual(['l1', 'l2', 'l3']);
    expect((await collect('ctor')).data.leads).toEqual([]);
  });

  it('does not match on non-string fields', async () => {
    const { data } = await collect('400');
    expect(data.leads).toEqual([]);
  });

  it('returns the matching leads whole', async () => {
    const { data } = await collect('founder');
    expect(data.leads).toEqual([leads[0]]);
  });

  it('considers only the given lead ids', async () => {
    const { data } = await collect('software engineer', ['l2', 'l4']);
    expect(data.leads.map((l) => l.id)).toEqual(['l2']);
    expect(data.summary).toBe('Found 1 of 2 leads matching "software", "engineer".');
  });

  it('matches nothing and asks for something to match when the query has only stop words', async () => {
    const { data, text } = await collect('show me all the leads');
    expect(data.leads).toEqual([]);
    expect(data.totalMatches).toBe(0);
    expect(data.summary).toBe(
      'Please name what the leads should match, for example a job title, company or location.',
    );
    expect(text).toBe(data.summary);
  });

  it('reports zero matches when no lead has every term', async () => {
    const { data } = await collect('founder boston');
    expect(data).toEqual({
      leads: [],
      summary: 'Found 0 of 4 leads matching "founder", "boston".',
      totalMatches: 0,
    });
  });
});
