import { contactsIn } from '../../../../shared/contact-like';
import type { AiProspect } from '../../ports/ai';
import { accountInstructionIn, COPY_RUN_WORDS, textLength, wordsIn } from '../../ports/ai-outreach-rules';

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
const VALUE_MAX = 40;
/** A quote of a post: 4 words at least, and fewer than the content rules' copy line. */
const QUOTE_MIN_WORDS = 4;
const QUOTE_MAX_WORDS = COPY_RUN_WORDS - 1;
const QUOTE_MAX = 90;

/** Markup a field may hold: an HTML tag, markdown link syntax, backticks or asterisks. */
const MARKUP = /<\/?[a-z][^<>]*>|\[[^\]]*\]\([^)]*\)|[`*]/i;

/**
 * The field when it reads as words to write into a text: undefined when it holds a web address, a
 * domain, an e-mail address, a handle or a phone number (shared/contact-like.ts), markup (MARKUP) or an
 * instruction to act on an account (ai-outreach-rules.ts): such a field is not used.
 */
export function wordsOnly(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (contactsIn(value).length > 0 || MARKUP.test(value) || accountInstructionIn(value)) return undefined;
  return value;
}

/** Fewer words than the content rules call a copy. */
const belowCopyLine = (value: string) => wordsIn(value).length < COPY_RUN_WORDS;

// --- Cleaning ------------------------------------------------------------------------------------

/**
 * Brackets, braces, angle brackets, placeholder-like CAPS_WITH_UNDERSCORES, underscores, emoji and
 * control characters out; spaces collapsed.
 */
export function clean(value: string | undefined): string {
  return (
    (value ?? '')
      .replace(/\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/g, ' ')
      .replace(/[{}[\]<>_]/g, ' ')
      // Format characters (tags, annotations, zero-width and bidi controls) hide text; ZWNJ alone spells.
      .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\p{Cc}|(?!\u200C)\p{Cf}|\p{Cs}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[\s|·•,;:/-]+|[\s|·•,;:/-]+$/g, '')
      .trim()
  );
}

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

// --- Topics --------------------------------------------------------------------------------------

/** Subjects people post about on LinkedIn, as written inside a sentence; longer phrases first. */
const TOPICS: readonly string[] = [
  'artificial intelligence',
  'generative AI',
  'machine learning',
  'lead generation',
  'content marketing',
  'product management',
  'customer success',
  'customer experience',
  'remote work',
  'venture capital',
  'data science',
  'open source',
  'developer experience',
  'employer branding',
  'personal branding',
  'sales enablement',
  'supply chain',
  'AI',
  'automation',
  'outbound',
  'prospecting',
  'pipeline',
  'sales',
  'marketing',
  'SEO',
  'branding',
  'pricing',
  'hiring',
  'recruiting',
  'leadership',
  'culture',
  'onboarding',
  'retention',
  'churn',
  'fundraising',
  'startups',
  'SaaS',
  'B2B',
  'partnerships',
  'analytics',
  'cloud',
  'cybersecurity',
  'security',
  'DevOps',
  'engineering',
  'design',
  'UX',
  'productivity',
  'sustainability',
  'fintech',
  'payments',
  'e-commerce',
  'healthcare',
  'negotiation',
  'storytelling',
  'community building',
  'strategy',
  'operations',
  'compliance',
  'mentoring',
  'careers',
  'growth',
  'data',
  'product',
];

/** Common words that make a poor topic on their own. */
const NOT_TOPICS = new Set(
  (
    'about after again also always another because been before being better between big both could ' +
    'different does doing done each even every excited first from going good great have here into just ' +
    'know last like little look love made make many more most much need never next only other our ' +
    'over people proud really right said same share should since some something start still such sure ' +
    'take than thank thanks that their them then there these they thing things think this those thought ' +
    'through time today together truly very want week well were what when where which while will with ' +
    'work working would year years your yours announce announcing happy honoured honored delighted ' +
    'team teams company new just already'
  ).split(' '),
);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*/gu) ?? [];

/** 'SalesTips' → 'sales tips'; 'SaaS' and 'AI' stay. */
function hashtagWords(tag: string): string {
  const parts = tag.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.some((p) => textLength(p) < 3)) return tag;
  return parts.map((p) => (p === p.toUpperCase() ? p : p.toLowerCase())).join(' ');
}

/** Where a post held a link, an address, a handle or a phone number (a private-use character). */
const CUT = '\uE000';

/** The text with every web address, domain, e-mail address, handle and phone number replaced by `by`. */
export function withoutContacts(text: string, by = ' '): string {
  let out = '';
  let from = 0;
  for (const { value } of contactsIn(text)) {
    const at = text.indexOf(value, from);
    if (at < 0) continue;
    out += `${text.slice(from, at)}${by}`;
    from = at + value.length;
  }
  return out + text.slice(from);
}

/**
 * Post text without links, addresses, handles, markup, mentions and hashtags; CUT marks where a contact
 * or markup was.
 */
export function plainPost(text: string): string {
  return clean(
    withoutContacts(text, ` ${CUT} `)
      .replace(new RegExp(MARKUP.source, 'gi'), ` ${CUT} `)
      .replace(/(^|\s)[@#][\p{L}\p{N}_]+/gu, ' ')
      .replace(/\s+/g, ' '),
  );
}

/**
 * The subject of some posts: a hashtag (weighs 3 a use), else a listed subject (TOPICS; 2 a mention,
 * longer phrases ahead on a tie), else a word used at least twice; the earliest wins a tie.
 */
export function topicOf(texts: readonly string[]): string | undefined {
  const scores = new Map<string, { score: number; first: number }>();
  let position = 0;
  const add = (topic: string, score: number) => {
    const entry = scores.get(topic);
    if (entry) entry.score += score;
    else scores.set(topic, { score, first: position++ });
  };
  for (const text of texts) {
    for (const match of withoutContacts(text).matchAll(/#([\p{L}][\p{L}\p{N}]{1,30})/gu)) {
      const tag = hashtagWords(match[1]!);
      if (!NOT_TOPICS.has(tag.toLowerCase())) add(tag, 3);
    }
    const plain = ` ${wordsOf(plainPost(text)).join(' ')} `;
    for (const topic of TOPICS) {
      const needle = ` ${topic.toLowerCase()} `;
      let from = plain.indexOf(needle);
      while (from >= 0) {
        add(topic, 2 + 0.1 * (topic.split(' ').length - 1));
        from = plain.indexOf(needle, from + 1);
      }
    }
  }
  if (scores.size === 0) {
    const counts = new Map<string, number>();
    for (const word of texts.flatMap((t) => wordsOf(plainPost(t)))) {
      if (textLength(word) >= 5 && !NOT_TOPICS.has(word) && /^\p{L}+$/u.test(word)) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    for (const [word, count] of counts) if (count >= 2) add(word, count);
  }
  let best: string | undefined;
  let bestEntry: { score: number; first: number } | undefined;
  for (const [topic, entry] of scores) {
    if (!bestEntry || entry.score > bestEntry.score) {
      best = topic;
      bestEntry = entry;
    }
  }
  return best && textLength(best) <= VALUE_MAX ? best : undefined;
}

/**
 * A sentence of the post worth quoting: the first statement, or the first clause of one (up to its first
 * comma, semicolon, colon or dash), of 4 to 7 words and at most 90 characters, without its end mark;
 * undefined when the post has none. A sentence that held a link, an address, a handle, a phone number,
 * markup or an account instruction is not quoted.
 */
export function quoteOf(text: string): string | undefined {
  for (const sentence of plainPost(text).split(/(?<=[.!?…])\s+/)) {
    if (/\?\s*$/.test(sentence) || sentence.includes(CUT) || accountInstructionIn(sentence)) continue;
    const whole = clean(sentence.replace(/["“”«»]/g, '')).replace(/[.!…:;,\s]+$/, '');
    const firstClause = whole.split(/[,;:]\s+|\s+[—–-]\s+/)[0]!.replace(/[.!…\s]+$/, '');
    for (const s of [whole, firstClause]) {
      const words = s.split(' ').length;
      const fits = words >= QUOTE_MIN_WORDS && wordsIn(s).length <= QUOTE_MAX_WORDS;
      if (fits && textLength(s) <= QUOTE_MAX && !/[.!?]\s/.test(s)) return s;
    }
  }
  return undefined;
}

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
