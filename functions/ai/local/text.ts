/**
 * Words of the local AI (query and leads alike): lowercase letters and digits, keeping inner '+', '#',
 * '.' and '-' so c++, c#, node.js and co-founder stay one word, accents folded (São Paulo = Sao Paulo),
 * and a light plural fold (leaders -> leader, companies -> company). Both sides go through the same
 * functions, so an odd fold (saas -> saa) still matches itself; reasons quote the lead's own text by the
 * offsets kept here, never the folded form.
 */
export interface Token {
  /** The folded word that is compared. */
  stem: string;
  /** Where the word stands in the original text: text.slice(start, end) is the word as written. */
  start: number;
  end: number;
}

const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;
const SPECIAL = /[\d+#.]/;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}\p{M}]$/u;

/** Plural fold only: short words, words with digits or symbols and -ss/-us/-is words stay as they are. */
export function stem(word: string): string {
  if (word.includes('-')) return word.split('-').map(stem).join('-');
  const n = word.length;
  // Most words do not end in 's': decided by two comparisons, no regular expression.
  if (n <= 3 || word.charCodeAt(n - 1) !== 115 || SPECIAL.test(word)) return word;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && n > 4) return `${word.slice(0, -3)}y`;
  return word.slice(0, -1);
}

function fold(word: string): string {
  const lower = word.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

// Words with accents or other scripts are folded once per process (NFD is slow); ASCII words directly.
const FOLDED = new Map<string, string>();
const MAX_CACHED = 50_000;
function stemOf(raw: string, ascii: boolean): string {
  if (ascii) return stem(raw.toLowerCase());
  let folded = FOLDED.get(raw);
  if (folded === undefined) {
    if (FOLDED.size >= MAX_CACHED) FOLDED.clear();
    folded = stem(fold(raw));
    FOLDED.set(raw, folded);
  }
  return folded;
}

const NON_ASCII_WORD_CHAR = new Map<number, boolean>();
/** Letters and digits of any script; ASCII is decided by char code (the hot path). */
function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  let known = NON_ASCII_WORD_CHAR.get(code);
  if (known === undefined) {
    known = LETTER_OR_DIGIT.test(String.fromCodePoint(code));
    NON_ASCII_WORD_CHAR.set(code, known);
  }
  return known;
}
/** '+', '#', '.', '-' inside a word: c++, c#, node.js, co-founder. */
const isInner = (code: number) => code === 43 || code === 35 || code === 46 || code === 45;
/** '.', '-' do not end a word ('Lead.' is 'Lead'); '+' and '#' do (c++, c#). */
const isTrailing = (code: number) => code === 46 || code === 45;

/**
 * The words of a text with their places in it: a word starts with a letter or digit and goes on with
 * letters, digits and inner '+', '#', '.', '-'. One pass over the characters, no regular expression on
 * the hot path (a request reads every word of up to 5,000 leads).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (!isWordChar(code)) {
      i += width;
      continue;
    }
    const start = i;
    let ascii = code < 128;
    i += width;
    while (i < n) {
      const next = text.codePointAt(i)!;
      if (!isWordChar(next) && !isInner(next)) break;
      if (next >= 128) ascii = false;
      i += next > 0xffff ? 2 : 1;
    }
    let end = i;
    while (end > start && isTrailing(text.charCodeAt(end - 1))) end--;
    tokens.push({ stem: stemOf(text.slice(start, end), ascii), start, end });
  }
  return tokens;
}

/** The stems of a phrase, for the vocabulary and the query. */
export const stems = (phrase: string): string[] => tokenize(phrase).map((t) => t.stem);

/**
 * Words that say nothing about a lead when they stand alone in a request ("show me all leads who work
 * in ..."). They still count inside a known phrase ('head of', 'software as a service').
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a',
    'an',
    'the',
    'and',
    'or',
    'of',
    'in',
    'on',
    'at',
    'to',
    'for',
    'with',
    'by',
    'as',
    'who',
    'whom',
    'whose',
    'which',
    'what',
    'are',
    'is',
    'was',
    'were',
    'be',
    'been',
    'being',
    'has',
    'have',
    'had',
    'do',
    'does',
    'me',
    'my',
    'i',
    'we',
    'us',
    'our',
    'you',
    'your',
    'they',
    'them',
    'their',
    'he',
    'she',
    'his',
    'her',
    'it',
    'its',
    'show',
    'find',
    'get',
    'give',
    'list',
    'search',
    'look',
    'looking',
    'want',
    'need',
    'please',
    'all',
    'any',
    'some',
    'every',
    'each',
    'only',
    'just',
    'also',
    'leads',
    'lead',
    'people',
    'person',
    'persons',
    'profiles',
    'profile',
    'contacts',
    'someone',
    'somebody',
    'anyone',
    'that',
    'this',
    'these',
    'those',
    'there',
    'here',
    'work',
    'works',
    'working',
    'worked',
    'based',
    'located',
    'living',
    'live',
    'lives',
    'from',
    'near',
    'around',
    'into',
    'like',
    'about',
    'than',
    'more',
    'most',
    'very',
    'can',
    'could',
    'would',
    'should',
    'will',
    'not',
    'no',
    'etc',
  ].map(stem),
);
