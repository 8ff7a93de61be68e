import type { AiProspect } from '../../ports/ai';
import { COPY_RUN_WORDS, textLength, wordsIn } from '../../ports/ai-outreach-rules';
import { clean, VALUE_MAX, wordsOnly } from './field-cleaning';
import { topicOf } from './post-topics';

/**
 * What the local writer (outreach-writer.ts) says about a prospect and about the user, read from the
 * data: a first name, a role, a company, an industry, a topic of their posts, a short quote of a post,
 * and the user's pitch from their company description. Every value is cleaned of what could pass for
 * a template placeholder (brackets, braces, CAPS_WITH_UNDERSCORES) and of emoji, so a text built from
 * them never shows one. A value that cannot be read well is left out; the writer has patterns without it.
 *
 * The prospect's fields are theirs to write, so none is pasted as it is (issue 34 point 8): a field that
 * holds a link, a domain, an e-mail address, a handle, a phone number, markup or an instruction to act on
 * an account (`wordsOnly`) is not used at all, posts lose their links, addresses and handles before a
 * topic or a quote is taken from them, and every value is capped: a first name at NAME_MAX characters, a
 * role and a company at 60, an industry, a skill and a topic at 40, a quote at 90 characters and 7 words.
 * A role read from the headline, a skill and a quote stay below COPY_RUN_WORDS words, the line
 * past which the content rules (ai-outreach-rules.ts) call a text a copy of the profile.
 */

/** The cleaned facts one text is built from; every one may be missing but the pitch. */
export interface Facts {
  first?: string;
  role?: string;
  company?: string;
  /** As written inside a sentence: 'financial services', 'IT services'. */
  industry?: string;
  /** A topic of the prospect's posts, inside a sentence: 'pricing', 'SaaS', 'remote work'. */
  topic?: string;
  skill?: string;
  pitch: Pitch;
}

/** The user's company description, as the writer can use it. */
export interface Pitch {
  /**
   * Its first sentence as a clause that reads inside a sentence ('we help B2B teams book meetings',
   * 'Acme helps agencies grow'); undefined when it is a fragment ('AI outreach for agencies').
   */
  clause?: string;
  /** The clause cut short (about 100 characters at most) at a natural break, for short notes. */
  short?: string;
  /**
   * Its first sentence or two as sentences of their own, at most FULL_PITCH_MAX characters; a fragment
   * ('AI outreach for agencies.') comes with its own lead-in ('What we do: ...').
   */
  full: string;
}

const FULL_PITCH_MAX = 320;
const SHORT_PITCH_MAX = 100;
const NAME_MAX = 30;
/** A longer company name does not read as part of a sentence; the texts do without it. */
const COMPANY_MAX = 60;
const ROLE_MAX = 60;

/** Fewer words than the content rules call a copy. */
const belowCopyLine = (value: string) => wordsIn(value).length < COPY_RUN_WORDS;

// --- Cleaning ------------------------------------------------------------------------------------

