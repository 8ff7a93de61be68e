import { contactsIn } from '../../../shared/contact-like';
import { accountInstructionIn } from '../ai-outreach-rules';

/**
 * How the local writer reads a prospect's field before it writes it into a text (outreach-facts.ts,
 * post-topics.ts): only as words (issue 34 point 8), cleaned of what could pass for a placeholder.
 */

/** An industry, a skill or a topic longer than this does not read inside a sentence. */
export const VALUE_MAX = 40;

/** Markup a field may hold: an HTML tag, markdown link syntax, backticks or asterisks. */
export const MARKUP = /<\/?[a-z][^<>]*>|\[[^\]]*\]\([^)]*\)|[`*]/i;

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
