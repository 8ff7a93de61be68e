import { AI_FIELDS, type AiField, type AiLead } from '../../core/ports/ai';
import { FIELD_WEIGHTS, type Hit, type Ranked, type Ranking } from './bm25';
import type { Clause, Concept, ParsedQuery } from './query-parser';

/**
 * The words of the local AI: what it looks for (said before the leads are read), why a lead matched
 * (quoting the lead's own words), and what it found. Everything here is built from what actually matched.
 */
export const NOTHING_ASKED =
  'Please describe the leads you are looking for, for example a job title, a skill, a company or a place.';

const num = (n: number) => n.toLocaleString('en-US');
const count = (n: number, noun: string) => `${num(n)} ${noun}${n === 1 ? '' : 's'}`;

function orList(items: readonly string[], word = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

export function describeClause(clause: Clause): string {
  const nouns = clause.groups.filter((g) => g.kind === 'role' || g.kind === 'trait').map((g) => g.label);
  const topics = clause.groups.filter((g) => g.kind === 'topic').map((g) => g.label);
  const terms = clause.terms.map((t) => t.label);
  if (nouns.length > 0) {
    const head = [...topics, nouns[0]].join(' ');
    const also = nouns.length > 1 ? ` who are also ${orList(nouns.slice(1), 'and')}` : '';
    return `${head}${also}${terms.length > 0 ? ` mentioning ${orList(terms)}` : ''}`;
  }
  const mentions = [
    ...(topics.length > 0 ? [orList(topics, 'and')] : []),
    ...(terms.length > 0 ? [orList(terms)] : []),
  ];
  return mentions.length > 0 ? `leads mentioning ${mentions.join(' and ')}` : 'leads';
}

/** 'team leaders in London', 'freelancers, or SaaS engineers'. */
export function describeQuery(parsed: ParsedQuery): string {
  const what = parsed.clauses.map(describeClause).join(', or ');
  return parsed.place ? `${what} in ${parsed.place.label}` : what;
}

const REASON_ORDER: readonly AiField[] = [
  'title',
  'headline',
  'skills',
  'company',
  'description',
  'name',
  'location',
];
const MAX_QUOTES = 3;

function reasonPart(field: AiField, quotes: string[]): string {
  const quoted = orList(
    quotes.map((q) => `"${q}"`),
    'and',
  );
  switch (field) {
    case 'title':
      return `title says ${quoted}`;
    case 'headline':
      return `headline says ${quoted}`;
    case 'skills':
      return `skills include ${quoted}`;
    case 'company':
      return `company name has ${quoted}`;
    case 'description':
      return `description mentions ${quoted}`;
    case 'name':
      return `name has ${quoted}`;
    case 'location':
      return `located in ${orList(quotes, 'and')}`;
  }
}

/** The matched spans of one field, neighbours joined ('Marketing' + 'Manager' = 'Marketing Manager'). */
function spansOf(text: string, hits: readonly Hit[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const hit of [...hits].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = spans.at(-1);
    if (last && hit.start <= last[1] + 1 && /^[\s-]*$/.test(text.slice(last[1], hit.start))) {
      last[1] = Math.max(last[1], hit.end);
    } else spans.push([hit.start, hit.end]);
  }
  return spans;
}

/** 'Title says "Team Lead"; located in London', and the fields that sentence is made of. */
export function explainLead(
  lead: AiLead,
  hits: readonly Hit[],
): { reason: string; matchedFields: AiField[] } {
  const parts: string[] = [];
  for (const field of REASON_ORDER) {
    const text = lead[field];
    if (typeof text !== 'string') continue;
    const quotes: string[] = [];
    const seen = new Set<string>();
    // A place is named once: 'located in London', not 'London and United Kingdom'.
    const max = field === 'location' ? 1 : MAX_QUOTES;
    for (const [start, end] of spansOf(
      text,
      hits.filter((h) => h.field === field),
    )) {
      const words = text.slice(start, end);
      const key = words.toLowerCase();
      if (seen.has(key) || quotes.length >= max) continue;
      seen.add(key);
      quotes.push(words);
    }
    if (quotes.length > 0) parts.push(reasonPart(field, quotes));
  }
  const sentence = parts.join('; ');
  return {
    reason: sentence.charAt(0).toUpperCase() + sentence.slice(1),
    matchedFields: AI_FIELDS.filter((f) => hits.some((h) => h.field === f)),
  };
}

const FIELD_NOUN: Readonly<Record<AiField, string>> = {
  title: 'title',
  headline: 'headline',
  skills: 'skills',
  company: 'company name',
  description: 'description',
  name: 'name',
  location: 'location',
};

/** The field of a lead's strongest hit among `concepts` (the title before the headline on a tie). */
function strongestField(match: Ranked, concepts: ReadonlySet<number>): AiField | undefined {
  let best: Hit | undefined;
  const strength = (h: Hit) => FIELD_WEIGHTS[h.field] * h.weight;
  const before = (a: Hit, b: Hit) =>
    strength(a) > strength(b) ||
    (strength(a) === strength(b) && REASON_ORDER.indexOf(a.field) < REASON_ORDER.indexOf(b.field));
  for (const h of match.hits) {
    if (concepts.has(h.concept) && (!best || before(h, best))) best = h;
  }
  return best?.field;
}

const THIRD_PERSON: Readonly<Record<string, string>> = { say: 'says', mention: 'mentions', name: 'names' };
/** 'say team lead' for many, 'says team lead' for one. */
function agree(says: string, n: number): string {
  if (n !== 1) return says;
  const [verb = '', ...rest] = says.split(' ');
  return [THIRD_PERSON[verb] ?? verb, ...rest].join(' ');
}

/** '9 say team lead in their title, 3 in their headline'. */
function byField(matches: readonly Ranked[], concepts: ReadonlySet<number>, says: string): string {
  const counts = new Map<AiField, number>();
  for (const m of matches) {
    const field = strongestField(m, concepts);
    if (field) counts.set(field, (counts.get(field) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([field, n], i) => `${num(n)}${i === 0 ? ` ${agree(says, n)}` : ''} in their ${FIELD_NOUN[field]}`)
    .join(', ');
}

function primaryOf(clause: Clause, ranking: Ranking): { concepts: Set<number>; says: string } | undefined {
  const index = (c: Concept) => ranking.concepts.findIndex((k) => k.key === c.key);
  const group =
    clause.groups.find((g) => g.kind === 'role' || g.kind === 'trait') ??
    clause.groups.find((g) => g.kind === 'topic');
  if (group) return { concepts: new Set([index(group)]), says: group.says };
  if (clause.terms.length === 0) return undefined;
  return {
    concepts: new Set(clause.terms.map(index)),
    says: `mention ${orList(clause.terms.map((t) => t.label))}`,
  };
}

/** 'None of your 20 leads are team leaders in London.' */
function nothingFound(parsed: ParsedQuery, total: number): string {
  if (total === 1) return 'Your one lead does not match.';
  const what = describeQuery(parsed);
  const rest = what.startsWith('leads ') ? what.slice('leads '.length) : undefined;
  const verb = rest?.startsWith('mentioning ')
    ? `mention ${rest.slice('mentioning '.length)}`
    : `are ${rest ?? what}`;
  return `None of your ${count(total, 'lead')} ${verb}.`;
}

/** What was found, after 'Looking for ...': counts by what matched, or what was not found. */
export function resultSummary(parsed: ParsedQuery, ranking: Ranking): string {
  const { matches, total } = ranking;
  if (total === 0) return 'There are no leads to look through yet.';
  if (matches.length === 0) return nothingFound(parsed, total);
  const found = `Found ${num(matches.length)} of ${count(total, 'lead')}`;
  let detail: string;
  if (parsed.clauses.length > 1) {
    detail = parsed.clauses
      .map((clause, k) => ({ n: matches.filter((m) => m.satisfied.includes(k)).length, clause }))
      .filter(({ n }) => n > 0)
      .map(({ n, clause }) => `${num(n)} as ${describeClause(clause)}`)
      .join(', ');
  } else {
    const primary = parsed.clauses[0] ? primaryOf(parsed.clauses[0], ranking) : undefined;
    detail = primary ? byField(matches, primary.concepts, primary.says) : '';
  }
  const place = parsed.place?.label;
  if (!detail) return `${found}${place ? ` in ${place}` : ''}.`;
  return `${found}: ${detail}${place ? `; all in ${place}` : ''}.`;
}
