/**
 * A link the platform gave (a post, a profile, a company's site) only when it is http(s): the values
 * come from other people's pages, and a `javascript:` address must never become a link.
 */
export function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
