import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_SENTENCES,
  MESSAGE_MAX_LENGTH,
  OFFER_RUN_MAX,
  sentenceCount,
  textLength,
} from '../../functions/ai/ai-outreach-rules';
import {
  distinctShare,
  longestSharedRun,
  openingOf,
  placeholderIn,
  wordsIn,
} from '../../functions/ai/outreach-measures';

/**
 * The checks of `npm run -s eval:texts` (issue 36 point 4), each a figure and a line it must keep. The
 * measures that the content rules also use (the description's longest run, the opening, placeholders)
 * come from the one module both read (functions/ai/outreach-measures.ts).
 *
 * Readability is measured by sentence length, the simplest measure that tells a note a person writes
 * from a form letter's run-on sentence: in every text the sentences average at most READABLE_AVERAGE
 * words, and none is longer than READABLE_LONGEST (plain-language guides put 15 to 20 words as a good
 * average; 25 is the line the issue names).
 */
export type Kind = 'note' | 'comment' | 'message';

export interface Written {
  kind: Kind;
  text: string;
  /** Who it is for, as the text greets them. */
  firstName: string;
  /** The user's company description the text restates. */
  description: string;
  /** The note's limit (200 free, 300 premium); comments and messages have theirs. */
  maxLength: number;
}

export const READABLE_AVERAGE = 25;
export const READABLE_LONGEST = 35;
/** Issue 36 point 4: per batch of 20 texts of a kind, at least 90% different openings. */
export const BATCH = 20;
export const DISTINCT_MIN = 0.9;

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => wordsIn(s).length)
    .filter((n) => n > 0);

/** Average and longest sentence, in words. */
export function sentenceLengths(text: string): { average: number; longest: number } {
  const lengths = sentencesOf(text);
  const total = lengths.reduce((a, b) => a + b, 0);
  return { average: lengths.length ? total / lengths.length : 0, longest: Math.max(0, ...lengths) };
}

/** Why one text fails a check, by check name; an empty object when it passes them all. */
export function problemsOf(w: Written): Partial<Record<CheckName, string>> {
  const out: Partial<Record<CheckName, string>> = {};
  const max =
    w.kind === 'note' ? w.maxLength : w.kind === 'comment' ? COMMENT_MAX_LENGTH : MESSAGE_MAX_LENGTH;
  const length = textLength(w.text);
  if (length > max) out.limit = `${length} characters, over ${max}`;
  if (w.kind === 'comment' && sentenceCount(w.text) > COMMENT_MAX_SENTENCES) {
    out.limit = `${sentenceCount(w.text)} sentences, over ${COMMENT_MAX_SENTENCES}`;
  }
  const placeholder = placeholderIn(w.text);
  if (placeholder) out.placeholders = placeholder;
  if (/ {2}|\s[,.!?;:]|[,;:]$|^\s|\s$/.test(w.text) || !/[.!?]$/.test(w.text)) {
    out.form = 'double space, space before a mark, or no end mark';
  }
  const pasted = longestSharedRun(w.text, w.description);
  if (pasted.words > OFFER_RUN_MAX) out.pasted = `${pasted.words} words of the description: "${pasted.run}"`;
  const { average, longest } = sentenceLengths(w.text);
  if (average > READABLE_AVERAGE || longest > READABLE_LONGEST) {
    out.readability = `sentences of ${average.toFixed(1)} words on average, the longest ${longest}`;
  }
  return out;
}

export const CHECKS = {
  limit: 'within the limit: notes 200/300, comments 500 and 3 sentences, messages 1,000 characters',
  placeholders: 'no placeholder, bracket or "undefined"',
  form: 'no double space, every text ends with . ! or ?',
  pasted: `pasted description: at most ${OFFER_RUN_MAX} consecutive words of it`,
  readability: `readability: sentences average <= ${READABLE_AVERAGE} words, none over ${READABLE_LONGEST}`,
  frames: `repeated frames: per batch of ${BATCH} texts of a kind, distinct opening 4-grams >= ${DISTINCT_MIN * 100}%`,
} as const;
export type CheckName = keyof typeof CHECKS;

/** Batches of BATCH texts in order, the last one shorter. */
export function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The share of distinct openings in a batch, and the openings that repeat. */
export function frameFigure(batch: readonly Written[]): { share: number; repeated: string[] } {
  const openings = batch.map((w) => openingOf(w.text, w.firstName));
  const repeated = openings.filter((o, i) => openings.indexOf(o) !== i);
  return { share: distinctShare(openings), repeated };
}
