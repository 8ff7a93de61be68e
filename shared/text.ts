import * as z from 'zod/mini';
import { hasLinkLike, linkInNameMessage } from './contact-like';

/**
 * The rules every string the API accepts shares, so each schema reuses one check instead of a copy:
 *
 * - Text a person sees (names, hints shown on /platforms, queries, trob settings) holds no control
 *   characters (C0, DEL, C1: NUL, escape sequences, CR/LF in a one-line field), no bidirectional
 *   controls (U+202E RIGHT-TO-LEFT OVERRIDE and its family, which make a name read backwards or hide
 *   a link's real target), no lone surrogate halves, no line or paragraph separators (U+2028/U+2029,
 *   line breaks no text field shows as such) and no invisible characters that only hide or pad text:
 *   zero-width space, word joiner and the invisible operators, the BOM, soft hyphen, the Hangul and
 *   Khmer fillers, the Mongolian vowel separator and the braille blank. Such a name looks empty, or the
 *   same as someone else's, on every screen it reaches.
 * - A non-empty text holds at least one visible character: not a space, not a mark on its own, not a
 *   default-ignorable code point. Zero-width joiners and variation selectors are allowed beside visible
 *   characters, where emoji sequences (👩🏽‍💻) and Persian or Indic spelling need them, never alone.
 * - Values that go into an HTTP header as they are (a platform's cookies, the user agent the session
 *   is tied to) are visible ASCII as RFC 6265 and RFC 9110 (ex 7230) define it: a CR/LF would split
 *   the header, and a byte outside ASCII makes the HTTP client throw.
 * Accents, other scripts and emoji are fine.
 */

/**
 * Invisible characters that only hide or pad text, refused wherever they are: every format character
 * (Cf: the soft hyphen, zero-width space, BOM, the interlinear annotation marks U+FFF9-FFFB, the tag
 * characters U+E0000-E007F that spell hidden ASCII) and every default-ignorable code point (the Hangul
 * and Khmer fillers, the Mongolian vowel separator, unassigned ones a later Unicode may give a meaning),
 * as classes, so a character of the kind found tomorrow is already refused; plus the braille blank,
 * which shows nothing but is neither. Spared, because spelling needs them beside visible characters: the
 * zero-width non-joiner and joiner, the combining grapheme joiner, the Mongolian free variation
 * selectors and the variation selectors (a text of them alone still has nothing visible).
 */
const SPARED = String.raw`\u200C\u200D\u034F\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}`;
const INVISIBLE = String.raw`(?![${SPARED}])[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]`;
/** Controls, bidi controls, lone surrogates, line and paragraph separators and the invisible ones. */
const HIDDEN = new RegExp(String.raw`[\p{Cc}\p{Bidi_Control}\p{Cs}\p{Zl}\p{Zp}]|${INVISIBLE}`, 'u');
/** The same, except the tab and line breaks a multi-line text may hold. */
const HIDDEN_MULTILINE = new RegExp(
  String.raw`(?![\t\n\r])\p{Cc}|[\p{Bidi_Control}\p{Cs}\p{Zl}\p{Zp}]|${INVISIBLE}`,
  'u',
);
/**
 * The three subdivision flags Unicode recommends (England, Scotland, Wales): a black flag, tag letters
 * and a cancel tag, the only emoji spelled with tag characters. They are taken out before the check, so
 * a name may show one while tags that hide text anywhere else are refused.
 */
