import * as z from 'zod/mini';
import type { TemplateDifficulty } from './catalogue-values';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_DESCRIPTION_LENGTH,
  COMPANY_SIZE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  COUNTRY_OPTIONS,
  DEFAULT_ENABLE_WEEKENDS,
  DEFAULT_MINIMUM_MATCH,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKING_HOURS,
  FLOW_CONFIG_SECTIONS,
  FLOW_PROSPECTS_PER_RUN,
  FLOW_RUNS_PER_DAY,
  FLOW_WIZARD_STEPS,
  type FlowCategory,
  INDUSTRY_QUERY_MAX_LENGTH,
  INDUSTRY_SEARCH_LIMIT,
  type IndustryOption,
  JOB_TITLE_OPTIONS,
  KEYWORDS_MAX_LENGTH,
  MAX_INDUSTRIES,
  MAX_JOB_TITLES,
  MAX_LOCATIONS,
  MESSAGE_TONE_OPTIONS,
  MINIMUM_MATCH_OPTIONS,
  valuesOf,
  WITHDRAW_AFTER_DAYS,
} from './flow-options';
import { FLOW_MESSAGES } from './flow-texts';
import type { Platform } from './platforms';
import { reviewModeSchema } from './review-requests';
import { idToken, visibleMultilineText, visibleText } from './text';
import { isTimeZone } from './time-zone';

/**
 * Flows (spec part 2 sections 2.1-2.3, 3, 5, 8, 9): the config a flow runs with, one schema per step of
 * the setup wizard, the option lists the wizard offers, the flow template's shape and the flow texts.
 * The web app's wizard and the API both read this file, so it holds no server code and no large data:
 * the 434 LinkedIn industries stay with the API (GET /api/industries), which also checks that an
 * industry value names one of them; here an industry value is only checked to look like one.
 */

export * from './flow-options';
export * from './flow-texts';
export { isTimeZone } from './time-zone';

// --- Schemas: the wizard's steps and the whole config (spec 5) -----------------------------------

const INDUSTRY_VALUE = /^[1-9]\d{0,5}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/* @__NO_SIDE_EFFECTS__ */
const distinct = (message: string) =>
  z.refine<string[]>((values) => new Set(values).size === values.length, message);

/** A list of option values: each known, none twice, at most `max`; `min` 1 makes it required. */
function optionList<V extends string>(
  values: [V, ...V[]],
  { min, max, required, tooMany, unknown }: OptionListRules,
) {
  return z
    .array(z.enum(values, unknown), { error: required ?? unknown })
    .check(
      ...(min && required ? [z.minLength(min, required)] : []),
      z.maxLength(max, { error: tooMany, abort: true }),
      distinct(FLOW_MESSAGES.repeatedValue),
    );
}
interface OptionListRules {
  min?: number;
  max: number;
  required?: string;
  tooMany: string;
  unknown: string;
}

const JOB_TITLES = valuesOf(JOB_TITLE_OPTIONS);
const COUNTRIES = valuesOf(COUNTRY_OPTIONS);
const COMPANY_SIZES = valuesOf(COMPANY_SIZE_OPTIONS);

/** Step 1, Target Audience (spec 5): industries, keywords and locations required, job titles optional. */
export const targetingSettings = z.object({
  keywords: z
    .string({ error: FLOW_MESSAGES.keywordRequired })
    .check(
      visibleText('Keywords'),
      z.trim(),
      z.minLength(1, { error: FLOW_MESSAGES.keywordRequired, abort: true }),
      z.maxLength(KEYWORDS_MAX_LENGTH, FLOW_MESSAGES.keywordsTooLong),
    ),
  industries: z
    .array(
      z
        .string({ error: FLOW_MESSAGES.unknownIndustry })
        .check(z.regex(INDUSTRY_VALUE, FLOW_MESSAGES.unknownIndustry)),
      { error: FLOW_MESSAGES.industriesRequired },
    )
    .check(
      z.minLength(1, FLOW_MESSAGES.industriesRequired),
      z.maxLength(MAX_INDUSTRIES, { error: FLOW_MESSAGES.tooManyIndustries, abort: true }),
      distinct(FLOW_MESSAGES.repeatedIndustry),
    ),
  jobTitles: z._default(
    optionList(JOB_TITLES, {
      max: MAX_JOB_TITLES,
      tooMany: FLOW_MESSAGES.tooManyJobTitles,
      unknown: FLOW_MESSAGES.unknownJobTitle,
    }),
    [],
  ),
  locations: optionList(COUNTRIES, {
    min: 1,
    max: MAX_LOCATIONS,
    required: FLOW_MESSAGES.locationsRequired,
    tooMany: FLOW_MESSAGES.tooManyLocations,
    unknown: FLOW_MESSAGES.unknownLocation,
  }),
  companySize: z._default(
    optionList(COMPANY_SIZES, {
      max: COMPANY_SIZES.length,
      tooMany: FLOW_MESSAGES.unknownCompanySize,
      unknown: FLOW_MESSAGES.unknownCompanySize,
    }),
    [],
  ),
  /** Issue 36 point 1: who may be engaged and invited (flow-options.ts MINIMUM_MATCH_OPTIONS). */
  minimumMatch: z._default(
    z.enum(valuesOf(MINIMUM_MATCH_OPTIONS), { error: FLOW_MESSAGES.unknownMinimumMatch }),
    DEFAULT_MINIMUM_MATCH,
  ),
});
export type TargetingSettings = z.infer<typeof targetingSettings>;
/** As a template or a form gives it: fields with a default (job titles, sizes, minimum match) may be left out. */
export type TargetingSettingsInput = z.input<typeof targetingSettings>;

