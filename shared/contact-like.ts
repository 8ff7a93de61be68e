/**
 * What in a text could take a reader somewhere: a web address, a domain, an e-mail address, a social
 * handle or a phone number (issue 34 points 3, 7 and 8). Names may hold none of the first three (a name
 * reaches the product's mail, where a mail client turns them into links); an AI-written text may hold
 * none the user did not write in their own messaging settings; a prospect's field that holds one is not
 * quoted by the local writer.
 *
 * The patterns are generic rather than a list of real top-level domains: `evil.example` and a brand-new
 * `.zip` domain are links to a mail client as much as `.com` is. The price is that tokens such as
 * `St.John` or `Node.js` read as domains; a name is then refused with a message that says why, and an
 * AI text falls back to the local writer. Full stops include the ideographic and full-width ones, which
 * some clients read as dots.
 */

export type ContactKind = 'url' | 'email' | 'domain' | 'handle' | 'phone';

export interface ContactLike {
  kind: ContactKind;
  /** The text as found. */
  value: string;
}

const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';

/** Each kind's pattern; earlier kinds win where two overlap (an e-mail's domain is not a domain too). */
const PATTERNS: readonly [ContactKind, RegExp][] = [
  // A scheme and '//' (https://, ftp://), mailto:/tel:/sms:, or a www. host.
  [
    'url',
    new RegExp(`(?:\\b[a-z][a-z0-9+.-]{1,20}:\\/\\/|\\b(?:mailto|tel|sms|callto):|\\bwww${DOT})\\S*`, 'giu'),
  ],
  ['email', new RegExp(`[\\p{L}\\p{N}._%+-]+@${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}`, 'giu')],
  // With the path that may follow it ('acme.io/pay' is not 'acme.io').
  [
    'domain',
    new RegExp(`(?<![\\p{L}\\p{N}@-])(?:${LABEL}${DOT})+${TLD}(?![\\p{L}\\p{N}-])(?:\\/[^\\s]*)?`, 'giu'),
  ],
  ['handle', /(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,28}[\p{L}\p{N}_])?/gu],
  // At least 8 digits, with the spaces, dots, dashes and brackets phone numbers are written with.
  ['phone', /(?<![\p{L}\p{N}])(?:\+|00)?\(?\d(?:[\s().-]{0,2}\d){7,14}(?![\p{N}])/gu],
];

/** Every web address, e-mail address, domain, handle and phone number in `text`, in order. */
export function contactsIn(text: string): ContactLike[] {
  const found: { kind: ContactKind; value: string; start: number; end: number }[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ kind, value: match[0], start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start).map(({ kind, value }) => ({ kind, value }));
}

/** True when a text holds a web address, an e-mail address or a domain: what a mail client links. */
export const hasLinkLike = (text: string): boolean =>
  contactsIn(text).some((c) => c.kind === 'url' || c.kind === 'email' || c.kind === 'domain');

/**
 * A contact as compared across texts: lower case, full stops as '.', without a web address's scheme,
 * `www.` and trailing punctuation, a phone number as its digits.
 */
export function contactKey({ kind, value }: ContactLike): string {
  if (kind === 'phone') return value.replace(/\D/g, '').replace(/^00/, '');
  return value
    .toLowerCase()
    .replace(/[\u3002\uFF0E\uFF61]/g, '.')
    .replace(/^[a-z][a-z0-9+.-]*:(?:\/\/)?/, '')
    .replace(/^www\./, '')
    .replace(/[/.,;:!?)\]}'"]+$/, '');
}

/** A name field's message when it holds a link, a domain or an e-mail address. */
export const linkInNameMessage = (label: string) =>
  `${label} cannot contain a web address, domain or email address`;
