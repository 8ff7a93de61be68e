import { EXPORT_FORMAT_TABLE, type ExportFormat, isExportFormat } from './export-formats';
import { ACTIVE_STATUSES } from './job-lifecycle';
import { PLATFORM_TABLE, type PlanPlatformKey, type Platform } from './platforms';
import { TRIAL_DAYS, USER_PLANS, type UserPlan } from './pricing-plans';

/**
 * What each plan may do: the plan-limit table of spec part 1, section 9, the feature flags and upgrade
 * hints of section 6, and the trial rule of section 4. Server and browser both decide with these
 * functions so that every gate the browser shows matches the one the API enforces (DECISIONS 2, 3).
 */

export type Plan = UserPlan;

/** The user's plan values; upper case only, as the User entity spells them. */
export const plans: readonly Plan[] = USER_PLANS;

export type AiLevel = 'none' | 'basic' | 'advanced';

export interface PlanLimits {
  readonly concurrentAutomations: number;
  readonly monthlyProfiles: number;
  readonly smartFlows: number;
  /** The table's Platforms column; which platform each column covers is THE platform table's planKey. */
  readonly platforms: readonly PlanPlatformKey[];
  /** The table's 'flows' marker in the Platforms column. */
  readonly flows: boolean;
  readonly exportFormats: readonly ExportFormat[];
  /** The support channel as the table words it, for display. */
  readonly support: string;
  readonly aiLevel: AiLevel;
  readonly teamUsers: number;
  readonly whiteLabel: boolean;
  /** Only the trial has a length. */
  readonly trialDays?: number;
}

const linkedinOnly: readonly PlanPlatformKey[] = ['linkedin'];
const linkedinAndTwitter: readonly PlanPlatformKey[] = ['linkedin', 'twitter'];
const csvOnly: readonly ExportFormat[] = ['csv'];
const csvJsonExcel: readonly ExportFormat[] = ['csv', 'json', 'excel'];

/**
 * The limit table exactly as section 9 gives it. The pricing cards quote other numbers; both stay as
 * the spec keeps them (DECISIONS 2, 5), so nothing here is derived from the cards.
 */
export const planLimits: Readonly<Record<Plan, PlanLimits>> = {
  FREE: {
    concurrentAutomations: 1,
    monthlyProfiles: 100,
    smartFlows: 0,
    platforms: linkedinOnly,
    flows: false,
    exportFormats: csvOnly,
    support: 'community',
    aiLevel: 'none',
    teamUsers: 1,
    whiteLabel: false,
  },
  TRIAL: {
    concurrentAutomations: 5,
    monthlyProfiles: 200,
    smartFlows: 1,
    platforms: linkedinAndTwitter,
    flows: false,
    exportFormats: csvJsonExcel,
    support: 'email',
    aiLevel: 'basic',
    teamUsers: 1,
    whiteLabel: false,
    // The trial's length is one fact, shared with the pricing card and the trial start.
    trialDays: TRIAL_DAYS,
  },
  BASE: {
    concurrentAutomations: 2,
    monthlyProfiles: 300,
    smartFlows: 0,
    platforms: linkedinOnly,
    flows: false,
    exportFormats: csvOnly,
    support: 'email',
    aiLevel: 'none',
    teamUsers: 1,
    whiteLabel: false,
  },
  PRO: {
    concurrentAutomations: 5,
    monthlyProfiles: 1500,
    smartFlows: 1,
    platforms: linkedinAndTwitter,
    flows: true,
    exportFormats: csvJsonExcel,
    support: 'priority email',
    aiLevel: 'basic',
    teamUsers: 1,
    whiteLabel: false,
  },
  PLUS: {
    concurrentAutomations: 15,
    monthlyProfiles: 5000,
    smartFlows: 3,
    platforms: linkedinAndTwitter,
    flows: true,
    exportFormats: ['csv', 'json', 'excel', 'pdf'],
    support: 'live chat',
    aiLevel: 'advanced',
    teamUsers: 3,
    whiteLabel: true,
  },
};

export function isPlan(value: unknown): value is Plan {
  return (plans as readonly unknown[]).includes(value);
}

/**
 * Unknown plans fall back to FREE (section 6, DECISIONS 2): a stored value we do not recognise must
 * never grant more than the least. Matching is exact, so 'pro' is unknown too.
 */
export function planOrFree(plan: string | null | undefined): Plan {
  return isPlan(plan) ? plan : 'FREE';
}

export function limitsFor(plan: string | null | undefined): PlanLimits {
  return planLimits[planOrFree(plan)];
}

