import { describe, expect, it } from 'vitest';
import { localAi } from '../../../../functions/ai/local/local-ai';
import { parseQuery } from '../../../../functions/ai/local/query-parser';
import { stem, tokenize } from '../../../../functions/ai/local/text';
import type { AiFilterEvent, AiLead, AiMatch } from '../../../../functions/core/ports/ai';

/** Twenty people as the drivers extract them; the comments say which rule each one pins. */
const LEADS: AiLead[] = [
  {
    id: 'l01',
    name: 'Ada Lovelace',
    title: 'Engineering Team Lead',
    headline: 'Team Lead at Bluefin Payments | Payments infrastructure',
    skills: 'TypeScript • AWS • Mentoring',
    company: 'Bluefin Payments',
    location: 'London, United Kingdom',
    description: 'Leads a team of six engineers shipping payment features.',
  },
  {
    id: 'l02',
    name: 'Ben Okafor',
    title: 'Head of Engineering',
    headline: 'Scaling teams at Cobalt Cloud',
    company: 'Cobalt Cloud',
    location: 'Berlin, Germany',
  },
  {
    id: 'l03',
    name: 'Chloé Dubois',
    title: 'Senior Software Engineer',
    headline: 'Tech Lead for the checkout squad',
    company: 'Acme Robotics',
    location: 'Paris, France',
  },
  {
    id: 'l04',
    name: 'Dev Patel',
    title: 'Engineering Manager',
    headline: 'Growing teams at Northwind',
    company: 'Northwind Labs',
    location: 'London, UK',
  },
  // A past team lead, and leadership, in the description only: not a team leader.
  {
    id: 'l05',
    name: 'Emma Berg',
    title: 'Software Engineer',
    headline: 'Backend engineer | Go & Kubernetes',
    company: 'Lumen Health',
    location: 'London, United Kingdom',
    description: 'Former team lead at a fintech startup; passionate about leadership and mentoring.',
  },
  // 'Lead' in 'Lead Generation' and 'lead gen' is not a team lead.
  {
    id: 'l06',
    name: 'Farid Haddad',
    title: 'Lead Generation Specialist',
    headline: 'B2B lead gen for SaaS companies',
    skills: 'HubSpot • Outreach',
    location: 'Dubai, United Arab Emirates',
  },
  // A product manager and a thought leader: neither is a team lead.
  {
    id: 'l07',
    name: 'Grace Kim',
    title: 'Product Manager',
    headline: 'Thought leader in product-led growth',
    company: 'Fernway Logistics',
    location: 'Seoul, South Korea',
  },
  {
    id: 'l08',
    name: 'Hiro Tanaka',
    title: 'Competitive Programmer & Software Engineer',
    headline: 'Codeforces Grandmaster | ICPC World Finalist',
    skills: 'Algorithms • C++ • Data Structures',
    location: 'Tokyo, Japan',
  },
  // Competitive programming in the description only: still a competitive programmer (a trait).
  {
    id: 'l09',
    name: 'Isabel Rossi',
    title: 'Software Developer',
    headline: 'Developer at Lumen Health',
    skills: 'Python • Django',
    location: 'Milan, Italy',
    description: 'Ranked in the top 1% on LeetCode; enjoys Kaggle competitions.',
  },
  {
    id: 'l10',
    name: 'Jonas Müller',
    title: 'Freelance Full-Stack Developer',
    headline: 'Freelancer building SaaS products for startups',
    skills: 'React • Node.js • SaaS',
    location: 'Munich, Germany',
  },
  // LinkedIn's 'Self-employed' company: a freelancer.
  {
    id: 'l11',
    name: 'Kate Nguyen',
    title: 'Independent Consultant',
    headline: 'Helping teams ship faster',
    company: 'Self-employed',
    location: 'Amsterdam, Netherlands',
  },
  {
    id: 'l12',
    name: 'Liam Carter',
    title: 'Backend Developer',
    headline: 'Building B2B SaaS billing at Fernway',
    skills: 'Go • PostgreSQL',
    company: 'Fernway',
    location: 'Toronto, Canada',
  },
  // SaaS, but a founder, not a developer.
  {
    id: 'l13',
    name: 'Maya Sharma',
    title: 'Founder & CEO',
    headline: 'Founder of Fernway Logistics | B2B SaaS for logistics',
    company: 'Fernway Logistics',
    location: 'Bengaluru, India',
  },
  {
    id: 'l14',
    name: 'Noah García',
    title: 'Senior Data Scientist',
    headline: 'Problem solver turning messy data into decisions',
    skills: 'Problem Solving • Machine Learning • SQL',
    location: 'Madrid, Spain',
  },
  {
    id: 'l15',
    name: 'Omar Haddad',
    title: 'Marketing Manager',
    headline: 'Growth marketing at Acme',
    location: 'Cairo, Egypt',
    description: 'Strong analytical skills.',
  },
  {
    id: 'l16',
    name: 'Priya Shah',
    title: 'Product Designer',
    headline: 'Design systems and accessibility',
    location: 'London, United Kingdom',
  },
  {
    id: 'l17',
    name: 'Quinn Baker',
    title: 'Contractor - React Developer',
    company: 'Quinn Baker Consulting',
    location: 'Manchester, United Kingdom',
  },
  // 'Account Executive' is a sales role, not an executive.
  {
    id: 'l18',
    name: 'Rosa Lima',
    title: 'Account Executive',
    headline: 'Selling SaaS to mid-market teams',
    location: 'São Paulo, Brazil',
  },
  {
    id: 'l19',
    name: 'Sam Wright',
    title: 'Supervisor, Customer Support',
    headline: 'Leading a support team of 12',
    location: 'Dublin, Ireland',
  },
  {
    id: 'l20',
    name: 'Tara Singh',
    title: 'Data Engineer',
    headline: 'Pipelines at Lumen Health',
    location: 'London, United Kingdom',
  },
];