/** Words written Capitalised become lower case; acronyms and mixed case (SaaS, IT, iOS) stay. */
export function inSentence(value: string): string {
  return value.replace(/\p{L}[\p{L}'’]*/gu, (word) =>
    /^\p{Lu}[\p{Ll}'’]*$/u.test(word) && word.length > 1 ? word.toLowerCase() : word,
  );
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const HONORIFICS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'prof',
  'sir',
  'dame',
  'rev',
  'eng',
  'ing',
]);
const NOT_NAMES = new Set(['linkedin', 'member', 'user', 'unknown', 'anonymous', 'profile']);

/**
 * The name to greet someone by: the first word of their name that is not a title or an initial,
 * written with a capital ('ANA-MARIA' → 'Ana-Maria'); a name in a script without letter case (李雷) is
 * used whole. Undefined for no name, a placeholder one ('LinkedIn Member') or one that is not words only
 * ('evil.example', 'Ana @acme').
 */
export function firstNameOf(name: string | undefined): string | undefined {
  const cleaned = clean(wordsOnly(name))
    .replace(/[^\p{L}\p{M}\s'’.-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return undefined;
  const words = cleaned.split(' ');
  if (words.some((w) => NOT_NAMES.has(w.toLowerCase()))) return undefined;
  if (!/[\p{Lu}\p{Ll}]/u.test(cleaned)) return textLength(cleaned) <= NAME_MAX ? cleaned : undefined;
  const word = words
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ''))
    .find((w) => !HONORIFICS.has(w.toLowerCase()) && textLength(w.replace(/[.'’-]/g, '')) > 1);
  if (!word || textLength(word) > NAME_MAX) return undefined;
  const cased = word === word.toUpperCase() || word === word.toLowerCase();
  return cased
    ? word.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
    : word;
}

/**
 * A title, company or industry without its bracketed tags ('[Hiring] CEO {stealth}' → 'CEO'); the
 * characters alone go when nothing else is left.
 */
export function untagged(value: string | undefined): string {
  const text = value ?? '';
  return clean(text.replace(/\[[^\]]*\]|\{[^}]*\}|<[^>]*>/g, ' ')) || clean(text);
}

/** The part of a title or headline before the first separator ('CEO | Speaker' → 'CEO'). */
function leadingPart(value: string, cutAt: RegExp): string {
  return clean(untagged(value).split(cutAt)[0]);
}

/**
 * The role: the title's leading part, else the headline's (fewer than COPY_RUN_WORDS words: the headline
 * is a text the content rules keep from being copied); a title or headline that is not words only is not
 * read.
 */
export function roleOf(p: AiProspect): string | undefined {
  const title = wordsOnly(p.title);
  const headline = wordsOnly(p.headline);
  const fromTitle = title ? leadingPart(title, /\s+[|·•@]\s*|\s+at\s+/i) : '';
  const fromHeadline = headline ? leadingPart(headline, /\s+[|·•@]\s*|\s+at\s+|\s+-\s+|,\s+/i) : '';
  const role = fromTitle || (belowCopyLine(fromHeadline) ? fromHeadline : '');
  return role && textLength(role) <= ROLE_MAX && /\p{L}/u.test(role) ? role : undefined;
}

const short = (value: string | undefined, max = VALUE_MAX): string | undefined => {
  const v = untagged(value);
  return v && textLength(v) <= max && /\p{L}/u.test(v) ? v : undefined;
};

// --- The pitch -----------------------------------------------------------------------------------

const FIRST_PERSON = /^(?:we|we're|we’re|our|i|i'm|i’m|my)\b/i;
const VERBS =
  /^(?:\S+\s+){1,4}?(?:is|are|helps?|builds?|provides?|offers?|makes?|gives?|turns?|lets?|enables?|connects?|automates?|creates?|delivers?|develops?|designs?|runs?|brings?|powers?|supports?|specialises|specializes|works?)\b/i;
/** Words a short pitch may not end on. */
const DANGLING = /\s+(?:and|or|for|with|to|of|in|on|by|the|a|an|that|which|who|so|as|from|into|at)$/i;
const BREAKS = [
  ', ',
  '; ',
  ' — ',
  ' – ',
  ' - ',
  ' with ',
  ' by ',
  ' through ',
  ' using ',
  ' so that ',
  ' which ',
];

/** 'We help ...' → 'we help ...'; 'I ...' and named subjects stay. */
function asClause(sentence: string): string | undefined {
  if (FIRST_PERSON.test(sentence)) {
    return /^i\b|^i['’]/i.test(sentence)
      ? `I${sentence.slice(1)}`
      : sentence.charAt(0).toLowerCase() + sentence.slice(1);
  }
  return VERBS.test(sentence) ? sentence : undefined;
}

/** The clause cut at its earliest natural break that leaves at most SHORT_PITCH_MAX characters. */
function shortened(clause: string): string | undefined {
  if (textLength(clause) <= SHORT_PITCH_MAX) return clause;
  let best: string | undefined;
  for (const mark of BREAKS) {
    let at = clause.indexOf(mark, 25);
    while (at >= 0) {
      const cut = clause.slice(0, at).replace(DANGLING, '');
      if (textLength(cut) <= SHORT_PITCH_MAX && (!best || cut.length > best.length)) best = cut;
      at = clause.indexOf(mark, at + 1);
    }
  }
  return best && best.split(' ').length >= 4 ? best : undefined;
}

export function pitchOf(description: string): Pitch {
  const text = clean(description).replace(/["“”]/g, '');
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  const first = (sentences[0] ?? '').replace(/[.!?…:;,\s]+$/, '');
  const clause = first ? asClause(first) : undefined;
  const opening = clause ? `${capitalise(first)}.` : first ? `What we do: ${first}.` : '';
  let full = textLength(opening) <= FULL_PITCH_MAX ? opening : '';
  const second = sentences[1];
  if (full && second && /[.!?]$/.test(second) && textLength(`${full} ${second}`) <= FULL_PITCH_MAX) {
    full = `${full} ${second}`;
  }
  const short = clause ? shortened(clause) : undefined;
  if (!full && short) full = `${capitalise(short)}.`;
  return {
    ...(clause && textLength(clause) <= FULL_PITCH_MAX ? { clause } : {}),
    ...(short ? { short } : {}),
    full,
  };
}

// --- The facts -----------------------------------------------------------------------------------

export function factsOf(prospect: AiProspect, companyDescription: string, posts?: readonly string[]): Facts {
  const first = firstNameOf(prospect.name);
  const role = roleOf(prospect);
  const company = short(wordsOnly(prospect.company)?.split(/\s+[|·•]\s*/)[0], COMPANY_MAX);
  const industry = short(wordsOnly(prospect.industry));
  const topic = topicOf(posts ?? (prospect.recentPosts ?? []).map((p) => p.text));
  const skillOf = (s: string) => {
    const value = short(wordsOnly(s));
    return value && belowCopyLine(value) ? value : undefined;
  };
  const skill = prospect.skills?.map(skillOf).find(Boolean);
  return {
    ...(first ? { first } : {}),
    ...(role ? { role } : {}),
    ...(company ? { company } : {}),
    ...(industry ? { industry: inSentence(industry) } : {}),
    ...(topic ? { topic } : {}),
    ...(skill ? { skill } : {}),
    pitch: pitchOf(companyDescription),
  };
}

/** 32-bit FNV-1a: the same text, the same number. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
