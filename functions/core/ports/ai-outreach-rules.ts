/**
 * The rules every AI port adapter keeps when it scores a prospect or writes outreach for a flow
 * (issue 20 point 9; spec part 2 sections 3 and 9; DECISIONS 28): the score range and the match
 * thresholds, the text limits, and the checks a text must pass before it goes out. The local adapter
 * builds its texts within them; the model adapters check a model's reply against them and fall back to
 * the local text when it fails one.
 *
 * It imports nothing at run time, so the port (ai.ts, which builds the adapters) and the adapters can
 * all read it without an import cycle.
 */
import { hasPlaceholder, textLength } from '../../../shared/text';
import type { MatchQuality } from './ai';

export { hasPlaceholder, textLength };

/** Spec 3: a prospect's aiScore is a whole number from 0 to 100. */
export const AI_SCORE_RANGE = { min: 0, max: 100 } as const;
/** A score from here up is a hot match. */
export const HOT_MATCH_SCORE = 75;
/** A score from here up (below HOT_MATCH_SCORE) is a warm match; below it, cold. */
export const WARM_MATCH_SCORE = 50;

/** The match quality a score stands for. */
export function matchQualityOf(score: number): MatchQuality {
  if (score >= HOT_MATCH_SCORE) return 'hot';
  if (score >= WARM_MATCH_SCORE) return 'warm';
  return 'cold';
}

/** A comment on a post: 1 to 3 sentences, at most 500 characters. */
export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_MAX_SENTENCES = 3;
/** A follow-up message to a prospect who accepted. */
export const MESSAGE_MAX_LENGTH = 1000;

/** Sentences: runs of text ended by . ! or ? (or the text's end); at least 1 for any visible text. */
export function sentenceCount(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const ends = trimmed.match(/[.!?…]+(?=\s|$)/g)?.length ?? 0;
  return /[.!?…]$/.test(trimmed) ? Math.max(ends, 1) : ends + 1;
}

/**
 * Why a text may not go out, or undefined when it may: empty, longer than `maxLength` characters, an
 * unfilled placeholder, or more sentences than `maxSentences`.
 */
export function textProblem(
  text: string,
  { maxLength, maxSentences }: { maxLength: number; maxSentences?: number },
): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'the text is empty';
  const length = textLength(trimmed);
  if (length > maxLength) return `the text has ${length} characters, more than ${maxLength}`;
  if (hasPlaceholder(trimmed)) return 'the text has a placeholder or brackets';
  if (maxSentences !== undefined && sentenceCount(trimmed) > maxSentences) {
    return `the text has more than ${maxSentences} sentences`;
  }
  return undefined;
}