/** Step 2, Messaging (spec 5): a described company, 50 to 500 characters, and three styles. */
export const messagingSettings = z.object({
  companyDescription: z
    .string({ error: FLOW_MESSAGES.companyDescriptionRequired })
    .check(
      visibleMultilineText('Company description'),
      z.trim(),
      z.minLength(1, { error: FLOW_MESSAGES.companyDescriptionRequired, abort: true }),
      z.minLength(COMPANY_DESCRIPTION_LENGTH.min, FLOW_MESSAGES.companyDescriptionTooShort),
      z.maxLength(COMPANY_DESCRIPTION_LENGTH.max, FLOW_MESSAGES.companyDescriptionTooLong),
    ),
  messageTone: z.enum(valuesOf(MESSAGE_TONE_OPTIONS), FLOW_MESSAGES.unknownMessageTone),
  connectionRequestStyle: z.enum(
    valuesOf(CONNECTION_REQUEST_STYLE_OPTIONS),
    FLOW_MESSAGES.unknownConnectionRequestStyle,
  ),
  commentStyle: z.enum(valuesOf(COMMENT_STYLE_OPTIONS), FLOW_MESSAGES.unknownCommentStyle),
  /**
   * Which writes wait for the user (issue 23): a new flow is stored with one, 'everything' unless the
   * wizard chose another; a flow stored without one ran before review existed (autopilot).
   */
  reviewMode: z.optional(reviewModeSchema),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;

/* @__NO_SIDE_EFFECTS__ */
const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));

const time = z
  .string({ error: FLOW_MESSAGES.workingHoursRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: FLOW_MESSAGES.workingHoursRequired, abort: true }),
    z.regex(TIME, FLOW_MESSAGES.workingHoursFormat),
  );

/** Working hours in the flow's own time zone (DECISIONS 29): the end after the start, the same day. */
export const workingHours = z
  .object(
    {
      start: time,
      end: time,
      timezone: z
        .string({ error: FLOW_MESSAGES.timezone })
        .check(
          z.maxLength(64, { error: FLOW_MESSAGES.timezone, abort: true }),
          z.refine(isTimeZone, FLOW_MESSAGES.timezone),
        ),
    },
    { error: FLOW_MESSAGES.workingHoursRequired },
  )
  .check(
    // Only once both are times: a missing or malformed one has its own message.
    z.refine((hours) => !TIME.test(hours.start) || !TIME.test(hours.end) || hours.end > hours.start, {
      error: FLOW_MESSAGES.workingHoursOrder,
      path: ['end'],
    }),
  );
export type WorkingHours = z.infer<typeof workingHours>;

/** Step 3, Execution (spec 5). */
export const executionSettings = z.object({
  runsPerDay: wholeNumberBetween(FLOW_RUNS_PER_DAY.min, FLOW_RUNS_PER_DAY.max, FLOW_MESSAGES.runsPerDay),
  prospectsPerRun: wholeNumberBetween(
    FLOW_PROSPECTS_PER_RUN.min,
    FLOW_PROSPECTS_PER_RUN.max,
    FLOW_MESSAGES.prospectsPerRun,
  ),
  workingHours,
  enableWeekends: z._default(z.boolean({ error: FLOW_MESSAGES.enableWeekends }), DEFAULT_ENABLE_WEEKENDS),
  /** Issue 23: days an invitation may stay pending before a run withdraws it (21 when absent). */
  withdrawAfterDays: z.optional(
    wholeNumberBetween(WITHDRAW_AFTER_DAYS.min, WITHDRAW_AFTER_DAYS.max, FLOW_MESSAGES.withdrawAfterDays),
  ),
});
export type ExecutionSettings = z.infer<typeof executionSettings>;

/** A flow's whole config (spec 3): what Start Flow sends once steps 1 to 3 validate. */
export const flowConfig = z.object({
  targetingSettings: z.object(targetingSettings.shape, { error: FLOW_MESSAGES.targetingRequired }),
  messagingSettings: z.object(messagingSettings.shape, { error: FLOW_MESSAGES.messagingRequired }),
  executionSettings: z.object(executionSettings.shape, { error: FLOW_MESSAGES.executionRequired }),
});
export type FlowConfig = z.infer<typeof flowConfig>;
/** A config as written before parsing: the optional lists and the weekends switch may be left out. */
export type FlowConfigInput = z.input<typeof flowConfig>;

