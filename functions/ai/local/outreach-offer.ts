import { longestSharedRun, wordsIn } from '../outreach-measures';
import { clean } from './field-cleaning';

/**
 * The user's offer as the local writer says it (issue 36 point 4): read from their company description
 * in parts (who it is for, what it is about, what it lets them do) and said again in the writer's own
 * clause ("we work with plants and fleets on maintenance planning"), never pasted. A pasted description
 * ("since we make maintenance-planning software for plants and fleets: it reads sensor data...") is what
 * made every text read like a form letter.
 *
 * A clause repeats at most OWN_RUN_MAX words of the description in a row, fewer than the content rules
 * allow (ai-outreach-rules.ts OFFER_RUN_MAX), so the parts it keeps read as quoted names ("B2B sales
 * teams"), not as the description's sentence. A description the reading does not understand gives fewer
 * parts, and the writer then says less about the offer, never more of the description.
 */
export interface Offer {
  /** Who it is for, as the description names them: 'plants and fleets', 'first-time managers'. */
  audience?: string;
  /** What it is about, in a few words: 'maintenance planning', 'leadership', 'consultative selling'. */
  field?: string;
  /** What it lets them do, a verb phrase in the base form: 'schedule repairs before a breakdown stops production'. */
  outcome?: string;
  /** 'I' when the description speaks as one person ('I coach founders ...'), else 'we'. */
  self: 'I' | 'we';
}

/** The most words of the description in a row a clause keeps. */
export const OWN_RUN_MAX = 6;
const FIELD_MAX_WORDS = 4;
const AUDIENCE_MAX_WORDS = 5;
const OUTCOME_MAX_WORDS = 8;

const SUBJECT = /^(?:we|we're|we’re|our (?:team|company|studio|agency)|i|i'm|i’m|my (?:team|company))\s+/i;
/** Verbs whose object is the people served: 'help X do Y', 'coach X on Y'. */
const PEOPLE_VERBS = /^(?:help|enable|support|coach|train|teach|advise|mentor|guide|connect|equip)s?$/i;
/** Verbs whose object is the thing offered: 'make X for Y'. */
const THING_VERBS =
  /^(?:make|build|run|host|offer|provide|develop|design|sell|create|deliver|publish|organi[sz]e|produce|write|give|bring|power|automate|turn|manage|supply)s?$/i;
const PREFIXES = /^(?:are|is)\s+|^(?:also|now)\s+/i;
/** Words that end a noun phrase of the description. */
const BREAK =
  /\s+(?:that|which|who|so|with|by|through|using|via|in|across|to|from|and\s+(?:then\s+)?\p{Ll}+s?\s+(?:the|a|an|our|their|your)\b)\b|[,;:.!?()—–]|\s-\s/u;
const DETERMINERS = /^(?:a|an|the|our|their|your|its|my)\s+/i;
/** Head nouns that name the kind of product, not what it is about: 'maintenance-planning software'. */
const KIND_NOUNS =
  /\s+(?:software|platform|platforms|tool|tools|app|apps|programmes?|programs?|meetups?|services?|solutions?|courses?|workshops?|products?|systems?|dashboards?|suite|agency|studio|marketplace|network|community|newsletter|podcast|events?)$/i;
/** Adjectives of form or frequency that say nothing about the subject. */
const FORM_WORDS =
  /^(?:(?:a|an)\s+)?(?:(?:daily|weekly|monthly|yearly|online|free|simple|small|small-group|new|modern|smart|easy|hands-on|friendly|affordable|custom|bespoke)\s+)+/i;
const OUTCOME_MARK = /\b(?:before|so|without|faster|less|more|fewer|instead|never|every|on time)\b/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const firstWords = (text: string, n: number) => words(text).slice(0, n).join(' ');

/** The phrase up to the first word or mark that ends a noun phrase. */
const untilBreak = (text: string) => text.split(BREAK)[0]!.trim();

