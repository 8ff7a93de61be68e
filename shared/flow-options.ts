/**
 * The flow options and limits of spec part 2 section 9 (shared/flows.ts re-exports them): every list
 * the setup wizard offers as {label, value} pairs, with its default.
 */
/** Every option list of the wizard is {label, value} pairs (spec 3, "Industry option"). */
export interface Option<V extends string = string> {
  readonly label: string;
  readonly value: V;
}
/** An industry: its LinkedIn name and its id as text (industry codes v2: '4' is Software Development). */
export type IndustryOption = Option;

export const valuesOf = <V extends string>(options: readonly Option<V>[]) =>
  options.map((o) => o.value) as [V, ...V[]];

// --- Constants (spec 9) --------------------------------------------------------------------------

/** Spec 1 and 9: a flow runs 1 to 4 times a day, twice unless chosen. */
export const FLOW_RUNS_PER_DAY = { min: 1, max: 4, default: 2 } as const;
/** Spec 9: prospects a run works on. */
export const FLOW_PROSPECTS_PER_RUN = { min: 5, max: 15, default: 10 } as const;
/**
 * Issue 23: an invitation still pending this many days is withdrawn by a later run (per flow; LinkedIn
 * itself lets a person be invited again 3 weeks after a withdrawal).
 */
export const WITHDRAW_AFTER_DAYS = { min: 7, max: 90, default: 21 } as const;
/** Issue 23: the most invitations a connected account holds pending; discovery slows from 80% of it. */
export const PENDING_INVITATION_LIMIT = 300;
export const PENDING_SLOWDOWN_SHARE = 0.8;
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
/** DECISIONS 28: a connection note's most characters by LinkedIn tier, and a free account's notes a month. */
export const CONNECTION_NOTE_LIMITS = { premium: 300, free: 200, freeNotesPerMonth: 5 } as const;

/** Spec 2.3: the wizard's four steps, in order. */
export const FLOW_WIZARD_STEPS = ['Target Audience', 'Messaging', 'Execution', 'Review'] as const;
/** The flow config's sections, which the wizard's steps 1 to 3 fill in that order (step 4 reviews them). */
export const FLOW_CONFIG_SECTIONS = ['targetingSettings', 'messagingSettings', 'executionSettings'] as const;

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

// --- Flow templates (spec 3 and 2.2) -------------------------------------------------------------

export const FLOW_CATEGORIES = ['prospecting', 'warm-up', 'nurturing', 'event-follow-up'] as const;
export type FlowCategory = (typeof FLOW_CATEGORIES)[number];
export const FLOW_CATEGORY_LABELS: Record<FlowCategory, string> = {
  prospecting: 'AI Prospecting',
  'warm-up': 'Warm-up Engagement',
  nurturing: 'Relationship Nurturing',
  // The id is kept (stored flows carry it); the template comments before it invites (issue 36 found 5).
  'event-follow-up': 'Comment Follow-up',
};

/**
 * Issue 36 point 1: a flow's minimum match. A prospect whose score is below it is found and scored but
 * never liked, commented on or invited; the best scored go first. Warm or better unless the user
 * chooses otherwise in step 1.
 */
export const MINIMUM_MATCH_OPTIONS = [
  { label: 'Hot only', value: 'hot' },
  { label: 'Warm or better (recommended)', value: 'warm' },
  { label: 'Everyone, Cold included', value: 'cold' },
] as const;
export type MinimumMatch = (typeof MINIMUM_MATCH_OPTIONS)[number]['value'];
export const DEFAULT_MINIMUM_MATCH: MinimumMatch = 'warm';

/** Match qualities from the weakest up: one meets a minimum at or below it. */
const MATCH_ORDER: readonly MinimumMatch[] = ['cold', 'warm', 'hot'];

/** True when a prospect of this match quality may be engaged and invited under `minimum`. */
export function meetsMinimumMatch(quality: MinimumMatch | undefined, minimum: MinimumMatch): boolean {
  if (quality === undefined) return minimum === 'cold';
  return MATCH_ORDER.indexOf(quality) >= MATCH_ORDER.indexOf(minimum);
}

/** The minimum's label as the run's history and the wizard name it ('Warm or better'). */
export const minimumMatchLabel = (minimum: MinimumMatch): string =>
  MINIMUM_MATCH_OPTIONS.find((o) => o.value === minimum)!.label.replace(/ \(recommended\)$/, '');
