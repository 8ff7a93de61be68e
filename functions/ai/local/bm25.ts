import { AI_FIELDS, type AiField, type AiLead } from '../../core/ports/ai';
import type { Concept, ParsedQuery, Phrase } from './query-parser';
import { type Token, tokenize } from './text';

/**
 * BM25F over the lead fields, with a request's concepts as the terms: every synonym of a concept counts
 * as an occurrence of it (weighted by the synonym's weight), so 'Team Lead' and 'Head of' are one term and
 * a lead saying both is not twice a team leader. Field weights: title and headline highest, then skills,
 * then company and location, then the name, the description lowest.
 *
 * Matching rule (what makes a lead a match at all, before the score orders the matches):
 * - every group of a clause must match in that group's fields: a role in the title or the headline only
 *   (a description that mentions leadership, or a past job as a team lead, does not make a team leader),
 *   a trait or topic anywhere;
 * - when the clause has other words (terms), at least one of them must match somewhere; more matches
 *   score higher;
 * - the place, when the request names one, must match the location;
 * - a lead matches when it satisfies one clause; its score is that of its best clause, and its reason
 *   names what matched for every clause it satisfies.
 *
 * One pass over every word of every lead: the index is built per request and only for the request's
 * concepts (a hash lookup per word), so ranking is O(total words); nothing is kept between requests.
 */
export const FIELD_WEIGHTS: Readonly<Record<AiField, number>> = {
  title: 3,
  headline: 3,
  skills: 2,
  company: 1.5,
  location: 1.5,
  name: 1,
  description: 0.75,
};
const K1 = 1.2;
const B = 0.75;

export interface Hit {
  /** Index into Ranking.concepts. */
  readonly concept: number;
  readonly field: AiField;
  /** The matched words as the lead wrote them: lead[field].slice(start, end). */
  readonly start: number;
  readonly end: number;
  readonly weight: number;
}

export interface Ranked {
  readonly lead: AiLead;
  /** Position in the loaded list. */
  readonly index: number;
  /** The BM25F score of the best satisfied clause (0 for a partial match). */
  readonly score: number;
  /** Sum over every concept that matched, satisfied or not: orders LLM candidates. */
  readonly looseScore: number;
  /** The best clause it satisfied, -1 for a partial match. */
  readonly clause: number;
  /** Every clause it satisfied ('Freelancers & SaaS Devs': a freelance SaaS developer satisfies both). */
  readonly satisfied: readonly number[];
  /** The hits that count: the satisfied clauses' concepts and the place (all hits for a partial match). */
  readonly hits: readonly Hit[];
}

export interface Ranking {
  /** Every concept of the request; Hit.concept indexes this. */
  readonly concepts: readonly Concept[];
  /** Leads that satisfy a clause, best first. */
  readonly matches: readonly Ranked[];
  /** Leads that matched some concept without satisfying a clause, best first. */
  readonly partial: readonly Ranked[];
  readonly total: number;
}

/** Words a phrase can end in that point at the next word ('head of', 'responsible for'). */
const CONNECTIVES: ReadonlySet<string> = new Set(['of', 'for', 'at', 'in', 'to', 'with']);

interface Trigger {
  readonly concept: number;
  readonly stems: readonly string[];
  readonly weight: number;
  /** Bit i set: the concept may match in AI_FIELDS[i]. */
  readonly fields: number;
}

const fieldMask = (fields: readonly AiField[]) =>
  fields.reduce((mask, f) => mask | (1 << AI_FIELDS.indexOf(f)), 0);

function triggersOf(concepts: readonly Concept[]): Map<string, Trigger[]> {
  const map = new Map<string, Trigger[]>();
  concepts.forEach((concept, index) => {
    const fields = fieldMask(concept.fields);
    for (const phrase of concept.phrases) {
      const first = phrase.stems[0];
      if (first === undefined) continue;
      const list = map.get(first) ?? [];
      list.push({ concept: index, stems: phrase.stems, weight: phrase.weight, fields });
      map.set(first, list);
    }
  });
  for (const list of map.values())
    list.sort((a, b) => b.stems.length - a.stems.length || b.weight - a.weight);
  return map;
}

const phraseAt = (tokens: readonly Token[], at: number, stems: readonly string[]) =>
  at >= 0 && stems.every((s, k) => tokens[at + k]?.stem === s);

/** The hit at `at` lies inside one of the concept's exceptions ('product manager' for 'manager'). */
function excepted(tokens: readonly Token[], at: number, except: readonly Phrase[]): boolean {
  for (const phrase of except) {
    for (let offset = 0; offset < phrase.stems.length; offset++) {
      if (phrase.stems[offset] === tokens[at]!.stem && phraseAt(tokens, at - offset, phrase.stems))
        return true;
    }
  }
  return false;
}

/** What one field's scan needs besides its words. */
interface Scan {
  readonly triggers: Map<string, Trigger[]>;
  readonly concepts: readonly Concept[];
  /** Per concept, the first word not yet covered by one of its hits in this field. */
  readonly covered: Int32Array;
  readonly out: Hit[];
}

function tryKey(
  scan: Scan,
  tokens: readonly Token[],
  fieldIndex: number,
  key: string,
  at: number,
  whole: boolean,
) {
  const list = scan.triggers.get(key);
  if (!list) return;
  const bit = 1 << fieldIndex;
  for (const t of list) {
    if ((t.fields & bit) === 0 || scan.covered[t.concept]! > at) continue;
    if (t.stems.length > 1 && !(whole && phraseAt(tokens, at, t.stems))) continue;
    if (excepted(tokens, at, scan.concepts[t.concept]!.except)) continue;
    // A phrase that ends in a connective is quoted with the word it leads to: "Head of Engineering".
    const lastAt = at + t.stems.length - 1;
    const last = (CONNECTIVES.has(tokens[lastAt]!.stem) && tokens[lastAt + 1]) || tokens[lastAt]!;
    scan.out.push({
      concept: t.concept,
      field: AI_FIELDS[fieldIndex]!,
      start: tokens[at]!.start,
      end: last.end,
      weight: t.weight,
    });
    scan.covered[t.concept] = at + t.stems.length;
  }
}