const SUBDIVISION_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;
/** A character that shows on its own: not white space, a lone mark, a default-ignorable or the braille blank. */
const VISIBLE = /[^\p{White_Space}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

export const hasHiddenCharacters = (value: string, multiline = false): boolean =>
  (multiline ? HIDDEN_MULTILINE : HIDDEN).test(value.replace(SUBDIVISION_FLAG, '\u{1F3F4}'));

/** True when a person would see something of the text: at least one visible character. */
export const hasVisibleCharacter = (value: string): boolean => VISIBLE.test(value);

/** What a text with hidden characters is told, after the field's name. */
const HIDDEN_CHARACTERS = 'cannot contain control, invisible or text-direction characters';

export const hiddenCharactersMessage = (label: string) => `${label} ${HIDDEN_CHARACTERS}`;

export const noVisibleCharacterMessage = (label: string) => `${label} must contain a visible character`;

/**
 * Refuses hidden characters, then a text with nothing visible. A text of spaces only is left to the
 * field's trim, which makes it empty ("none"); run before the trim, the check also sees what the trim
 * would drop (a BOM and U+2028 count as space to String.prototype.trim).
 */
/* @__NO_SIDE_EFFECTS__ */
const visibleTextCheck = (label: string, multiline: boolean, refuseLinks = false) =>
  z.superRefine<string>((value, ctx) => {
    if (hasHiddenCharacters(value, multiline)) {
      ctx.issues.push({ code: 'custom', message: hiddenCharactersMessage(label), input: value });
    } else if (value.trim() !== '' && !hasVisibleCharacter(value)) {
      ctx.issues.push({ code: 'custom', message: noVisibleCharacterMessage(label), input: value });
    } else if (refuseLinks && hasLinkLike(value)) {
      ctx.issues.push({ code: 'custom', message: linkInNameMessage(label), input: value });
    }
  });

/** A one-line text a person sees: something visible, no control, bidi-control or invisible characters. */
/* @__NO_SIDE_EFFECTS__ */
export const visibleText = (label: string) => visibleTextCheck(label, false);

/** A multi-line text a person sees: line breaks and tabs allowed, other controls not. */
/* @__NO_SIDE_EFFECTS__ */
export const visibleMultilineText = (label: string) => visibleTextCheck(label, true);

/** RFC 9110 field-value without obs-text: visible ASCII and spaces, nothing else (no tab, no CR/LF). */
export const isHeaderValue = (value: string): boolean => /^[\x20-\x7e]*$/.test(value);

/**
 * RFC 6265 section 4.1.1 cookie-value: cookie-octets (visible ASCII but space, `"`, `,`, `;` and `\`),
 * optionally inside one pair of double quotes (LinkedIn's JSESSIONID is `"ajax:…"`).
 */
export const isCookieValue = (value: string): boolean =>
  /^(?:[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*|"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*")$/.test(
    value,
  );

/** Limits of a free-form JSON object (a trob's settings): how deep, how many values, how long. */
export interface JsonBounds {
  maxDepth: number;
  /** Keys, array items and values counted together. */
  maxNodes: number;
  maxKeyLength: number;
  maxStringLength: number;
}

/** Why a JSON value breaks the bounds, or undefined when it keeps them. */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds): string | undefined {
  let nodes = 0;
  function visit(node: unknown, depth: number): string | undefined {
    nodes++;
    if (nodes > bounds.maxNodes) return `must hold at most ${bounds.maxNodes} values`;
    if (typeof node === 'string') {
      if (node.length > bounds.maxStringLength)
        return `texts must be ${bounds.maxStringLength} characters or less`;
      if (hasHiddenCharacters(node, true)) return HIDDEN_CHARACTERS;
      return undefined;
    }
    if (typeof node !== 'object' || node === null) return undefined;
    if (depth >= bounds.maxDepth) return `must be nested at most ${bounds.maxDepth} levels deep`;
    if (Array.isArray(node)) {
      for (const item of node) {
        const problem = visit(item, depth + 1);
        if (problem) return problem;
      }
      return undefined;
    }
    for (const [key, item] of Object.entries(node)) {
      nodes++;
      if (key.length > bounds.maxKeyLength) return `keys must be ${bounds.maxKeyLength} characters or less`;
      if (hasHiddenCharacters(key)) return HIDDEN_CHARACTERS;
      const problem = visit(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  return visit(value, 0);
}

/** A JSON object within `bounds`; the message names the field (`Configuration must hold at most …`). */
/* @__NO_SIDE_EFFECTS__ */
export const boundedJsonObject = (label: string, bounds: JsonBounds) =>
  z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const problem = jsonBoundsProblem(value, bounds);
      if (problem) ctx.issues.push({ code: 'custom', message: `${label} ${problem}`, input: value });
    }),
  );

/**
 * An id or token the API gave (a uuid, a template's slug, a platform's member id, a signed token): no
 * space, control, separator or invisible character. A pattern, not the visible-text rule, because an id
 * is matched as it is, never shown as a name. A '#' (the single table's key separator) is left to the
 * lookup: an id holding one names nothing, and the spec answers an unknown id 404 ('Trob not found').
 */
const ID_TOKEN = /^[^\p{White_Space}\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]+$/u;

/** The check of an id field; the message names it ('Invalid flow id'). */
/* @__NO_SIDE_EFFECTS__ */
export const idToken = (label: string) => z.regex(ID_TOKEN, `Invalid ${label}`);

/**
 * A name a person gives (their first and last name, a flow's name): the visible-text rule, and no web
 * address, domain or e-mail address (shared/contact-like.ts), which a mail or a PDF reader would turn
 * into a link under the product's name (issue 34 point 3). Run before the field's trim, like the rule.
 */
/* @__NO_SIDE_EFFECTS__ */
export const nameText = (label: string) => visibleTextCheck(label, false, true);