interface Run {
  events: AiFilterEvent[];
  /** The order things happened in: 'delta' per delta received, 'loader' when the leads were asked for. */
  log: string[];
  matches: AiMatch[];
  summary: string;
  deltas: string;
}

async function run(query: string, leads: readonly AiLead[] = LEADS): Promise<Run> {
  const log: string[] = [];
  const events: AiFilterEvent[] = [];
  const loader = async () => {
    log.push('loader');
    return leads;
  };
  for await (const event of localAi().filterLeads({ query, leads: loader })) {
    log.push(event.type);
    events.push(event);
  }
  const results = events.at(-1);
  if (results?.type !== 'results') throw new Error('no results event at the end');
  const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
  return { events, log, matches: results.matches, summary: results.summary, deltas };
}

const ids = (matches: readonly AiMatch[]) => matches.map((m) => m.id).sort();
const reasonOf = (matches: readonly AiMatch[], id: string) => matches.find((m) => m.id === id)?.reason;

describe('local AI: words', () => {
  it('keeps c++, c#, node.js and co-founder whole, folds case, accents and plurals', () => {
    expect(tokenize('C++, C#, Node.js and Co-Founders in São Paulo.').map((t) => t.stem)).toEqual([
      'c++',
      'c#',
      'node.js',
      'and',
      'co-founder',
      'in',
      'sao',
      'paulo',
    ]);
    expect(['leaders', 'engineers', 'managers', 'companies', 'business', 'status'].map(stem)).toEqual([
      'leader',
      'engineer',
      'manager',
      'company',
      'business',
      'status',
    ]);
  });

  it('keeps where each word stands, so a reason can quote the lead as written', () => {
    const text = 'Head of Engineering.';
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(['Head', 'of', 'Engineering']);
  });
});