/** Every concept hit in one field of one lead, longest phrase first, no overlap within a concept. */
function scanField(scan: Scan, tokens: readonly Token[], fieldIndex: number): void {
  scan.covered.fill(0);
  for (let at = 0; at < tokens.length; at++) {
    const stem = tokens[at]!.stem;
    tryKey(scan, tokens, fieldIndex, stem, at, true);
    // 'full-stack' also says 'stack'; 'co-founder' also says 'founder'.
    if (stem.includes('-')) {
      for (const part of stem.split('-')) if (part) tryKey(scan, tokens, fieldIndex, part, at, false);
    }
  }
}

export function rankLeads(parsed: ParsedQuery, leads: readonly AiLead[]): Ranking {
  const concepts: Concept[] = [];
  const indexOf = new Map<string, number>();
  const add = (c: Concept) => {
    if (!indexOf.has(c.key)) {
      indexOf.set(c.key, concepts.length);
      concepts.push(c);
    }
    return indexOf.get(c.key)!;
  };
  const clauses = parsed.clauses.map((clause) => ({
    groups: clause.groups.map(add),
    terms: clause.terms.map(add),
  }));
  const place = parsed.place ? add(parsed.place) : -1;
  const total = leads.length;
  if (concepts.length === 0 || total === 0) return { concepts, matches: [], partial: [], total };

  const triggers = triggersOf(concepts);
  const nFields = AI_FIELDS.length;
  const lengths = new Float64Array(total * nFields);
  const sums = new Float64Array(nFields);
  const df = new Float64Array(concepts.length);
  const hitsOf: (Hit[] | undefined)[] = new Array(total);
  const covered = new Int32Array(concepts.length);
  // The last lead each concept was counted for in df.
  const countedFor = new Int32Array(concepts.length).fill(-1);

  for (let i = 0; i < total; i++) {
    const lead = leads[i]!;
    const hits: Hit[] = [];
    const scan: Scan = { triggers, concepts, covered, out: hits };
    for (let f = 0; f < nFields; f++) {
      const text = lead[AI_FIELDS[f]!];
      if (typeof text !== 'string' || text.length === 0) continue;
      const tokens = tokenize(text);
      lengths[i * nFields + f] = tokens.length;
      sums[f]! += tokens.length;
      scanField(scan, tokens, f);
    }
    if (hits.length === 0) continue;
    hitsOf[i] = hits;
    for (const h of hits) {
      if (countedFor[h.concept] === i) continue;
      countedFor[h.concept] = i;
      df[h.concept]! += 1;
    }
  }

  const average = Array.from(sums, (s) => s / total || 1);
  const idf = Array.from(df, (d) => Math.log(1 + (total - d + 0.5) / (d + 0.5)));
  const matches: Ranked[] = [];
  const partial: Ranked[] = [];
  const scores = new Float64Array(concepts.length);

  for (let i = 0; i < total; i++) {
    const hits = hitsOf[i];
    if (!hits) continue;
    const tf = new Float64Array(concepts.length);
    for (const h of hits) {
      const f = AI_FIELDS.indexOf(h.field);
      const norm = 1 - B + (B * lengths[i * nFields + f]!) / average[f]!;
      tf[h.concept]! += (FIELD_WEIGHTS[h.field] * h.weight) / norm;
    }
    let loose = 0;
    for (let c = 0; c < concepts.length; c++) {
      const t = tf[c]!;
      scores[c] = t > 0 ? (idf[c]! * t * (K1 + 1)) / (K1 + t) : 0;
      loose += scores[c]!;
    }
    const placeOk = place < 0 || scores[place]! > 0;
    let best = -1;
    let bestScore = 0;
    const satisfied: number[] = [];
    if (placeOk) {
      clauses.forEach((clause, k) => {
        if (!clause.groups.every((c) => scores[c]! > 0)) return;
        const termScore = clause.terms.reduce((sum, c) => sum + scores[c]!, 0);
        if (clause.terms.length > 0 && termScore === 0) return;
        const score =
          clause.groups.reduce((sum, c) => sum + scores[c]!, 0) +
          termScore +
          (place >= 0 ? scores[place]! : 0);
        satisfied.push(k);
        if (best < 0 || score > bestScore) {
          best = k;
          bestScore = score;
        }
      });
    }
    const lead = leads[i]!;
    if (best < 0) {
      partial.push({ lead, index: i, score: 0, looseScore: loose, clause: -1, satisfied, hits });
      continue;
    }
    const counted = new Set([
      place,
      ...satisfied.flatMap((k) => [...clauses[k]!.groups, ...clauses[k]!.terms]),
    ]);
    matches.push({
      lead,
      index: i,
      score: bestScore,
      looseScore: loose,
      clause: best,
      satisfied,
      hits: hits.filter((h) => counted.has(h.concept)),
    });
  }
  const byScore = (key: 'score' | 'looseScore') => (a: Ranked, b: Ranked) =>
    b[key] - a[key] || a.index - b.index;
  matches.sort(byScore('score'));
  partial.sort(byScore('looseScore'));
  return { concepts, matches, partial, total };
}
