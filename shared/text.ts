import * as z from 'zod/mini';

/**
 * The rules every string the API accepts shares, so each schema reuses one check instead of a copy:
 *
 * - Text a person sees (names, hints shown on /platforms, queries, trob settings) holds no control
 *   characters (C0, DEL, C1: NUL, escape sequences, CR/LF in a one-line field), no bidirectional
 *   controls (U+202E RIGHT-TO-LEFT OVERRIDE and its family, which make a name read backwards or hide
 *   a link's real target) and no lone surrogate halves. Accents, other scripts and emoji are fine.
 * - Values that go into an HTTP header as they are (a platform's cookies, the user agent the session
 *   is tied to) are visible ASCII as RFC 6265 and RFC 9110 (ex 7230) define it: a CR/LF would split
 *   the header, and a byte outside ASCII makes the HTTP client throw.
 */

/** Controls, bidi controls and lone surrogates. */
const HIDDEN = /[\p{Cc}\p{Bidi_Control}\p{Cs}]/u;
/** The same, except the tab and line breaks a multi-line text may hold. */
const HIDDEN_MULTILINE = /(?![\t\n\r])\p{Cc}|[\p{Bidi_Control}\p{Cs}]/u;

export const hasHiddenCharacters = (value: string, multiline = false): boolean =>
  (multiline ? HIDDEN_MULTILINE : HIDDEN).test(value);

export const hiddenCharactersMessage = (label: string) =>
  `${label} cannot contain control or text-direction characters`;

/** A one-line text a person sees: no control or bidi-control characters. */
export const visibleText = (label: string) =>
  z.refine<string>((value) => !hasHiddenCharacters(value), hiddenCharactersMessage(label));

/** A multi-line text a person sees: line breaks and tabs allowed, other controls not. */
export const visibleMultilineText = (label: string) =>
  z.refine<string>((value) => !hasHiddenCharacters(value, true), hiddenCharactersMessage(label));

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
      if (hasHiddenCharacters(node, true)) return 'cannot contain control or text-direction characters';
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
      if (hasHiddenCharacters(key)) return 'cannot contain control or text-direction characters';
      const problem = visit(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  return visit(value, 0);
}

/** A JSON object within `bounds`; the message names the field (`Configuration must hold at most …`). */
export const boundedJsonObject = (label: string, bounds: JsonBounds) =>
  z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const problem = jsonBoundsProblem(value, bounds);
      if (problem) ctx.issues.push({ code: 'custom', message: `${label} ${problem}`, input: value });
    }),
  );