describe('local AI: the request', () => {
  const shape = (query: string) => {
    const parsed = parseQuery(query);
    return {
      clauses: parsed.clauses.map((c) => [...c.groups.map((g) => g.key), ...c.terms.map((t) => t.key)]),
      place: parsed.place?.label,
      empty: parsed.empty,
    };
  };

  it('reads the quick searches as groups of the vocabulary', () => {
    expect(shape('Team Leaders').clauses).toEqual([['group:team-leader']]);
    expect(shape('Problem Solvers').clauses).toEqual([['group:problem-solver']]);
    // One trait, not 'competitive' + a programmer role.
    expect(shape('Competitive Programmers').clauses).toEqual([['group:competitive-programmer']]);
    // '&' splits alternatives: freelancers, or SaaS developers.
    expect(shape('Freelancers & SaaS Devs').clauses).toEqual([
      ['group:freelancer'],
      ['group:saas', 'group:engineer'],
    ]);
  });

  it('merges a clause that names no group into its neighbour', () => {
    expect(shape('python and django developers').clauses).toEqual([
      ['group:engineer', 'term:python', 'term:django'],
    ]);
  });

  it('takes a known place anywhere, and any words after "based in", but not an unknown word after a bare "in" or "from"', () => {
    expect(shape('engineers in London')).toMatchObject({ clauses: [['group:engineer']], place: 'London' });
    expect(shape('London engineers').place).toBe('London');
    expect(shape('founders based in Leeds')).toMatchObject({ clauses: [['group:founder']], place: 'Leeds' });
    expect(shape('team leaders in SaaS')).toMatchObject({
      clauses: [['group:team-leader', 'group:saas']],
      place: undefined,
    });
    expect(shape('engineers from Google')).toMatchObject({
      clauses: [['group:engineer', 'term:google']],
      place: undefined,
    });
  });

  it('finds nothing to look for in stop words, and does not read "leads" as team leads', () => {
    expect(shape('show me all the leads').empty).toBe(true);
    expect(shape('leads in Berlin')).toMatchObject({ clauses: [[]], place: 'Berlin', empty: false });
  });
});

