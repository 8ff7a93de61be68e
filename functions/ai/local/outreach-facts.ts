import type { AiProspect, AiSender } from '../../core/ports/ai';
import { COPY_RUN_WORDS, textLength, wordsIn } from '../ai-outreach-rules';
import { clean, inSentence, VALUE_MAX, wordsOnly } from './field-cleaning';
import { type Offer, offerClauses, offerOf } from './outreach-offer';
import { topicOf } from './post-topics';

/**
 * What the local writer (outreach-writer.ts) says about a prospect and about the user, read from the
 * data: a first name, a role, a company, an industry, a topic of their posts, a short quote of a post,
 * shared context (the same city or industry as the user) and the user's offer (outreach-offer.ts).
 * Every value is cleaned of what could pass for a template placeholder (brackets, braces,
 * CAPS_WITH_UNDERSCORES) and of emoji, so a text built from them never shows one. A value that cannot be read well is left out; the writer has patterns without it.
 *
 * The prospect's fields are theirs to write, so none is pasted as it is (issue 34 point 8): a field that
 * holds a link, a domain, an e-mail address, a handle, a phone number, markup or an instruction to act on
 * an account (`wordsOnly`) is not used at all, posts lose their links, addresses and handles before a
 * topic or a quote is taken from them, and every value is capped: a first name at NAME_MAX characters, a
 * role and a company at 60, an industry, a skill and a topic at 40, a quote at 90 characters and 7 words.
 * A role read from the headline, a skill and a quote stay below COPY_RUN_WORDS words, the line
 * past which the content rules (ai-outreach-rules.ts) call a text a copy of the profile.
 */

/** The cleaned facts one text is built from; every one may be missing but the offer. */
export interface Facts {
  first?: string;
  role?: string;
  company?: string;
  /** As written inside a sentence: 'financial services', 'IT services'. */
  industry?: string;
  /** A topic of the prospect's posts, inside a sentence: 'pricing', 'SaaS', 'remote work'. */
  topic?: string;
  /** A skill of theirs, inside a sentence: 'financial modeling'. */
  skill?: string;
  /** Shared context (AiSender): the city both are in ('London', 'the San Francisco Bay Area'). */
  sharedCity?: string;
  /** Shared context: the industry both are in, inside a sentence. */
  sharedIndustry?: string;
  offer: OfferFacts;
}

/** The user's offer (outreach-offer.ts) and the clauses the writer may say it with. */
export interface OfferFacts extends Offer {
  clauses: readonly string[];
}

const NAME_MAX = 30;
/** A longer company name does not read as part of a sentence; the texts do without it. */
const COMPANY_MAX = 60;
const ROLE_MAX = 60;

/** Fewer words than the content rules call a copy. */
const belowCopyLine = (value: string) => wordsIn(value).length < COPY_RUN_WORDS;

// --- Cleaning ------------------------------------------------------------------------------------

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

// --- The facts -----------------------------------------------------------------------------------

/** The city of a location ('London, England, United Kingdom' -> 'London'); an area takes 'the'. */
export function cityOf(location: string | undefined): string | undefined {
  const city = short(wordsOnly(location)?.split(',')[0]);
  return city && /\barea$/i.test(city) ? `the ${city}` : city;
}

const sameText = (a: string | undefined, b: string | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * The offer of a description, read once per description: a run writes to many people with one, and the
 * reading compares every clause with it word by word. A pure cache, so a cold start loses nothing.
 */
const OFFERS = new Map<string, OfferFacts>();
const OFFERS_KEPT = 32;
function offerFactsOf(description: string): OfferFacts {
  let facts = OFFERS.get(description);
  if (!facts) {
    const offer = offerOf(description);
    facts = { ...offer, clauses: offerClauses(offer, description) };
    if (OFFERS.size >= OFFERS_KEPT) OFFERS.clear();
    OFFERS.set(description, facts);
  }
  return facts;
}

export function factsOf(
  prospect: AiProspect,
  companyDescription: string,
  posts?: readonly string[],
  sender?: AiSender,
): Facts {
  const first = firstNameOf(prospect.name);
  const role = roleOf(prospect);
  const company = short(wordsOnly(prospect.company)?.split(/\s+[|·•]\s*/)[0], COMPANY_MAX);
  const industry = short(wordsOnly(prospect.industry));
  const topic = topicOf(posts ?? (prospect.recentPosts ?? []).map((p) => p.text));
  const skillOf = (s: string) => {
    const value = short(wordsOnly(s.replace(/\s*\([^)]*\)/g, '')));
    // 'Financial Modeling' reads as 'financial modeling'; one word is likely a name ('Figma', 'Python').
    if (!value || !belowCopyLine(value)) return undefined;
    return value.includes(' ') ? inSentence(value) : value;
  };
  const skill = prospect.skills?.map(skillOf).find(Boolean);
  const city = cityOf(prospect.location);
  return {
    ...(first ? { first } : {}),
    ...(role ? { role } : {}),
    ...(company ? { company } : {}),
    ...(industry ? { industry: inSentence(industry) } : {}),
    ...(topic ? { topic } : {}),
    ...(skill ? { skill } : {}),
    ...(city && sameText(city, cityOf(sender?.location)) ? { sharedCity: city } : {}),
    ...(industry && sameText(industry, sender?.industry) ? { sharedIndustry: inSentence(industry) } : {}),
    offer: offerFactsOf(companyDescription),
  };
}

/**
 * 32-bit FNV-1a, then mixed (MurmurHash3's finaliser): the same text, the same number. Without the mix
 * the low bits of FNV-1a hang on the low bits of each character only, and the writer's picks (a number
 * modulo a short list) came out alike for seeds that differ in a word ('casual', 'direct').
 */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
