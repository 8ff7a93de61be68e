import type { AiField } from '../../core/ports/ai';
import { STOP_WORDS, stems, type Token, tokenize } from './text';
import {
  ALL_FIELDS,
  CONCEPT_GROUPS,
  type ConceptGroup,
  type GroupKind,
  PLACES,
  type Place,
  placeAliases,
} from './vocabulary';

/**
 * Reads a plain-language request into concepts the ranker can match:
 * - groups of the vocabulary ('Team Leaders' -> the team-leader role with all its synonyms), longest
 *   phrase first, so 'competitive programmers' is one trait and not 'competitive' + a programmer role;
 * - a place: a known place anywhere ('London engineers', 'in the UK'), or any words after a strong marker
 *   ('based in Leeds', 'located in Tallinn'). A bare 'in'/'from' followed by an unknown word is not a
 *   place ('team leaders in SaaS', 'engineers from Google'): those words stay terms;
 * - terms: every other word that is not a stop word, matched as written (folded) in any field.
 *
 * '&', ',', ';', '/', '+', 'and', 'or' split the request into clauses that are alternatives
 * ('Freelancers & SaaS Devs' = freelancers, or SaaS developers). A clause that names no group only
 * qualifies its neighbour ('python and django developers' is one clause), so it is merged into the next
 * clause (the previous one when it is last). The place applies to every clause.
 */
export interface Phrase {
  readonly stems: readonly string[];
  readonly weight: number;
}

export interface Concept {
  readonly kind: GroupKind | 'place' | 'term';
  /** Same key, same concept: 'group:team-leader', 'term:python', 'place'. */
  readonly key: string;
  /** How a summary names it: 'team leaders', 'SaaS', '"Python"', 'London'. */
  readonly label: string;
  /** How a summary counts its leads: 'say team lead' ('9 say team lead in their title'). */
  readonly says: string;
  readonly fields: readonly AiField[];
  readonly phrases: readonly Phrase[];
  readonly except: readonly Phrase[];
}

export interface Clause {
  /** Groups of the vocabulary: a lead must match every one. */
  readonly groups: readonly Concept[];
  /** Other words: a lead must match at least one when there are any. */
  readonly terms: readonly Concept[];
}

export interface ParsedQuery {
  readonly query: string;
  /** Alternatives: a lead matches when it satisfies one clause (and the place). */
  readonly clauses: readonly Clause[];
  readonly place?: Concept;
  /** Nothing to look for: only stop words, or no words at all. */
  readonly empty: boolean;
}

/** 'co-founder' also as 'co founder', 'co founder' also as 'co-founder'. */
function variants(phrase: string, weight: number): Phrase[] {
  const base = stems(phrase);
  const out = [base];
  if (base.length > 1) out.push([base.join('-')]);
  else if (base.length === 1 && base[0]!.includes('-')) out.push(base[0]!.split('-'));
  const seen = new Set<string>();
  return out
    .filter((s) => s.length > 0 && !seen.has(s.join(' ')) && seen.add(s.join(' ')))
    .map((s) => ({ stems: s, weight }));
}

function groupConcept(group: ConceptGroup): Concept {
  return {
    kind: group.kind,
    key: `group:${group.id}`,
    label: group.label,
    says: group.says,
    fields: group.fields,
    phrases: group.phrases.flatMap((p) => (typeof p === 'string' ? variants(p, 1) : variants(p[0], p[1]))),
    except: (group.except ?? []).flatMap((p) => variants(p, 1)),
  };
}

const GROUPS: readonly Concept[] = CONCEPT_GROUPS.map(groupConcept);
const PLACE_BY_NAME = new Map(PLACES.map((p) => [p.name, p]));

