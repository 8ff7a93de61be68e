import { capitalise, type Facts } from './outreach-facts';
import { isPluralNoun } from './outreach-offer';

/**
 * What the local writer's texts share (outreach-writer.ts puts them together; note-phrases.ts,
 * message-phrases.ts and comment-phrases.ts hold the sentences of each kind): the options, sentence
 * patterns and the parts every kind uses (greetings, the sentence that says the user's offer).
 *
 * A pattern is a function of the facts that gives a sentence, or undefined when a fact it needs is
 * missing (`t`), so only patterns the data can fill are ever chosen: no text shows an empty slot.
 * Patterns are written in full forms ('I am', 'it is'); the relaxed tones say them with contractions
 * (`relax`). A pattern starts with its own words in lower case or with a fact as written (a company, a
 * role); the writer capitalises it where it starts a sentence.
 *
 * Why most patterns start with a fact of the prospect ('Northwind Labs looks close to ...', 'in fuel
 * cell manufacturing, ...'): a run writes to 20 people with the same settings, and a text whose first
 * words are the same for everyone reads as a form letter (issue 36 point 4: distinct openings).
 */
export type Pattern = (f: Facts) => string | undefined;

export const MESSAGE_TONES = [
  'professional',
  'casual',
  'friendly',
  'consultative',
  'direct',
  'conversational',
] as const;
export type Tone = (typeof MESSAGE_TONES)[number];
export const CONNECTION_APPROACHES = [
  'value-first',
  'common-interest',
  'mutual-connection',
  'industry-focus',
  'direct-introduction',
] as const;
export type Approach = (typeof CONNECTION_APPROACHES)[number];
export const COMMENT_STYLES = [
  'add-insights',
  'ask-questions',
  'share-experience',
  'show-support',
  'provide-value',
] as const;
export type CommentStyle = (typeof COMMENT_STYLES)[number];

/** Formal tones keep full forms and a measured voice; relaxed ones use contractions. */
export type Register = 'formal' | 'relaxed';
export const REGISTER: Record<Tone, Register> = {
  professional: 'formal',
  consultative: 'formal',
  direct: 'formal',
  casual: 'relaxed',
  friendly: 'relaxed',
  conversational: 'relaxed',
};

/** A sentence of values, or undefined when one of them is missing: t`${f.company} looks close`. */
export const t = (strings: TemplateStringsArray, ...values: (string | undefined)[]): string | undefined =>
  values.every((v) => v !== undefined && v !== '')
    ? strings.reduce((out, s, i) => out + s + (i < values.length ? values[i] : ''), '')
    : undefined;

/** A pattern that uses no fact of the prospect: chosen only when no pattern of its list that does fits. */
export const generic = <P extends (...args: never[]) => string | undefined>(pattern: P): P =>
  Object.assign(pattern, { generic: true });
export const always = (text: string): Pattern => generic(() => text);
export const isGeneric = (pattern: unknown) => (pattern as { generic?: boolean }).generic === true;

/** What the prospect posts or works on, best known first: a topic of their posts, else a skill. */
export const focusOf = (f: Facts) => f.topic ?? f.skill;

/** The verb form that agrees with a phrase: agree('AI assistants', 'is', 'are') is 'are'. */
export const agree = (subject: string | undefined, singular: string, plural: string) =>
  subject && (isPluralNoun(subject.split(' ').pop()!) ? plural : singular);

/** Titles said without an article: 'as Head of Growth', 'as CEO'; others take one: 'as a Designer'. */
const NO_ARTICLE =
  /^(?:head|chief|vp|svp|evp|vice|president|director|founder|co-?founder|owner|managing|ceo|cto|cfo|coo|cmo|cro|cpo|ciso)\b/i;
/** 'an Engineer', 'an HR Business Partner' (an acronym said letter by letter), 'a UX Designer'. */
const articleOf = (role: string) =>
  /^\p{Lu}{2,}\b/u.test(role)
    ? /^[AEFHILMNORSX]/.test(role)
      ? 'an'
      : 'a'
    : /^[aeiou]/i.test(role)
      ? 'an'
      : 'a';
export const asRole = (role: string | undefined) =>
  role && (NO_ARTICLE.test(role) ? `as ${role}` : `as ${articleOf(role)} ${role}`);
/** The user as the offer speaks: 'I' when the description does ('I coach founders'), else 'we'. */
export const weOf = (f: Facts) => f.offer.self;

// --- Register ------------------------------------------------------------------------------------

const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bI am\b/g, "I'm"],
  [/\bI would\b/g, "I'd"],
  [/\bI will\b/g, "I'll"],
  [/\bI have (?=been|seen|found|collected|learned|noticed|put|kept)/g, "I've "],
  [/\b([Ww]e) are\b(?! [.!?])/g, "$1're"],
  [/\b([Ww]e) have (?=been|seen|found|learned)/g, "$1've "],
  [/\b([Yy]ou) are\b(?=\s\p{L})/gu, "$1're"],
  [/\b([Ii]t|[Tt]hat|[Tt]here|[Ww]hat) is\b(?=\s\p{L})/gu, "$1's"],
  [/\b([Dd]o|[Ii]s|[Dd]oes) not\b/g, "$1n't"],
  [/\b([Ll]et) us\b/g, "$1's"],
];

/** The relaxed register: 'I am glad it is' -> "I'm glad it's". */
export function relax(text: string): string {
  return CONTRACTIONS.reduce((out, [pattern, by]) => out.replace(pattern, by), text);
}

export const inRegister = (register: Register, text: string) => (register === 'relaxed' ? relax(text) : text);

// --- Greetings -----------------------------------------------------------------------------------

/** Each tone's greetings, with the first name; `nameless` when there is none. */
export const GREETINGS: Record<Tone, { named: readonly ((first: string) => string)[]; nameless: string }> = {
  professional: { named: [(n) => `Hi ${n},`, (n) => `Hello ${n},`], nameless: 'Hello,' },
  casual: { named: [(n) => `Hey ${n},`, (n) => `Hi ${n}!`, (n) => `Hey ${n}!`], nameless: 'Hey there,' },
  friendly: { named: [(n) => `Hi ${n}!`, (n) => `Hello ${n}!`, (n) => `Hi ${n},`], nameless: 'Hi there!' },
  consultative: { named: [(n) => `Hi ${n},`, (n) => `Hello ${n},`], nameless: 'Hello,' },
  direct: { named: [(n) => `${n},`, (n) => `Hi ${n},`], nameless: 'Hi,' },
  conversational: {
    named: [(n) => `Hi ${n},`, (n) => `Hey ${n},`, (n) => `Hi ${n}!`],
    nameless: 'Hi there,',
  },
};

// --- The offer -----------------------------------------------------------------------------------

/** The sentence that says the offer around one of its clauses (outreach-offer.ts offerClauses). */
export const OFFER_SENTENCES: Record<Register, readonly ((clause: string) => string)[]> = {
  formal: [
    (c) => `For context, ${c}.`,
    (c) => `A little about me: ${c}.`,
    (c) => `On my side, ${c}.`,
    (c) => `${capitalise(c)}.`,
    (c) => `In short, ${c}.`,
  ],
  relaxed: [
    (c) => `On my end, ${c}.`,
    (c) => `Quick bit about me: ${c}.`,
    (c) => `${capitalise(c)}.`,
    (c) => `For context, ${c}.`,
  ],
};
