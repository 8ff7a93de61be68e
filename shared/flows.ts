import * as z from 'zod/mini';
import type { TemplateDifficulty } from './catalogue-values';
import type { Platform } from './platforms';
import { visibleMultilineText, visibleText } from './text';

/**
 * Flows (spec part 2 sections 2.1-2.3, 3, 5, 8, 9): the config a flow runs with, one schema per step of
 * the setup wizard, the option lists the wizard offers, the flow template's shape and the flow texts.
 * The web app's wizard and the API both read this file, so it holds no server code and no large data:
 * the 434 LinkedIn industries stay with the API (GET /api/industries), which also checks that an
 * industry value names one of them; here an industry value is only checked to look like one.
 */

/** Every option list of the wizard is {label, value} pairs (spec 3, "Industry option"). */
export interface Option<V extends string = string> {
  readonly label: string;
  readonly value: V;
}
/** An industry: its LinkedIn name and its id as text (industry codes v2: '4' is Software Development). */
export type IndustryOption = Option;

const valuesOf = <V extends string>(options: readonly Option<V>[]) =>
  options.map((o) => o.value) as [V, ...V[]];

// --- Constants (spec 9) --------------------------------------------------------------------------

/** Spec 1 and 9: a flow runs 1 to 4 times a day, twice unless chosen. */
export const FLOW_RUNS_PER_DAY = { min: 1, max: 4, default: 2 } as const;
/** Spec 9: prospects a run works on. */
export const FLOW_PROSPECTS_PER_RUN = { min: 5, max: 15, default: 10 } as const;
/** Spec 5 and 9: at least 50 characters; the counter shows 500, the most we keep. */
export const COMPANY_DESCRIPTION_LENGTH = { min: 50, max: 500 } as const;
export const KEYWORDS_MAX_LENGTH = 200;
/** Most values of each targeting list (a search with more finds nothing the fewer would not). */
export const MAX_INDUSTRIES = 25;
export const MAX_JOB_TITLES = 20;
export const MAX_LOCATIONS = 25;
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '17:00' } as const;
export const DEFAULT_TIMEZONE = 'America/New_York';
/** Spec 9: weekends off by default. */
export const DEFAULT_ENABLE_WEEKENDS = false;
/** Spec 2.3 and 9: the industry picker lists this many with an empty query, and preselects the first 2. */
export const INDUSTRY_SEARCH_LIMIT = { default: 50, max: 100 } as const;
export const INDUSTRY_QUERY_MAX_LENGTH = 100;
export const PRESELECTED_INDUSTRIES = 2;
/** Spec 2.3: the picker asks the server once the query is longer than this. */
export const INDUSTRY_SERVER_SEARCH_AFTER = 1;
/** Spec 1: a started flow begins executing within 5 minutes. */
export const FLOW_START_WITHIN_MINUTES = 5;
/** Spec 6 and DECISIONS 4: a trial runs at most 3 flow executions. */
export const TRIAL_FLOW_EXECUTIONS = 3;

/** Spec 2.3: the wizard's four steps, in order. */
export const FLOW_WIZARD_STEPS = ['Target Audience', 'Messaging', 'Execution', 'Review'] as const;

// --- Option lists (spec 9) -----------------------------------------------------------------------

export const TIMEZONE_OPTIONS = [
  { label: 'New York', value: 'America/New_York' },
  { label: 'Chicago', value: 'America/Chicago' },
  { label: 'Denver', value: 'America/Denver' },
  { label: 'Los Angeles', value: 'America/Los_Angeles' },
  { label: 'London', value: 'Europe/London' },
  { label: 'Paris', value: 'Europe/Paris' },
  { label: 'Tokyo', value: 'Asia/Tokyo' },
] as const satisfies readonly Option[];

export const MESSAGE_TONE_OPTIONS = [
  { label: 'Professional', value: 'professional' },
  { label: 'Casual', value: 'casual' },
  { label: 'Friendly', value: 'friendly' },
  { label: 'Consultative', value: 'consultative' },
  { label: 'Direct', value: 'direct' },
  { label: 'Conversational', value: 'conversational' },
] as const satisfies readonly Option[];
export type MessageTone = (typeof MESSAGE_TONE_OPTIONS)[number]['value'];
export const DEFAULT_MESSAGE_TONE: MessageTone = 'professional';

