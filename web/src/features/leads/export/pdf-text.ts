/**
 * How the PDF export fits a cell's text into its column: widths from the font's own metrics, greedy
 * wrapping at spaces (a word longer than the column is cut where it overflows), at most a few lines
 * with '…' ending the last when text is left over. Pure, so it is tested without a PDF.
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

/**
 * `text` (already flowed) as at most `maxLines` lines, each no wider than `max`. Every character of
 * the text is on a line unless the lines run out, in which case the last ends with '…'. One pass over
 * the characters (the export wraps some 800,000 cells for 50,000 leads).
 */
export function wrapped(text: string, max: number, maxLines: number, charWidth: CharWidth): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    let width = 0;
    let end = start;
    let lastSpace = -1;
    while (end < text.length) {
      const size = sizeAt(text, end);
      const char = size === 1 ? text[end]! : text.slice(end, end + size);
      const next = charWidth(char);
      if (width + next > max) break;
      if (char === ' ') lastSpace = end;
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
    // Break at the last space that fits; a word wider than the column is cut where it overflows.
    const cut = lastSpace > start ? lastSpace : end > start ? end : start + sizeAt(text, start);
    lines.push(text.slice(start, cut).trimEnd());
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
