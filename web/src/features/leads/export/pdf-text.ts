/**
 * How the PDF export fits a cell's text into its column: widths from the font's own metrics, greedy
 * wrapping at spaces, at most a few lines with '…' ending the last when text is left over. A word is
 * only broken when it alone is wider than the column: after a hyphen, slash or dot of its own where one
 * fits, else where it overflows, with a hyphen between two letters. Pure, so it is tested without a PDF.
 */

export type CharWidth = (char: string) => number;

export const ELLIPSIS = '…';

/** Line breaks, tabs and runs of spaces become one space: a table cell is flowed text. */
export const flowed = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The width of `text` as the sum of its characters' widths. */
export function widthOf(text: string, charWidth: CharWidth): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The length of the character at `at`: 2 for a surrogate pair (an emoji, a rare ideograph). */
const sizeAt = (text: string, at: number): number => {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
};

/** The longest start of `text` from `from` that fits `max` with '…' after it, and the '…'. */
function ellipsized(text: string, from: number, max: number, charWidth: CharWidth): string {
  const room = max - charWidth(ELLIPSIS);
  let width = 0;
  let end = from;
  while (end < text.length) {
    const size = sizeAt(text, end);
    const next = charWidth(size === 1 ? text[end]! : text.slice(end, end + size));
    if (width + next > room) break;
    width += next;
    end += size;
  }
  return `${text.slice(from, end).trimEnd()}${ELLIPSIS}`;
}

/** Where a word may be broken after one of its own characters: 'Stratford-|upon-|Avon', 'www.|example.|com/|in/|ada'. */
const BREAKS_AFTER = new Set(['-', '/', '.']);
/** A letter of any script: a word cut between two of them gets a hyphen. */
const LETTER = /\p{L}/u;
/** A letter or a digit anywhere in a piece of a word. */
const WORDLIKE = /[\p{L}\p{N}]/u;
/** At least this many characters of a cut word go to the next line ('Massachuse-', 'tts,'), where the line keeps as many. */
const MIN_CARRIED = 3;
export const HYPHEN = '-';

/** The start of the character that ends before `at`: 2 back after a surrogate pair. */
const before = (text: string, at: number): number => {
  const code = text.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at >= 2 ? at - 2 : at - 1;
};

/**
 * Where to cut a word wider than the line, which fits `text[start, end)`: there, or earlier so the
 * hyphen fits too and a few of its characters go on; and whether the cut takes a hyphen.
 */
function wordCut(
  text: string,
  start: number,
  end: number,
  max: number,
  charWidth: CharWidth,
  hyphenate: boolean,
): { cut: number; hyphen: boolean } {
  let wordEnd = end;
  while (wordEnd < text.length && text[wordEnd] !== ' ') wordEnd++;
  // Only its punctuation is left over ('Massachusetts' fits, its ',' does not): the word stays whole.
  if (!WORDLIKE.test(text.slice(end, wordEnd))) return { cut: end, hyphen: false };
  const charsIn = (from: number, to: number) => Array.from(text.slice(from, to)).length;
  let cut = end;
  // Leave a few of the word's characters for the next line rather than one or two.
  while (charsIn(cut, wordEnd) < MIN_CARRIED && charsIn(start, cut) > MIN_CARRIED) cut = before(text, cut);
  if (!hyphenate) return { cut, hyphen: false };
  const hyphenAt = (at: number) => LETTER.test(text[before(text, at)] ?? '') && LETTER.test(text[at] ?? '');
  if (!hyphenAt(cut)) return { cut, hyphen: false };
  // The hyphen takes room: the line gives up characters for it, keeping one at least.
  const room = max - charWidth(HYPHEN);
  let width = widthOf(text.slice(start, cut), charWidth);
  while (width > room && before(text, cut) > start) {
    const previous = before(text, cut);
    width -= charWidth(text.slice(previous, cut));
    cut = previous;
  }
  return { cut, hyphen: hyphenAt(cut) && width <= room };
}

/**
 * `text` (already flowed) as at most `maxLines` lines, each no wider than `max`. Every character of
 * the text is on a line unless the lines run out, in which case the last ends with '…'. Lines break
 * at spaces; a word wider than `max` alone is broken after a hyphen, slash or dot of its own, else where
 * it overflows, with a hyphen added between two letters when `hyphenate` (a web address takes none:
 * a hyphen would read as part of it). One pass over the characters (the export wraps some 800,000
 * cells for 50,000 leads).
 */
export function wrapped(
  text: string,
  max: number,
  maxLines: number,
  charWidth: CharWidth,
  hyphenate = true,
): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    let width = 0;
    let end = start;
    let lastSpace = -1;
    let lastBreak = -1;
    while (end < text.length) {
      const size = sizeAt(text, end);
      const char = size === 1 ? text[end]! : text.slice(end, end + size);
      const next = charWidth(char);
      if (width + next > max) break;
      if (char === ' ') lastSpace = end;
      else if (BREAKS_AFTER.has(char)) lastBreak = end + size;
      width += next;
      end += size;
    }
    if (end >= text.length) {
      lines.push(text.slice(start));
      break;
    }
    if (lines.length === maxLines - 1) {
      lines.push(ellipsized(text, start, max, charWidth));
      break;
    }
    let line: string;
    let cut: number;
    if (text[end] === ' ') {
      // The line ends where a word does.
      cut = end;
      line = text.slice(start, cut);
    } else if (lastSpace > start) {
      cut = lastSpace;
      line = text.slice(start, cut);
    } else if (lastBreak > start) {
      // One word wider than the line, broken after its own hyphen, slash or dot.
      cut = lastBreak;
      line = text.slice(start, cut);
    } else if (end > start) {
      const broken = wordCut(text, start, end, max, charWidth, hyphenate);
      cut = broken.cut;
      line = `${text.slice(start, cut)}${broken.hyphen ? HYPHEN : ''}`;
    } else {
      // Not even one character fits: it goes alone.
      cut = start + sizeAt(text, start);
      line = text.slice(start, cut);
    }
    lines.push(line.trimEnd());
    start = cut;
    while (text[start] === ' ') start++;
  }
  return lines;
}

/** `text` cut to one line of at most `max`, ending with '…' when cut (for text laid out as a whole). */
export function oneLine(text: string, max: number, measure: (text: string) => number): string {
  if (measure(text) <= max) return text;
  const chars = Array.from(text);
  // The longest start that fits with the '…': a binary search, since measuring lays the text out.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('')}${ELLIPSIS}`) <= max) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}