interface Entry<T> {
  readonly stems: readonly string[];
  readonly value: T;
}
/** First stem -> entries, longest first: the lookup table of a longest-match scan. */
function byFirstStem<T>(entries: Entry<T>[]): Map<string, Entry<T>[]> {
  const map = new Map<string, Entry<T>[]>();
  for (const entry of entries) {
    const first = entry.stems[0]!;
    map.set(first, [...(map.get(first) ?? []), entry]);
  }
  for (const list of map.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return map;
}

const GROUP_PHRASES = byFirstStem(
  GROUPS.flatMap((concept) =>
    concept.phrases
      // 'lead' alone is the app's word for a lead ('show all leads'), not a request for team leaders.
      .filter((p) => p.stems.length > 1 || !STOP_WORDS.has(p.stems[0]!))
      .map((p) => ({ stems: p.stems, value: concept })),
  ),
);
const PLACE_PHRASES = byFirstStem(
  PLACES.flatMap((place) =>
    place.aliases.flatMap((a) => variants(a, 1)).map((p) => ({ stems: p.stems, value: place })),
  ),
);

/** Words after which anything is a place: 'based in Leeds', 'located in Tallinn'. */
const STRONG_MARKERS = [
  ['based', 'in'],
  ['based', 'out', 'of'],
  ['located', 'in'],
  ['living', 'in'],
  ['near'],
];
const SEPARATOR_WORDS = new Set(['and', 'or', 'plus']);
const SEPARATOR_GAP = /[&,;/|+]/;

interface Word extends Token {
  /** A clause boundary stands right before this word. */
  readonly breakBefore: boolean;
  /** The word as typed. */
  readonly text: string;
}

function words(query: string): Word[] {
  const out: Word[] = [];
  let gapStart = 0;
  let pendingBreak = false;
  for (const token of tokenize(query)) {
    const gap = query.slice(gapStart, token.start);
    gapStart = token.end;
    if (SEPARATOR_WORDS.has(token.stem)) {
      pendingBreak = true;
      continue;
    }
    out.push({
      ...token,
      text: query.slice(token.start, token.end),
      breakBefore: pendingBreak || SEPARATOR_GAP.test(gap),
    });
    pendingBreak = false;
  }
  return out;
}

/** The longest entry that matches the words at `at` without crossing a clause boundary. */
function longestAt<T>(
  table: Map<string, Entry<T>[]>,
  list: readonly Word[],
  at: number,
): Entry<T> | undefined {
  for (const entry of table.get(list[at]!.stem) ?? []) {
    const fits = entry.stems.every((s, k) => {
      const word = list[at + k];
      return word !== undefined && word.stem === s && (k === 0 || !word.breakBefore);
    });
    if (fits) return entry;
  }
  return undefined;
}

function markerAt(list: readonly Word[], at: number): number {
  for (const marker of STRONG_MARKERS) {
    if (marker.every((s, k) => list[at + k]?.stem === s)) return marker.length;
  }
  return 0;
}

function placeConcept(known: Place[], unknown: Word[][]): Concept | undefined {
  if (known.length === 0 && unknown.length === 0) return undefined;
  const names = [...known.map((p) => p.name), ...unknown.map((ws) => ws.map((w) => w.text).join(' '))];
  const phrases: Phrase[] = [
    ...known.flatMap((p) => placeAliases(p, PLACE_BY_NAME).flatMap((a) => variants(a, 1))),
    ...unknown.map((ws) => ({ stems: ws.map((w) => w.stem), weight: 1 })),
  ];
  const label = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
  return {
    kind: 'place',
    key: 'place',
    label,
    says: `are in ${label}`,
    fields: ['location'],
    phrases,
    except: [],
  };
}

function termConcept(word: Word): Concept {
  return {
    kind: 'term',
    key: `term:${word.stem}`,
    label: `"${word.text}"`,
    says: `mention "${word.text}"`,
    fields: ALL_FIELDS,
    phrases: [
      { stems: [word.stem], weight: 1 },
      ...(word.stem.includes('-') ? [{ stems: word.stem.split('-'), weight: 1 }] : []),
    ],
    except: [],
  };
}

export function parseQuery(query: string): ParsedQuery {
  const list = words(query);
  const used = new Array<boolean>(list.length).fill(false);

  // Places first, so 'New York' is never two terms.
  const known: Place[] = [];
  const unknown: Word[][] = [];
  for (let i = 0; i < list.length; i++) {
    if (used[i]) continue;
    const marker = markerAt(list, i);
    const at = i + marker;
    const place = at < list.length ? longestAt(PLACE_PHRASES, list, at) : undefined;
    if (place) {
      if (!known.includes(place.value)) known.push(place.value);
      used.fill(true, i, at + place.stems.length);
      i = at + place.stems.length - 1;
      continue;
    }
    if (marker > 0) {
      const taken: Word[] = [];
      for (let k = at; k < list.length && taken.length < 3; k++) {
        const word = list[k]!;
        if ((k > at && word.breakBefore) || STOP_WORDS.has(word.stem) || longestAt(GROUP_PHRASES, list, k))
          break;
        taken.push(word);
      }
      used.fill(true, i, at + taken.length);
      if (taken.length > 0) unknown.push(taken);
      i = at + taken.length - 1;
    }
  }

  // Then groups and terms, clause by clause.
  const raw: { groups: Concept[]; terms: Concept[] }[] = [{ groups: [], terms: [] }];
  for (let i = 0; i < list.length; i++) {
    const word = list[i]!;
    if (word.breakBefore && (raw.at(-1)!.groups.length > 0 || raw.at(-1)!.terms.length > 0)) {
      raw.push({ groups: [], terms: [] });
    }
    if (used[i]) continue;
    const clause = raw.at(-1)!;
    const group = longestAt(GROUP_PHRASES, list, i);
    if (group) {
      if (!clause.groups.includes(group.value)) clause.groups.push(group.value);
      i += group.stems.length - 1;
      continue;
    }
    if (STOP_WORDS.has(word.stem) || word.stem.length < 2 || /^\d+$/.test(word.stem)) continue;
    const term = termConcept(word);
    if (!clause.terms.some((t) => t.key === term.key)) clause.terms.push(term);
  }

  const clauses = mergeQualifiers(raw.filter((c) => c.groups.length > 0 || c.terms.length > 0));
  const place = placeConcept(known, unknown);
  return {
    query,
    clauses: clauses.length === 0 && place ? [{ groups: [], terms: [] }] : clauses,
    ...(place ? { place } : {}),
    empty: clauses.length === 0 && !place,
  };
}

function mergeQualifiers(clauses: { groups: Concept[]; terms: Concept[] }[]): Clause[] {
  const out = [...clauses];
  for (let i = 0; i < out.length && out.length > 1; ) {
    const clause = out[i]!;
    if (clause.groups.length > 0) {
      i++;
      continue;
    }
    const next = i + 1 < out.length;
    const into = next ? out[i + 1]! : out[i - 1]!;
    const added = clause.terms.filter((term) => !into.terms.some((t) => t.key === term.key));
    // Keep the request's word order: a qualifier before its clause comes first.
    into.terms.splice(next ? 0 : into.terms.length, 0, ...added);
    out.splice(i, 1);
    if (into === out[i - 1]) break;
  }
  return out;
}
