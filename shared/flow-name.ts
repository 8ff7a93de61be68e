import { hasLinkLike } from './contact-like';

/**
 * A flow's name (issue 36 point 7): the user's choice in step 4 of the wizard, else a default made from
 * the template and the audience; renamed on the analytics page. No two flows of a workspace share a
 * name (case aside): a taken one gets ' (2)', then ' (3)'... Schema-free, so the analytics page can read
 * it without zod; the schema is `flowName` in flow-api.ts.
 */

/** The spec sets no limit; 80 keeps a name on one line of a card and a page title. */
export const FLOW_NAME_MAX_LENGTH = 80;

const LABEL = 'Flow name';

export const FLOW_NAME_TEXTS = {
  label: LABEL,
  description: `Shown in your flows and on its analytics page. Up to ${FLOW_NAME_MAX_LENGTH} characters.`,
  blank: `${LABEL} cannot be blank`,
  tooLong: `${LABEL} must be ${FLOW_NAME_MAX_LENGTH} characters or less`,
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Flow renamed',
  renameFailed: 'Failed to rename flow',
} as const;

const ELLIPSIS = '…';

/** The text cut to `max` UTF-16 units (zod's length) at a character's edge, an ellipsis saying so. */
export function cutFlowName(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length + ELLIPSIS.length > max) break;
    out += char;
  }
  return `${out.trimEnd()}${ELLIPSIS}`;
}

const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The name a flow gets when the user gives none: '<template> – <first industry's label>', else the
 * keywords ('AI Prospecting – Software Development'), cut to fit. A part that reads as a link (keywords
 * such as 'node.js') is left out, since a name may hold none (`nameText`); with no part left, the
 * template's name alone. One function for the wizard's field and the API.
 */
export function defaultFlowName(
  templateName: string,
  about: { industry?: string; keywords?: string },
): string {
  const template = oneLine(templateName);
  const part = [about.industry, about.keywords]
    .map(oneLine)
    .find((text) => text !== '' && !hasLinkLike(text));
  if (!part) return cutFlowName(template, FLOW_NAME_MAX_LENGTH);
  const head = `${template} – `;
  if (head.length >= FLOW_NAME_MAX_LENGTH - 8) return cutFlowName(template, FLOW_NAME_MAX_LENGTH);
  return head + cutFlowName(part, FLOW_NAME_MAX_LENGTH - head.length);
}

/** Two names are the same when they differ only in case (and Unicode's spelling of a character). */
export const flowNameKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

/**
 * `name`, or when another flow of the workspace has it (`taken`, case aside), the first free of
 * 'name (2)', 'name (3)'…, the name cut so that it still fits the limit with its number.
 */
export function uniqueFlowName(name: string, taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, flowNameKey));
  if (!used.has(flowNameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = cutFlowName(name, FLOW_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!used.has(flowNameKey(candidate))) return candidate;
  }
}