export const CONNECTION_REQUEST_STYLE_OPTIONS = [
  { label: 'Value-First', value: 'value-first' },
  { label: 'Common Interest', value: 'common-interest' },
  { label: 'Mutual Connection', value: 'mutual-connection' },
  { label: 'Industry Focus', value: 'industry-focus' },
  { label: 'Direct Introduction', value: 'direct-introduction' },
] as const satisfies readonly Option[];
export type ConnectionRequestStyle = (typeof CONNECTION_REQUEST_STYLE_OPTIONS)[number]['value'];
export const DEFAULT_CONNECTION_REQUEST_STYLE: ConnectionRequestStyle = 'value-first';

export const COMMENT_STYLE_OPTIONS = [
  { label: 'Add Insights', value: 'add-insights' },
  { label: 'Ask Questions', value: 'ask-questions' },
  { label: 'Share Experience', value: 'share-experience' },
  { label: 'Show Support', value: 'show-support' },
  { label: 'Provide Value', value: 'provide-value' },
] as const satisfies readonly Option[];
export type CommentStyle = (typeof COMMENT_STYLE_OPTIONS)[number]['value'];
export const DEFAULT_COMMENT_STYLE: CommentStyle = 'add-insights';

/**
 * Spec 9: about 36 job titles. A person matches a title their own title contains, ignoring case
 * ('Founder' finds 'Co-Founder', 'Software Engineer' finds 'Senior Software Engineer').
 */
export const JOB_TITLE_OPTIONS = [
  'CEO',
  'Founder',
  'Co-Founder',
  'Owner',
  'CTO',
  'CFO',
  'COO',
  'CMO',
  'VP Sales',
  'VP Marketing',
  'VP Engineering',
  'Head of Sales',
  'Head of Marketing',
  'Head of Growth',
  'Sales Director',
  'Marketing Director',
  'Operations Director',
  'HR Director',
  'Sales Manager',
  'Marketing Manager',
  'Product Manager',
  'Engineering Manager',
  'Customer Success Manager',
  'Business Development Manager',
  'Account Executive',
  'Sales Development Representative',
  'Partnerships Lead',
  'Talent Acquisition Lead',
  'Recruiter',
  'HR Business Partner',
  'Software Engineer',
  'Data Scientist',
  'Solutions Architect',
  'UX Designer',
  'Content Strategist',
  'Consultant',
].map((title) => ({ label: title, value: title }));

/** Spec 9: 25 countries; the value is the ISO 3166-1 alpha-2 code. */
export const COUNTRY_OPTIONS = [
  { label: 'United States', value: 'US' },
  { label: 'Canada', value: 'CA' },
  { label: 'United Kingdom', value: 'GB' },
  { label: 'Ireland', value: 'IE' },
  { label: 'Germany', value: 'DE' },
  { label: 'France', value: 'FR' },
  { label: 'Netherlands', value: 'NL' },
  { label: 'Belgium', value: 'BE' },
  { label: 'Switzerland', value: 'CH' },
  { label: 'Austria', value: 'AT' },
  { label: 'Spain', value: 'ES' },
  { label: 'Portugal', value: 'PT' },
  { label: 'Italy', value: 'IT' },
  { label: 'Sweden', value: 'SE' },
  { label: 'Norway', value: 'NO' },
  { label: 'Denmark', value: 'DK' },
  { label: 'Finland', value: 'FI' },
  { label: 'Poland', value: 'PL' },
  { label: 'Israel', value: 'IL' },
  { label: 'United Arab Emirates', value: 'AE' },
  { label: 'India', value: 'IN' },
  { label: 'Singapore', value: 'SG' },
  { label: 'Japan', value: 'JP' },
  { label: 'Australia', value: 'AU' },
  { label: 'Brazil', value: 'BR' },
] as const satisfies readonly Option[];
export type CountryCode = (typeof COUNTRY_OPTIONS)[number]['value'];

