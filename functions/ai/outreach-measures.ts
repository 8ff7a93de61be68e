import { hasPlaceholder } from '../../shared/outgoing-text';

/**
 * The measures of an outreach text that both its checks (ai-outreach-rules.ts) and the texts' evaluation
 * (scripts/eval-texts.ts, issue 36 point 4) read, in one place so the two never count differently: the
 * words of a text, the longest run of words it shares with another text (the user's company
 * description: a text restates the offer, never pastes it), the opening that shows a repeated frame,
 * and what is left of an unfilled template.
 *
 * It imports nothing at run time but shared/, like the rules.
 */

/** Words: NFKC, lower case, apostrophes dropped, every other punctuation mark a break. */
export const wordsIn = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/**
 * The longest run of consecutive words (wordsIn) the text shares with the source, and the run itself:
 * "we help plant teams" shares 2 words ("plant teams" aside) with "We make software for plant teams".
 */
export function longestSharedRun(text: string, source: string): { words: number; run: string } {
  const a = wordsIn(text);
  const b = wordsIn(source);
  // The run ending at a[i] and b[j], one row of the table at a time.
  let previous = new Array<number>(b.length + 1).fill(0);
  let best = 0;
  let end = 0;
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue;
      row[j] = previous[j - 1]! + 1;
      if (row[j]! > best) {
        best = row[j]!;
        end = i;
      }
    }
    previous = row;
  }
  return { words: best, run: a.slice(end - best, end).join(' ') };
}

/** Words a text may open with before its frame starts: a greeting ('Hi', 'Hey there'). */
const SALUTATIONS = new Set(['hi', 'hello', 'hey', 'dear', 'greetings', 'there']);
/** What the recipient's name becomes in an opening, so one frame for two people reads the same. */
export const NAME_TOKEN = '<name>';
export const OPENING_WORDS = 4;

/**
 * The frame a text opens with: its first OPENING_WORDS words after a greeting ('Hi Ana,', 'Ana,',
 * 'Hey there!'), the recipient's first name written NAME_TOKEN wherever it stands ('Well put, Ana.' is
 * the same opening for everyone). Two texts with the same opening repeat a frame (issue 36 point 4).
 */
export function openingOf(text: string, firstName?: string): string {
  const name = firstName ? wordsIn(firstName) : [];
  const words: string[] = [];
  const all = wordsIn(text);
  for (let i = 0; i < all.length; i++) {
    if (name.length && name.every((w, k) => all[i + k] === w)) {
      words.push(NAME_TOKEN);
      i += name.length - 1;
    } else words.push(all[i]!);
  }
  let start = 0;
  while (start < words.length && SALUTATIONS.has(words[start]!)) start++;
  if (words[start] === NAME_TOKEN && start <= 2) start++;
  return words.slice(start, start + OPENING_WORDS).join(' ');
}

/** The share of distinct values, 1 for none: 20 openings with 18 different ones is 0.9. */
export function distinctShare(values: readonly string[]): number {
  return values.length ? new Set(values).size / values.length : 1;
}

/** Words a program writes where a value was missing. */
const MISSING_VALUE = /\b(?:undefined|null|NaN)\b|\[object Object\]/;

/**
 * What is left of an unfilled template in a text, or undefined: a bracket, brace or CAPS_NAME
 * (shared/text.ts hasPlaceholder), or 'undefined', 'null', 'NaN' where a value was missing.
 */
export function placeholderIn(text: string): string | undefined {
  if (hasPlaceholder(text)) return 'a placeholder or brackets';
  const missing = MISSING_VALUE.exec(text);
  return missing ? `"${missing[0]}" where a value was missing` : undefined;
}