/** The wizard's steps 1 to 3, each the config section it validates (step 4 reviews them all). */
export const FLOW_STEP_SECTIONS = [
  { title: FLOW_WIZARD_STEPS[0], section: FLOW_CONFIG_SECTIONS[0], schema: targetingSettings },
  { title: FLOW_WIZARD_STEPS[1], section: FLOW_CONFIG_SECTIONS[1], schema: messagingSettings },
  { title: FLOW_WIZARD_STEPS[2], section: FLOW_CONFIG_SECTIONS[2], schema: executionSettings },
] as const;

/** The execution settings a new flow starts from (spec 9). */
export const DEFAULT_EXECUTION_SETTINGS: ExecutionSettings = {
  runsPerDay: FLOW_RUNS_PER_DAY.default,
  prospectsPerRun: FLOW_PROSPECTS_PER_RUN.default,
  workingHours: { ...DEFAULT_WORKING_HOURS, timezone: DEFAULT_TIMEZONE },
  enableWeekends: DEFAULT_ENABLE_WEEKENDS,
};

// --- Flow templates (spec 3 and 2.2) -------------------------------------------------------------

/**
 * The writes a flow makes on the platform (issue 36 found 5): each template declares its own and the
 * run makes no other (a like and a comment on the prospect's newest post, an invitation, the message
 * after an acceptance). What the user approved in the review queue is sent whatever the template.
 */
export const FLOW_WRITES = ['like', 'comment', 'invite', 'message'] as const;
export type FlowWriteKind = (typeof FLOW_WRITES)[number];

/** Spec 2.2, Process: one numbered stage of a run. */
export interface FlowStage {
  id: string;
  name: string;
  description: string;
  estimatedDuration: string;
}

/** Spec 2.2, Features: each with tags. */
export interface FlowFeature {
  name: string;
  description: string;
  tags: string[];
}

/** Spec 3: an example configuration, the audience it targets. */
export interface FlowExample {
  title: string;
  description: string;
  config: { targetingSettings: TargetingSettingsInput };
}

/** Spec 2.2, Requirements: the four blurbs describing the configuration options. */
export interface FlowConfigurationNotes {
  targeting: string;
  messaging: string;
  execution: string;
  workingHours: string;
}

/** Spec 3, Flow template; also listed in the trob catalogue with the Flow badge (DECISIONS 3). */
export interface FlowTemplate {
  id: string;
  displayName: string;
  summary: string;
  description: string;
  platform: Platform;
  category: FlowCategory;
  difficulty: TemplateDifficulty;
  estimatedTime: string;
  /** Percent, 0 to 100. */
  successRate: number;
  /** Starts counted by the catalogue (the table keeps it; code says nothing of it). */
  usageCount: number;
  stages: FlowStage[];
  features: FlowFeature[];
  tags: string[];
  requirements: string[];
  limitations: string[];
  /** Basic HTML (p, ul, li, strong, em, h3, h4, a, br), as the catalogue's. */
  detailedDescription: string;
  examples: FlowExample[];
  /** The writes its runs make (FLOW_WRITES), which its texts describe and the engine keeps to. */
  writes: readonly FlowWriteKind[];
  /** A complete config (every list and switch written out) that the config schema accepts as it is. */
  defaultConfig: FlowConfig;
  maxRunsPerDay: number;
  configurationNotes: FlowConfigurationNotes;
}

/** A flow template as written in code: everything but the usage count. */
export type FlowTemplateDefinition = Omit<FlowTemplate, 'usageCount'>;

// --- API -----------------------------------------------------------------------------------------

/** GET /api/flows/templates/{id} */
export const flowTemplateIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100, 'id must be 100 characters or less'), idToken('id')),
});

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${INDUSTRY_SEARCH_LIMIT.max}`;
/** GET /api/industries/search?q=&limit= */
export const industrySearchQuery = z.object({
  q: z._default(
    z.string().check(
      z.maxLength(INDUSTRY_QUERY_MAX_LENGTH, {
        error: `q must be ${INDUSTRY_QUERY_MAX_LENGTH} characters or less`,
        abort: true,
      }),
      visibleText('q'),
      z.trim(),
    ),
    '',
  ),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, LIMIT_MESSAGE)),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.number().check(z.gte(1, LIMIT_MESSAGE), z.lte(INDUSTRY_SEARCH_LIMIT.max, LIMIT_MESSAGE)),
      ),
    ),
    INDUSTRY_SEARCH_LIMIT.default,
  ),
});
export type IndustrySearchQuery = z.infer<typeof industrySearchQuery>;

/** The answers: `data.flows`, `data.flow` with `data.template` (the same object), `data.industries`. */
export interface FlowTemplateListResponse {
  data: { flows: FlowTemplate[] };
}
export interface FlowTemplateResponse {
  data: { flow: FlowTemplate; template: FlowTemplate };
}
export interface IndustryListResponse {
  data: { industries: IndustryOption[] };
}