/** LinkedIn's company size buckets (its search's `companySize` facet): the letter and its range. */
export const COMPANY_SIZE_OPTIONS = [
  { label: '1-10 employees', value: 'B' },
  { label: '11-50 employees', value: 'C' },
  { label: '51-200 employees', value: 'D' },
  { label: '201-500 employees', value: 'E' },
  { label: '501-1,000 employees', value: 'F' },
  { label: '1,001-5,000 employees', value: 'G' },
  { label: '5,001-10,000 employees', value: 'H' },
  { label: '10,001+ employees', value: 'I' },
] as const satisfies readonly Option[];
export type CompanySize = (typeof COMPANY_SIZE_OPTIONS)[number]['value'];

/** The largest head count of each bucket but the last (10,001+). */
const COMPANY_SIZE_UPPER: readonly (readonly [CompanySize, number])[] = [
  ['B', 10],
  ['C', 50],
  ['D', 200],
  ['E', 500],
  ['F', 1000],
  ['G', 5000],
  ['H', 10000],
];

/** The bucket of a company of `employees` people (at least 1). */
export function companySizeOf(employees: number): CompanySize {
  return COMPANY_SIZE_UPPER.find(([, upper]) => employees <= upper)?.[0] ?? 'I';
}

/**
 * Spec 8: when the industries fail to load, the picker offers these five. The labels are the spec's;
 * each value is the LinkedIn industry it stands for (Technology, Information and Internet; Software
 * Development; Hospitals and Health Care; Financial Services; Online and Mail Order Retail).
 */
export const FALLBACK_INDUSTRY_OPTIONS: readonly IndustryOption[] = [
  { label: 'Technology', value: '6' },
  { label: 'SaaS', value: '4' },
  { label: 'Healthcare', value: '14' },
  { label: 'Finance', value: '43' },
  { label: 'E-commerce', value: '1445' },
];

// --- Texts (spec 5 and 8, as written) ------------------------------------------------------------

/** The field messages of the wizard's steps (spec 5; those the spec does not word are ours). */
export const FLOW_MESSAGES = {
  industriesRequired: 'At least one industry is required',
  keywordRequired: 'Keyword is required',
  locationsRequired: 'At least one location is required',
  companyDescriptionRequired: 'Company description is required',
  companyDescriptionTooShort: 'Description must be at least 50 characters',
  companyDescriptionTooLong: 'Description must be 500 characters or less',
  runsPerDay: 'Runs per day must be between 1 and 4',
  prospectsPerRun: 'Prospects per run must be between 5 and 15',
  workingHoursRequired: 'Working hours are required',
  workingHoursFormat: 'Working hours must be times like 09:00',
  workingHoursOrder: 'The end of the working hours must be after their start',
  timezone: 'Choose a known time zone, like America/New_York',
  keywordsTooLong: `Keywords must be ${KEYWORDS_MAX_LENGTH} characters or less`,
  tooManyIndustries: `Choose at most ${MAX_INDUSTRIES} industries`,
  tooManyJobTitles: `Choose at most ${MAX_JOB_TITLES} job titles`,
  tooManyLocations: `Choose at most ${MAX_LOCATIONS} locations`,
  unknownIndustry: 'Choose industries from the list',
  unknownJobTitle: 'Choose job titles from the list',
  unknownLocation: 'Choose locations from the list',
  unknownCompanySize: 'Choose company sizes from the list',
  unknownMessageTone: 'Choose a message tone from the list',
  unknownConnectionRequestStyle: 'Choose a connection request approach from the list',
  unknownCommentStyle: 'Choose a comment strategy from the list',
  repeatedIndustry: 'An industry can be chosen only once',
  repeatedValue: 'Each value can be chosen only once',
  enableWeekends: 'Weekends must be on or off',
  targetingRequired: 'Targeting settings are required',
  messagingRequired: 'Messaging settings are required',
  executionRequired: 'Execution settings are required',
} as const;

