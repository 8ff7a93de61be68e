import sanitizeHtml from 'sanitize-html';

/**
 * The detail page renders a template's detailedDescription as HTML (spec 2.10), so only basic text
 * markup survives (DESIGN 6): no scripts, styles, images, event handlers or non-http(s) links.
 * Runs at seed time; the API serves what the table holds.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'h3', 'h4', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