/**
 * Whether a plan includes a platform: its column of the table (DECISIONS 21: Instagram follows
 * twitter's, so TRIAL, PRO and PLUS include it and FREE and BASE do not).
 */
export function platformInPlan(plan: string | null | undefined, platform: Platform): boolean {
  return limitsFor(plan).platforms.includes(PLATFORM_TABLE[platform].planKey);
}

export type Feature =
  | 'smartFlows'
  | 'flows'
  | 'aiPersonalization'
  | 'advancedExport'
  | 'multiPlatform'
  | 'team'
  | 'whiteLabel';

export const features: readonly Feature[] = [
  'smartFlows',
  'flows',
  'aiPersonalization',
  'advancedExport',
  'multiPlatform',
  'team',
  'whiteLabel',
];

// Each flag reads the limit table, so the table stays the one place a plan's contents are written.
// AI personalization (TRIAL, PRO, PLUS) is exactly the rows with some AI; team (PLUS) the rows with
// more than one user.
const featureTests: Readonly<Record<Feature, (limits: PlanLimits) => boolean>> = {
  smartFlows: (limits) => limits.smartFlows > 0,
  flows: (limits) => limits.flows,
  aiPersonalization: (limits) => limits.aiLevel !== 'none',
  advancedExport: (limits) => limits.exportFormats.length > 1,
  multiPlatform: (limits) => limits.platforms.length > 1,
  team: (limits) => limits.teamUsers > 1,
  whiteLabel: (limits) => limits.whiteLabel,
};

export function hasFeature(plan: string | null | undefined, feature: Feature): boolean {
  return featureTests[feature](limitsFor(plan));
}

/**
 * API keys (issue 39 point 1): the owners of PRO and PLUS workspaces. Not a column of section 9's table,
 * which predates them, so it is named here rather than read from the limits.
 */
const API_KEY_PLANS: readonly Plan[] = ['PRO', 'PLUS'];

export function apiKeysInPlan(plan: string | null | undefined): boolean {
  return API_KEY_PLANS.includes(planOrFree(plan));
}

// Section 6 quotes only FREE's hint and paraphrases the rest; these sentences say what it paraphrases.
// Its "PRO upgrade to Business" means Plus (DECISIONS 33): no text a person reads names another plan.
const upgradeHints: Readonly<Record<Plan, string | undefined>> = {
  FREE: 'Start a free trial or upgrade to unlock this feature.',
  TRIAL: 'Upgrade to Pro to keep this feature after your trial.',
  BASE: 'Upgrade to Pro to unlock this feature.',
  PRO: 'Upgrade to Plus to unlock this feature.',
  PLUS: undefined,
};

/** The hint shown next to a locked feature; PLUS has every feature, so none. */
export function upgradeHint(plan: string | null | undefined): string | undefined {
  return upgradeHints[planOrFree(plan)];
}

/** Where a trob's config holds its export format (its Export Settings); the start checks this field. */
export const EXPORT_FORMAT_FIELD = 'exportSettings.format';

/** Whether the plan's limit table includes this export format (FREE and BASE: CSV only). */
export function exportFormatInPlan(plan: string | null | undefined, format: string): boolean {
  return isExportFormat(format) && limitsFor(plan).exportFormats.includes(format);
}

