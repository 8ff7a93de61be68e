import {
  DEFAULT_MINIMUM_MATCH,
  FLOW_CONFIG_SECTIONS,
  type IndustryOption,
} from '../../../../shared/flow-options';
import type { FlowConfig, FlowConfigInput, FlowExample, FlowTemplate } from '../../../../shared/flows';
import { DEFAULT_REVIEW_MODE } from '../../../../shared/review';

/**
 * The setup wizard's form (spec 2.3, 5): one form over the whole flow config, validated by the shared
 * schema (shared/flows.ts `flowConfig`, in wizard-schema.ts) step by step: each of steps 1 to 3 is one
 * config section (`FLOW_CONFIG_SECTIONS`), step 4 reviews them all.
 */
export type WizardValues = FlowConfigInput & {
  /** The flow's name (issue 36 point 7), step 4's field: the suggested one until the user types. */
  name?: string;
};

/** What the form answers once checked (wizard-schema.ts): the config and the name as the API reads them. */
export type WizardOutput = FlowConfig & { name?: string };

/** The config sections steps 1 to 3 validate, in order. */
export const STEP_SECTIONS = FLOW_CONFIG_SECTIONS;
export type StepSection = (typeof STEP_SECTIONS)[number];

/**
 * What a new flow starts from (issue 36 point 3): the template's own defaults, every section of them
 * (its audience, offer, tone and pace), and the shared review mode (a new flow reviews everything,
 * issue 23). A template without default industries gets the picker's first 2 once the list is in
 * (spec 2.3, 9).
 */
export function initialValues(template: Pick<FlowTemplate, 'defaultConfig'>): WizardValues {
  const defaults = structuredClone(template.defaultConfig);
  return {
    targetingSettings: {
      ...defaults.targetingSettings,
      minimumMatch: defaults.targetingSettings.minimumMatch ?? DEFAULT_MINIMUM_MATCH,
    },
    messagingSettings: { ...defaults.messagingSettings, reviewMode: DEFAULT_REVIEW_MODE },
    executionSettings: defaults.executionSettings,
  };
}

/**
 * The audience of one of the template's examples (issue 36 point 3, 'Use this example'), in place of
 * the current one; the minimum match the user chose stays, as the example does not set one.
 */
export function exampleTargeting(
  example: FlowExample,
  current: WizardValues['targetingSettings'],
): WizardValues['targetingSettings'] {
  const audience = structuredClone(example.config.targetingSettings);
  return {
    keywords: audience.keywords,
    industries: audience.industries,
    jobTitles: audience.jobTitles ?? [],
    locations: audience.locations,
    companySize: audience.companySize ?? [],
    minimumMatch: audience.minimumMatch ?? current.minimumMatch ?? DEFAULT_MINIMUM_MATCH,
  };
}

/**
 * The industries the picker lists, the template's own first (issue 36 point 3: an empty query shows
 * the industries the template is made for, then LinkedIn's list), each once.
 */
export function templateIndustriesFirst(
  options: readonly IndustryOption[],
  template: Pick<FlowTemplate, 'defaultConfig' | 'examples'>,
): IndustryOption[] {
  const own = new Set([
    ...template.defaultConfig.targetingSettings.industries,
    ...template.examples.flatMap((example) => example.config.targetingSettings.industries),
  ]);
  return [
    ...options.filter((option) => own.has(option.value)),
    ...options.filter((option) => !own.has(option.value)),
  ];
}

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