/** 'schedules' -> 'schedule', 'catches' -> 'catch', 'applies' -> 'apply'; a base form stays. */
export function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  if (/ies$/.test(v) && v.length > 4) return `${verb.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(v)) return verb.slice(0, -2);
  if (/[^s]s$/.test(v) && v.length > 3) return verb.slice(0, -1);
  return verb;
}

/** Words ending in s that name a field, not people: 'sales teams' is the people, 'sales' is not. */
const NOT_PLURAL = new Set([
  'sales',
  'analytics',
  'operations',
  'logistics',
  'ops',
  'news',
  'series',
  'relations',
]);
/** A plural noun written in lower case ('teams', 'fleets'); 'SaaS', 'B2B' and 'business' are not. */
export const isPluralNoun = (word: string) =>
  word === word.toLowerCase() &&
  /\p{Ll}{2}s$/u.test(word) &&
  !/(?:ss|us|is)$/.test(word) &&
  !NOT_PLURAL.has(word);

/**
 * The people a phrase starts with: up to the first plural noun ('B2B SaaS teams'), and 'and' with
 * another one after it ('plants and fleets'), at most AUDIENCE_MAX_WORDS words; the rest is what follows.
 */
function peopleAt(phrase: string): { audience?: string; rest: string } {
  const w = words(phrase);
  const end = w.findIndex(isPluralNoun);
  if (end < 0 || end >= AUDIENCE_MAX_WORDS) return { rest: phrase };
  let last = end;
  while (w[last + 1] && isPluralNoun(w[last + 1]!) && last + 1 < AUDIENCE_MAX_WORDS) last++;
  if (w[last + 1] === 'and') {
    const end = last;
    const next = w.slice(end + 2, end + 4).findIndex(isPluralNoun);
    if (next >= 0 && end + 2 + next < AUDIENCE_MAX_WORDS + 2) last = end + 2 + next;
  }
  const audience = w
    .slice(0, last + 1)
    .join(' ')
    .replace(DETERMINERS, '');
  return { audience, rest: w.slice(last + 1).join(' ') };
}

/** What a product phrase is about: 'a monthly online growth meetup' -> 'growth'. */
function fieldOf(thing: string): string | undefined {
  const bare = thing.replace(DETERMINERS, '').replace(FORM_WORDS, '').replace(DETERMINERS, '');
  const about = (bare.replace(KIND_NOUNS, '') || bare).trim();
  // One compound word names a subject: 'maintenance-planning (software)' is about maintenance planning.
  return shortField(/^\p{L}+-\p{L}+$/u.test(about) && about !== bare ? about.replace('-', ' ') : about);
}

/** A field of at most FIELD_MAX_WORDS words: the part after its last 'and' when longer. */
function shortField(field: string | undefined): string | undefined {
  if (!field || !/\p{L}{3}/u.test(field)) return undefined;
  if (wordsIn(field).length <= FIELD_MAX_WORDS) return field;
  const after = field.split(/\s+and\s+/).pop()!;
  return wordsIn(after).length <= FIELD_MAX_WORDS ? after : undefined;
}

/** A verb phrase to say what the offer lets people do, in the base form, at most OUTCOME_MAX_WORDS words. */
function outcomeOf(phrase: string): string | undefined {
  const [verb, ...rest] = words(phrase.replace(/^(?:it|they|this|which|that|we)\s+/i, ''));
  if (!verb || !/^\p{Ll}+$/u.test(verb) || rest.length === 0) return undefined;
  const outcome = [baseForm(verb), ...rest].join(' ').replace(/[,;:.!?]+$/, '');
  return words(outcome).length <= OUTCOME_MAX_WORDS ? outcome : undefined;
}

/**
 * The part of a tail that says what the offer does ('it reads sensor data and schedules repairs before a
 * breakdown stops production'): the verb phrase that names an outcome (before, so, without...), else none.
 */
function outcomeIn(tail: string): string | undefined {
  const clauses = tail.split(/\s+and\s+(?=\p{Ll}+s\s)/u);
  const marked = clauses.find((c) => OUTCOME_MARK.test(c));
  return marked ? outcomeOf(marked) : undefined;
}

/** The subject and verb a description starts with ('We help', 'Northwind Analytics builds', 'Acme is'). */
function subjectOf(head: string): { self: 'I' | 'we'; predicate: string } | undefined {
  const pronoun = SUBJECT.exec(head)?.[0];
  if (pronoun)
    return { self: /^(?:i|my)\b/i.test(pronoun) ? 'I' : 'we', predicate: head.slice(pronoun.length) };
  const named = /^(?:\p{Lu}[\p{L}\p{N}&.'’-]*\s+){1,4}/u.exec(head)?.[0];
  const rest = named ? head.slice(named.length) : '';
  const verb = words(rest)[0] ?? '';
  return named && (PEOPLE_VERBS.test(verb) || THING_VERBS.test(verb) || /^(?:is|are)$/.test(verb))
    ? { self: 'we', predicate: rest }
    : undefined;
}

/** Nouns said without an article: 'on growth', 'on hiring'. */
const MASS_NOUNS =
  /(?:ing|growth|sales|marketing|leadership|data|security|research|design|strategy|content|revenue|pipeline|software|compliance|analytics|support|finance|operations|logistics)$/i;

/**
 * A verb phrase's object as a field ('automate their outbound prospecting' -> 'outbound prospecting'),
 * when it reads without an article ('on outbound prospecting'; 'on seed round' does not).
 */
function objectOf(action: string): string | undefined {
  const object = action
    .replace(/^\S+\s+/, '')
    .replace(DETERMINERS, '')
    .replace(/(?:\s+(?:faster|quicker|better|easier|sooner|again|more|less|\p{L}+ly))+$/u, '');
  const last = words(object).pop() ?? '';
  return isPluralNoun(last) || MASS_NOUNS.test(last) ? object : undefined;
}

function partsOf(description: string): Omit<Offer, 'self'> & { self?: 'I' | 'we' } {
  const text = clean(description).replace(/["“”]/g, '');
  const [first = '', second = ''] = text.split(/(?<=[.!?])\s+/);
  const [head = '', ...tails] = first.replace(/[.!?]+$/, '').split(/\s*[:;]\s+|\s+[—–-]\s+/);
  const tail = [...tails, second].join(' ');
  const subject = subjectOf(head);
  const forWhom = (phrase: string) => {
    const [thing = '', who = ''] = phrase.split(/\s+for\s+/);
    return { thing, audience: who ? peopleAt(untilBreak(who)).audience : undefined };
  };
  if (!subject) {
    // A fragment reads as an offer when it names who it is for ('AI-powered outreach for agencies') or
    // a kind of product ('Maintenance-planning software'); 'Just the best' says neither.
    const { thing, audience } = forWhom(head);
    const product = KIND_NOUNS.test(untilBreak(thing));
    return audience || product ? { audience, field: fieldOf(untilBreak(thing)) } : {};
  }
  const [verb = '', ...object] = words(subject.predicate.replace(PREFIXES, ''));
  const after = object.join(' ');
  if (PEOPLE_VERBS.test(verb)) {
    const { audience, rest } = peopleAt(after);
    const topic = /^(?:on|in|with|at|through)\s+/i.test(rest) ? untilBreak(rest.replace(/^\S+\s+/, '')) : '';
    const action = topic ? '' : untilBreak(rest.replace(/^to\s+/i, ''));
    return {
      self: subject.self,
      audience,
      field: shortField(topic || objectOf(action)),
      outcome: action ? outcomeOf(action) : outcomeIn(tail),
    };
  }
  // 'make X for Y', or 'is a X for Y' ('Acme is a recruiting agency for fintech startups').
  if (THING_VERBS.test(verb) || /^(?:a|an)$/i.test(verb)) {
    const { thing, audience } = forWhom(THING_VERBS.test(verb) ? after : `${verb} ${after}`);
    return { self: subject.self, audience, field: fieldOf(untilBreak(thing)), outcome: outcomeIn(tail) };
  }
  return { self: subject.self };
}

/**
 * The clauses that say the offer, each with how many parts it names (a clause that says who it is for
 * and what it does says more than one that says either); written for 'we', said for 'I' too.
 */
type Clause = [parts: number, write: (o: Offer, p: Pronouns) => string | undefined];
interface Pronouns {
  we: string;
  our: string;
  us: string;
}
const CLAUSES: readonly Clause[] = [
  [2, (o, p) => o.audience && o.outcome && `${p.we} help ${o.audience} ${o.outcome}`],
  [2, (o, p) => o.audience && o.outcome && `${o.audience} work with ${p.us} to ${o.outcome}`],
  [1, (o, p) => o.outcome && `${p.our} work is about helping teams ${o.outcome}`],
  [2, (o, p) => o.audience && o.field && `${p.we} work with ${o.audience} on ${o.field}`],
  [2, (o, p) => o.audience && o.field && `${o.field} for ${o.audience} is what ${p.we} do`],
  [2, (o, p) => o.audience && o.field && `${p.we} spend ${p.our} days helping ${o.audience} with ${o.field}`],
  [1, (o, p) => o.field && `${o.field} is what ${p.we} work on`],
  [1, (o, p) => o.audience && `most of ${p.our} work is with ${o.audience}`],
];

/**
 * The clauses the writer may say the offer with ('we work with plants and fleets on maintenance
 * planning'), lower case, without an end mark: of those the parts can fill and that keep to OWN_RUN_MAX
 * words of the description in a row, the ones that name the most parts.
 */
export function offerClauses(offer: Offer, description: string): string[] {
  const p: Pronouns =
    offer.self === 'I' ? { we: 'I', our: 'my', us: 'me' } : { we: 'we', our: 'our', us: 'us' };
  const filled = CLAUSES.flatMap(([parts, write]) => {
    const text = write(offer, p);
    return text && longestSharedRun(text, description).words <= OWN_RUN_MAX ? [{ text, parts }] : [];
  });
  const richest = Math.max(0, ...filled.map((c) => c.parts));
  return filled.filter((c) => c.parts === richest).map((c) => c.text);
}

export function offerOf(description: string): Offer {
  const parts = partsOf(description);
  const own = (part: string | undefined) =>
    part && longestSharedRun(part, description).words <= OWN_RUN_MAX ? part : undefined;
  const audience = own(parts.audience && firstWords(parts.audience, AUDIENCE_MAX_WORDS));
  const field = own(parts.field && lowerFirst(parts.field));
  const outcome = own(parts.outcome);
  return {
    ...(audience ? { audience } : {}),
    ...(field ? { field } : {}),
    ...(outcome ? { outcome } : {}),
    self: parts.self ?? 'we',
  };
}

/** 'Leadership' -> 'leadership'; 'SaaS pricing' and 'AI outreach' keep their case. */
function lowerFirst(text: string): string {
  return text.replace(/^\p{Lu}\p{Ll}+\b/u, (w) => w.toLowerCase());
}