/** Spec 8, the flow screens' errors, toasts and empty states, as written. */
export const FLOW_TEXTS = {
  errors: {
    loadTemplate: 'Failed to load flow template',
    loadIndustries: 'Failed to load industry options',
    loadTemplates: 'Failed to load flow templates',
    loadFlows: 'Failed to load your flows',
    pause: 'Failed to pause flow',
    resume: 'Failed to resume flow',
    stop: 'Failed to stop flow',
    execute: 'Failed to execute flow',
    start: 'Failed to start flow',
    trialLimit: 'You have reached your trial limit of 3 executions. Please upgrade to continue.',
    loadAnalytics: 'Failed to load analytics data',
    loadDetails: 'Failed to load flow details',
    loadActivities: 'Failed to load activities',
    loadProspects: 'Failed to load prospects',
    loadProspectDetails: 'Failed to load prospect details',
  },
  toasts: {
    paused: 'Flow paused successfully',
    resumed: 'Flow resumed successfully',
    stopped: 'Flow stopped successfully',
    executionStarted: 'Flow execution started',
    templatesRefreshed: 'Templates refreshed',
    started: 'Flow started successfully!',
    analyticsRefreshed: 'Analytics refreshed',
    activitiesRefreshed: 'Activities refreshed',
    prospectsRefreshed: 'Prospects refreshed',
    prospectDetailsRefreshed: 'Prospect details refreshed',
  },
  empty: {
    templateNotFound: 'Template Not Found',
    flowNotFound: 'Flow not found',
    noActivities: 'No activities found',
    noProspects: 'No prospects found',
    noEngagements: 'No engagements found',
    noPosts: 'No posts found',
    noCompanies: 'No companies found',
    prospectNotFound: 'Prospect not found',
  },
  wizard: {
    fixErrors: 'Please fix the validation errors before starting the flow',
  },
} as const;

// --- Schemas: the wizard's steps and the whole config (spec 5) -----------------------------------

const INDUSTRY_VALUE = /^[1-9]\d{0,5}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** An IANA name: an area and a place (America/Argentina/Buenos_Aires has two), or UTC. */
const IANA_SHAPE =
  /^(?:UTC|(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)(?:\/[A-Za-z0-9_+-]{1,30}){1,2})$/;

/**
 * True for a time zone the platform's clock can use: an IANA name (as EventBridge Scheduler takes it)
 * that this runtime knows, in its own spelling. An alias the runtime files under another name
 * (Asia/Kolkata, Europe/Kyiv) is fine; a name in the wrong case is not.
 */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !IANA_SHAPE.test(value)) return false;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  return resolved === value || resolved.toLowerCase() !== value.toLowerCase();
}

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
});
export type TargetingSettings = z.infer<typeof targetingSettings>;

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
});
export type MessagingSettings = z.infer<typeof messagingSettings>;

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
  { title: FLOW_WIZARD_STEPS[0], section: 'targetingSettings', schema: targetingSettings },
  { title: FLOW_WIZARD_STEPS[1], section: 'messagingSettings', schema: messagingSettings },
  { title: FLOW_WIZARD_STEPS[2], section: 'executionSettings', schema: executionSettings },
] as const;

/** The execution settings a new flow starts from (spec 9). */
export const DEFAULT_EXECUTION_SETTINGS: ExecutionSettings = {
  runsPerDay: FLOW_RUNS_PER_DAY.default,
  prospectsPerRun: FLOW_PROSPECTS_PER_RUN.default,
  workingHours: { ...DEFAULT_WORKING_HOURS, timezone: DEFAULT_TIMEZONE },
  enableWeekends: DEFAULT_ENABLE_WEEKENDS,
};

// --- Flow templates (spec 3 and 2.2) -------------------------------------------------------------

export const FLOW_CATEGORIES = ['prospecting', 'warm-up', 'nurturing', 'event-follow-up'] as const;
export type FlowCategory = (typeof FLOW_CATEGORIES)[number];
export const FLOW_CATEGORY_LABELS: Record<FlowCategory, string> = {
  prospecting: 'AI Prospecting',
  'warm-up': 'Warm-up Engagement',
  nurturing: 'Relationship Nurturing',
  'event-follow-up': 'Event Follow-up',
};

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
  config: { targetingSettings: TargetingSettings };
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
  id: z.string().check(z.minLength(1), z.maxLength(100, 'id must be 100 characters or less')),
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
