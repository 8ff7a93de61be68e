import {
  DEFAULT_COMMENT_STYLE,
  DEFAULT_CONNECTION_REQUEST_STYLE,
  DEFAULT_EXECUTION_SETTINGS,
  DEFAULT_MESSAGE_TONE,
  DEFAULT_MINIMUM_MATCH,
  FLOW_STEP_SECTIONS,
  type FlowConfigInput,
  type Option,
} from '../../../../shared/flows';
import { DEFAULT_REVIEW_MODE } from '../../../../shared/review';

/**
 * The setup wizard's form (spec 2.3, 5): one form over the whole flow config, validated by the shared
 * schema (shared/flows.ts `flowConfig`) step by step: each of steps 1 to 3 is one config section
 * (`FLOW_STEP_SECTIONS`), step 4 reviews them all.
 */
export type WizardValues = FlowConfigInput;

/** The config sections steps 1 to 3 validate, in order. */
export const STEP_SECTIONS = FLOW_STEP_SECTIONS.map((step) => step.section);
export type StepSection = (typeof STEP_SECTIONS)[number];

/**
 * What a new flow starts from (spec 9): the shared defaults for messaging and execution (a new flow
 * reviews everything, issue 23); the audience empty but for the industries, whose first 2 the picker
 * preselects once the list is in.
 */
export function initialValues(): WizardValues {
  return {
    targetingSettings: {
      keywords: '',
      industries: [],
      jobTitles: [],
      locations: [],
      companySize: [],
      minimumMatch: DEFAULT_MINIMUM_MATCH,
    },
    messagingSettings: {
      companyDescription: '',
      messageTone: DEFAULT_MESSAGE_TONE,
      connectionRequestStyle: DEFAULT_CONNECTION_REQUEST_STYLE,
      commentStyle: DEFAULT_COMMENT_STYLE,
      reviewMode: DEFAULT_REVIEW_MODE,
    },
    executionSettings: structuredClone(DEFAULT_EXECUTION_SETTINGS),
  };
}

/** The date as YYYY-MM-DD on the user's own calendar. */
function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec 7: a new flow is named after its template, plus the date ('AI Prospecting - 2025-03-14'). */
export const flowName = (templateName: string, now: Date = new Date()) =>
  `${templateName} - ${localDay(now)}`;

/** The labels of chosen values, in the order chosen; a value no option names shows as itself. */
export function labelsOf(options: readonly Option[], values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => options.find((option) => option.value === value)?.label ?? value);
}

export const labelOf = (options: readonly Option[], value: string | undefined) =>
  value === undefined ? '' : labelsOf(options, [value])[0]!;

/**
 * The message of a field's error: its own, or for a list or a group the first of its parts' (an
 * industry of the list, the end of the working hours).
 */
export function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own !== '') return own;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}
