import { tokenize } from './text';

/** The local scorer's vocabulary: word forms, generic words left out of a match, and the helpers that read them. */
// --- Words ---------------------------------------------------------------------------------------

/** Words that tell nothing alone, in keywords and titles. */
export const FILLER = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'in',
  'on',
  'at',
  'for',
  'to',
  'with',
  'by',
]);

/** Title abbreviations read as their long forms, on both sides. */
const TITLE_FORMS: Record<string, string> = {
  ceo: 'chief executive officer',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
  cro: 'chief revenue officer',
  cpo: 'chief product officer',
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  sdr: 'sales development representative',
  bdr: 'business development representative',
  hr: 'human resources',
};

/** Title words shared by too many titles to say two are alike. */
export const TITLE_GENERIC = new Set(
  [
    'head',
    'vice',
    'president',
    'manager',
    'director',
    'lead',
    'senior',
    'junior',
    'chief',
    'officer',
    'executive',
    'representative',
    'partner',
    'associate',
    'principal',
    'staff',
    'global',
    'team',
    'specialist',
  ].concat([...FILLER]),
);

/** Industry words shared by too many industries to say two are alike. */
export const INDUSTRY_GENERIC = new Set([
  'service',
  'services',
  'other',
  'related',
  'activity',
  'activities',
  'manufacturing',
  'product',
  'products',
  'development',
  'management',
  'business',
  'industry',
  'and',
]);

/** Description words that say nothing about what the user offers. */
export const OFFER_GENERIC = new Set(
  [
    'help',
    'team',
    'company',
    'business',
    'platform',
    'solution',
    'service',
    'provide',
    'offer',
    'make',
    'build',
    'more',
    'less',
    'their',
    'them',
    'they',
    'your',
    'with',
    'that',
    'this',
    'from',
    'into',
    'using',
    'better',
    'best',
    'faster',
    'world',
    'leading',
    'based',
    'founded',
    'year',
    'work',
    'people',
    'time',
    'every',
    'over',
    'than',
    'what',
    'where',
    'when',
    'which',
    'while',
    'through',
    'across',
    'about',
    'also',
    'just',
    'like',
    'most',
    'need',
    'only',
    'other',
    'some',
    'such',
    'those',
    'want',
    'well',
    'will',
    'would',
    'ours',
    'been',
    'have',
    'high',
    'thing',
    'real',
    'great',
    'simple',
    'easy',
    'easily',
    'free',
    'each',
    'many',
    'much',
    'very',
    'today',
    'customer',
    'client',
    'organization',
    'organisation',
    'startup',
    'enterprise',
    'grow',
    'growing',
    'first',
    'second',
    'last',
    'next',
    'twice',
    'times',
    'week',
    'month',
    'quarter',
    'result',
    'average',
    'number',
    'percent',
  ].map((w) => stemsOf(w)[0] ?? w),
);

/** Accents folded, lower case: 'São Paulo' → 'sao paulo'. */
export const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** The stems of a text, a hyphen splitting words ('Co-Founder' → co, founder). */
export function stemsOf(text: string): string[] {
  return tokenize(text.replace(/[-/]/g, ' ')).map((t) => t.stem);
}

/** The words of a title, abbreviations spelt out. */
export function titleWords(text: string): string[] {
  return stemsOf(text).flatMap((w) => (TITLE_FORMS[w] ? TITLE_FORMS[w].split(' ') : [w]));
}

/** Whether `needle` occurs in `hay` as consecutive words. */
export function containsWords(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export const listOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export const quoted = (items: readonly string[]) => listOf(items.map((i) => `"${i}"`));