describe('local AI: Team Leaders', () => {
  it('returns exactly the leads whose title or headline says team lead, head of, engineering manager or supervisor', async () => {
    const { matches } = await run('Team Leaders');
    expect(ids(matches)).toEqual(['l01', 'l02', 'l03', 'l04', 'l19']);
  });

  it('leaves out a description-only team lead, lead generation, a product manager and a thought leader', async () => {
    const { matches } = await run('Team Leaders');
    for (const id of ['l05', 'l06', 'l07', 'l15']) expect(ids(matches)).not.toContain(id);
  });

  it('ranks "Team Lead" in both title and headline first, and a supervisor (a looser synonym) last', async () => {
    const { matches } = await run('Team Leaders');
    expect(matches[0]!.id).toBe('l01');
    expect(matches.at(-1)!.id).toBe('l19');
    const scores = matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('names the matched words as the lead wrote them, and the fields they are in', async () => {
    const { matches } = await run('Team Leaders');
    expect(matches.find((m) => m.id === 'l01')).toMatchObject({
      reason: 'Title says "Team Lead"; headline says "Team Lead"',
      matchedFields: ['headline', 'title'],
    });
    expect(reasonOf(matches, 'l02')).toBe('Title says "Head of Engineering"');
    expect(matches.find((m) => m.id === 'l03')).toMatchObject({
      reason: 'Headline says "Tech Lead"',
      matchedFields: ['headline'],
    });
    expect(reasonOf(matches, 'l04')).toBe('Title says "Engineering Manager"');
  });

  it('says what it looks for, then how many matched and where', async () => {
    const { summary, deltas } = await run('Team Leaders');
    expect(summary).toBe(
      'Looking for team leaders. Found 5 of 20 leads: 4 say team lead in their title, 1 in their headline.',
    );
    expect(deltas).toBe(summary);
  });

  it('finds a marketing manager for "marketing managers", which "Team Leaders" does not', async () => {
    const { matches } = await run('marketing managers');
    expect(ids(matches)).toEqual(['l15']);
    expect(reasonOf(matches, 'l15')).toBe('Title says "Marketing Manager"; headline says "marketing"');
  });
});

describe('local AI: the other quick searches', () => {
  it('Competitive Programmers: a contest site or competitive programming in any field', async () => {
    const { matches, summary } = await run('Competitive Programmers');
    expect(matches.map((m) => m.id)).toEqual(['l08', 'l09']);
    expect(matches[0]!.reason).toBe(
      'Title says "Competitive Programmer"; headline says "Codeforces" and "ICPC"',
    );
    expect(matches[1]).toMatchObject({
      reason: 'Description mentions "LeetCode" and "Kaggle"',
      matchedFields: ['description'],
    });
    expect(summary).toBe(
      'Looking for competitive programmers. Found 2 of 20 leads: 1 mentions competitive programming in their title, 1 in their description.',
    );
  });

  it('Freelancers & SaaS Devs: freelancers, or developers who mention SaaS; not a SaaS founder or seller', async () => {
    const { matches, summary } = await run('Freelancers & SaaS Devs');
    expect(ids(matches)).toEqual(['l10', 'l11', 'l12', 'l17']);
    for (const id of ['l06', 'l13', 'l18']) expect(ids(matches)).not.toContain(id);
    expect(reasonOf(matches, 'l11')).toBe(
      'Title says "Independent Consultant"; company name has "Self-employed"',
    );
    expect(reasonOf(matches, 'l12')).toBe('Title says "Developer"; headline says "B2B SaaS"');
    // A freelance SaaS developer satisfies both alternatives: the reason names both, and it counts in both.
    expect(matches[0]).toMatchObject({
      id: 'l10',
      reason:
        'Title says "Freelance" and "Developer"; headline says "Freelancer" and "SaaS"; skills include "SaaS"',
    });
    expect(summary).toBe(
      'Looking for freelancers, or SaaS engineers. Found 4 of 20 leads: 3 as freelancers, 2 as SaaS engineers.',
    );
  });

  it('Problem Solvers: problem solving first, algorithms and an analytical description after', async () => {
    const { matches } = await run('Problem Solvers');
    expect(ids(matches)).toEqual(['l08', 'l14', 'l15']);
    expect(matches[0]).toMatchObject({
      id: 'l14',
      reason: 'Headline says "Problem solver"; skills include "Problem Solving"',
      matchedFields: ['headline', 'skills'],
    });
    expect(reasonOf(matches, 'l08')).toBe('Skills include "Algorithms" and "Data Structures"');
  });
});

describe('local AI: places, misses and the stream', () => {
  it('engineers in London: an engineer title or headline and a London location, both required', async () => {
    const { matches, summary } = await run('engineers in London');
    expect(ids(matches)).toEqual(['l05', 'l20']);
    // London, but a designer; an engineer, but in Paris.
    expect(ids(matches)).not.toContain('l16');
    expect(ids(matches)).not.toContain('l03');
    expect(reasonOf(matches, 'l20')).toBe('Title says "Engineer"; located in London');
    expect(summary).toBe(
      'Looking for engineers in London. Found 2 of 20 leads: 2 say engineer or developer in their title; all in London.',
    );
  });

  it('a country finds the leads in its cities', async () => {
    const { matches } = await run('designers in the UK');
    expect(ids(matches)).toEqual(['l16']);
    expect(reasonOf(matches, 'l16')).toBe('Title says "Designer"; located in London');
  });

  it('says nothing matched, and what it looked for', async () => {
    const { matches, summary, deltas } = await run('underwater basket weavers');
    expect(matches).toEqual([]);
    expect(summary).toBe(
      'Looking for leads mentioning "underwater", "basket" or "weavers". None of your 20 leads mention "underwater", "basket" or "weavers".',
    );
    expect(deltas).toBe(summary);
    expect((await run('founders based in Leeds')).summary).toBe(
      'Looking for founders in Leeds. None of your 20 leads are founders in Leeds.',
    );
  });

  it('sends its first delta before it asks for the leads, and ends with the results', async () => {
    const { log, events } = await run('Team Leaders');
    expect(log.slice(0, 2)).toEqual(['delta', 'loader']);
    expect(events[0]).toEqual({ type: 'delta', text: 'Looking for team leaders. ' });
    expect(log.at(-1)).toBe('results');
    expect(log.filter((e) => e === 'results')).toHaveLength(1);
  });

  it('asks for a description, without reading the leads, when the request says nothing', async () => {
    const { log, matches, summary } = await run('show me all leads');
    expect(log).not.toContain('loader');
    expect(matches).toEqual([]);
    expect(summary).toMatch(/^Please describe the leads you are looking for/);
  });

  it('says there is nothing to look through when there are no leads', async () => {
    const { matches, summary } = await run('Team Leaders', []);
    expect(matches).toEqual([]);
    expect(summary).toBe('Looking for team leaders. There are no leads to look through yet.');
  });
});