/** 'JSON export is not included in your plan.' and the plan's upgrade hint, where the choice is made and at start. */
export function exportFormatNotInPlan(plan: string | null | undefined, format: string): string {
  const hint = upgradeHint(plan);
  const label = isExportFormat(format) ? EXPORT_FORMAT_TABLE[format].label : format;
  return `${label} export is not included in your plan.${hint ? ` ${hint}` : ''}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateInput = string | Date | null | undefined;

function timeOf(value: DateInput): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : time;
}

export interface TrialState {
  readonly plan: string | null | undefined;
  readonly trialEndsAt?: DateInput;
}

/**
 * Section 4: expired once the current date is past trialEndsAt, so the end instant itself still
 * counts as inside the trial. Only a TRIAL user can be expired: after an upgrade the old end date no
 * longer matters. A TRIAL without a readable end date counts as expired: failing open would give a
 * trial that never ends.
 */
export function isTrialExpired(user: TrialState, now: Date = new Date()): boolean {
  if (planOrFree(user.plan) !== 'TRIAL') return false;
  const end = timeOf(user.trialEndsAt);
  return end === undefined || now.getTime() > end;
}

/** Whole days left, rounded up so the last hours still read as one day; never negative. */
export function trialDaysRemaining(trialEndsAt: DateInput, now: Date = new Date()): number {
  const end = timeOf(trialEndsAt);
  if (end === undefined) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/**
 * Usage as a percentage of the limit, unrounded and above 100 when over the limit; the UI rounds. A
 * limit of 0 means the plan has none of it: nothing used reads 0, anything used reads 100 (full).
 */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  // Multiplying first keeps exact quotients exact (1200 of 1500 is 80, not 79.99...).
  return (used * 100) / limit;
}

/** Section 9: 'near limit' is usage of at least 80% of the limit. */
export function isNearLimit(used: number, limit: number): boolean {
  return usagePercent(used, limit) >= 80;
}

/** The statuses the automation limit counts (DECISIONS 20): the lifecycle's active set. */
export const RUNNING_STATUSES = ACTIVE_STATUSES;
export type RunningStatus = (typeof RUNNING_STATUSES)[number];

export function countsAsRunning(status: string | null | undefined): boolean {
  return (RUNNING_STATUSES as readonly unknown[]).includes(status);
}

/** Section 9: an automation can be created while the running count is below the limit. */
export function mayCreateAutomation(plan: string | null | undefined, runningCount: number): boolean {
  return runningCount < limitsFor(plan).concurrentAutomations;
}

/** DECISIONS 4: counted by the server, mirrored in the browser for the immediate message. */
export const TRIAL_FLOW_EXECUTION_LIMIT = 3;

// Texts of the error catalogue (section 8).
export const TRIAL_EXPIRED_MESSAGE =
  'Your free trial has expired. Please upgrade to continue using automations.';
export const SMART_FLOWS_NOT_IN_PLAN = 'Smart Flows are not available in your current plan.';
// Section 5 quotes this without the final period; the catalogue's text is the one shown.
export const FLOWS_NOT_IN_PLAN = 'AI Flows are available in PRO plans and above.';

export function automationLimitMessage(limit: number): string {
  return `You've reached your automation limit (${limit}). Upgrade your plan to create more automations.`;
}

/** Why a plan refuses a start, in words and where the user goes next (section 8). */
export interface StartRefusal {
  readonly message: string;
  readonly redirectTo?: '/pricing';
}

/**
 * Section 5's first four checks of a start, in the spec's order: trial expired, automation limit
 * (skipped when the running count is unknown), smart flows, flows (DECISIONS 3). The browser runs them
 * for the immediate message and the API runs the same function as the authority (DECISIONS 2); the
 * platform and token checks that follow are each side's own.
 */
export function startRefusal(
  user: TrialState | undefined,
  template: { readonly isFlow?: boolean; readonly isSmartFlow?: boolean },
  runningCount: number | undefined,
  now: Date = new Date(),
): StartRefusal | undefined {
  const plan = user?.plan;
  if (user && isTrialExpired(user, now)) return { message: TRIAL_EXPIRED_MESSAGE, redirectTo: '/pricing' };
  if (runningCount !== undefined && !mayCreateAutomation(plan, runningCount)) {
    return { message: automationLimitMessage(limitsFor(plan).concurrentAutomations), redirectTo: '/pricing' };
  }
  if (template.isSmartFlow && !hasFeature(plan, 'smartFlows')) {
    const hint = upgradeHint(plan);
    return { message: hint ? `${SMART_FLOWS_NOT_IN_PLAN} ${hint}` : SMART_FLOWS_NOT_IN_PLAN };
  }
  if (template.isFlow && !hasFeature(plan, 'flows')) return { message: FLOWS_NOT_IN_PLAN };
  return undefined;
}

// Section 2.2 names only the TRIAL, PRO and PLUS badges; FREE and BASE follow the same pattern.
const badgeLabels: Readonly<Record<Plan, string>> = {
  FREE: 'Free Plan',
  TRIAL: 'Free Trial',
  BASE: 'Base Plan',
  PRO: 'Pro Plan',
  PLUS: 'Plus Plan',
};

export function planBadgeLabel(plan: string | null | undefined): string {
  return badgeLabels[planOrFree(plan)];
}

/** Section 2.2: only TRIAL and BASE users see the sidebar's 'Upgrade Plan' link. */
export function showsUpgradeLink(plan: string | null | undefined): boolean {
  const known = planOrFree(plan);
  return known === 'TRIAL' || known === 'BASE';
}

/** `GET /api/users/usage`: the month's profile usage (DECISIONS 22) against the plan's limit. */
export interface MonthlyUsage {
  /** The calendar month (UTC), YYYY-MM. */
  month: string;
  profilesUsed: number;
  limit: number;
}
