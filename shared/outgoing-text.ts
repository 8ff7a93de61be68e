/**
 * What a text going out to a platform (a note, a comment, a message) is measured and checked by. Apart
 * from text.ts, which holds the API's validation rules: a screen that needs only these loads no
 * validation code (issue 38 point 2).
 */

/**
 * A text's length as a platform counts it: in code points (an emoji is one character, not two UTF-16
 * units), as a flow driver's note limit counts a note.
 */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Signs of a template left unfilled: any brace, square or angle bracket ({name}, [Company], <title>,
 * {{first_name}}), or an upper-case name joined by underscores (FIRST_NAME, COMPANY_NAME).
 */
const PLACEHOLDER = /[{}[\]<>]|\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/;

export function hasPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}
