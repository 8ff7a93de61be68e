import type { Platform } from './platforms';

/**
 * Automations as the start route, the automations list and the dashboard speak them (spec part 1
 * sections 2.8, 3, 5, 7; part 2 sections 3, 4; DECISIONS 20, 23).
 *
 * The words, as this product uses them (the README's glossary says the same):
 * - **automation**: what a user started: a trob from a catalogue template with its config, or a flow
 *   with its schedule. It has a status and counts against the plan's automation limit while pending,
 *   running or active. The spec also calls this record a job; the code does not.
 * - **job**: one run of an automation, the unit progress is reported for (`jobId`, `jobProgress`). A
 *   one-off trob has exactly one job, whose id is the automation's; a recurring flow gets one per run.
 * - **run**: a worker executing a job. A run message (`RunMessage`, on the trob-runs or flow-runs
 *   queue) asks for one; a long job may take several run messages, each continuing from a checkpoint.
 *
 * This file holds no zod schema (shared/automations.ts adds the start route's and re-exports these), so
 * the web app's pages import it without loading the validation library (issue 10 point 7).
 */

/** Part 2 section 4: every status an automation may have. */
export const AUTOMATION_STATUSES = [
  'pending',
  'running',
  'active',
  'paused',
  'completed',
  'failed',
  'cancelled',
] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

/** Part 2 section 9: the intervals of a recurring automation and how they read. */
export const AUTOMATION_INTERVALS = ['2_minutes', '5_minutes', '10_minutes', '30_minutes', 'hourly'] as const;
export type AutomationInterval = (typeof AUTOMATION_INTERVALS)[number];
export const INTERVAL_LABELS: Readonly<Record<AutomationInterval, string>> = {
  '2_minutes': '2 minutes',
  '5_minutes': '5 minutes',
  '10_minutes': '10 minutes',
  '30_minutes': '30 minutes',
  hourly: '1 hour',
};

/** How often each interval runs, for the schedule and the next-run time. */
export const INTERVAL_MINUTES: Readonly<Record<AutomationInterval, number>> = {
  '2_minutes': 2,
  '5_minutes': 5,
  '10_minutes': 10,
  '30_minutes': 30,
  hourly: 60,
};

/** The job ids of a recurring automation's runs: `<automationId>.<run number>`; a one-off trob's is its id. */
export const jobIdOfRun = (automationId: string, run: number): string => `${automationId}.${run}`;
export const automationIdOfJob = (jobId: string): string => jobId.split('.')[0] ?? jobId;
/**
 * The run number of a job: 1 for an automation's first job, n for `<automationId>.<n>`. The next job is
 * always this plus one, so a job id never repeats (a cancelled job counts no run, yet keeps its number).
 */
export const runOfJob = (jobId: string | undefined): number => {
  const suffix = jobId?.split('.')[1];
  const run = suffix === undefined ? 1 : Number(suffix);
  return Number.isInteger(run) && run > 0 ? run : 1;
};

/** The enrichment phase's fields that the leads screen's banner reads (part 2 sections 3, 4). */
export interface EnrichmentState {
  status: 'enriching' | 'completed' | 'stopped';
  enrichedCount: number;
  totalExpected: number;
}

/**
 * What a finished job got against what exists (issue 11 point 10): the rows the platform's list
 * showed, the leads stored, what was skipped and why, and the platform's own cap when one applied.
 */
export interface CompletenessReport {
  /** How many the platform says exist (its total), when it says. */
  available?: number;
  /** Rows read from the platform's list. */
  found: number;
  /** Leads stored by this job, new or updated. */
  stored: number;
  skipped: {
    /** Profiles the platform hides ('LinkedIn Member', private accounts). */
    hidden: number;
    /** Left out by the template's filters (headline keywords, niche, open to work). */
    filtered: number;
    /** Already collected by an earlier job of this user (skipDuplicates). */
    duplicates: number;
  };
  /** The platform lists at most this many, and the list was longer. */
  platformCap?: number;
  /** One sentence: '812 of about 1,040 followers; LinkedIn lists at most 1,000'. */
  summary: string;
}

/** When the rest of a job is done at the account's budget (issue 11 point 8). */
export interface BudgetForecast {
  /** Profiles (or list pages) still to read. */
  remaining: number;
  /** What the account's daily budget allows of that action. */
  perDay: number;
  /** The day the job completes at that pace (ISO date). */
  completeBy: string;
  /** 'about 312 profiles left; at today's budget, complete by Thursday' */
  summary: string;
}

export interface Automation {
  id: string;
  /** The job the engine reports progress under; the automation's own id (one run per start). */
  jobId: string;
  templateId: string;
  /** The template's display name when the automation was started. */
  displayName: string;
  platform: Platform;
  status: AutomationStatus;
  config: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Job progress (part 2 section 3): 0 to 100. */
  progress: number;
  stage?: string;
  message?: string;
  completedTasks: number;
  totalTasks: number;
  successTasks: number;
  failedTasks: number;
  startedAt?: string;
  completedAt?: string;
  /** Why the job failed or stopped early, in words a user can act on. */
  errorMessage?: string;
  /** Leads stored for this automation, exact (one per profile). */
  totalLeads: number;
  hasData: boolean;
  interval?: AutomationInterval;
  lastRunAt?: string;
  nextRunAt?: string;
  totalRuns: number;
  successfulRuns: number;
  enrichment?: EnrichmentState;
  report?: CompletenessReport;
  forecast?: BudgetForecast;
}

/** `GET /api/automation/queue`: what waits and runs on the trob queue, and where the user stands. */
export interface AutomationQueueStatus {
  /** Jobs of every user waiting for a worker. */
  waiting: number;
  /** Jobs of every user a worker is running. */
  running: number;
  /** The user's own jobs waiting and running. */
  yourWaiting: number;
  yourRunning: number;
  /** 1 when the user's oldest waiting job is next, null when nothing of theirs waits. */
  yourPosition: number | null;
}

export interface StartAutomationResponse {
  message: string;
  data: { automation: Automation };
}

/** DECISIONS 23: the job calls. */
export const JOB_TEXTS = {
  notFinished: 'This automation is still running. Pause or cancel it first.',
  runAgain: 'Automation started again',
  updated: (status: string) => `Job ${status}`,
  engineOwnsStatus: 'Only pause, resume and cancel can be asked for; the engine sets the other statuses.',
  cannotChange: (from: string, to: string) => `A ${from} job cannot be set to ${to}.`,
} as const;

export const AUTOMATION_TEXTS = {
  started: 'Automation started',
  templateNotFound: 'Trob not found',
  connectPlatform: (label: string) =>
    `Connect your ${label} account on the Platforms page before starting this trob.`,
  invalidConfig: 'The configuration is not valid',
  listFailed: 'Failed to load automations',
  paused: 'Automation paused successfully',
  onlyActiveCanPause: 'Only an active automation can be paused',
  notFound: 'Automation not found',
} as const;

/** `GET /api/jobs/dashboard/stats` (spec 2.8: the fields are ours to choose). */
export interface DashboardStats {
  /** Automations after de-duplication by template plus config, keeping the newest of each group. */
  totalAutomations: number;
  completedAutomations: number;
  /** Of the de-duplicated automations, those in the active list (pending, running, active). */
  activeAutomations: number;
  /** Templates in the catalogue. */
  totalTemplates: number;
  /** Connected LinkedIn and Twitter accounts, counted once per platform: 0 to 2 (DECISIONS 16). */
  connectedAccounts: number;
}

/** A key for a configuration that ignores key order, so equal configs written differently match. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Spec 2.8: the dashboard counts automations de-duplicated by template plus config, keeping the newest.
 * Answers the kept automations, newest first.
 */
export function dedupeAutomations<T extends Pick<Automation, 'templateId' | 'config' | 'createdAt'>>(
  automations: readonly T[],
): T[] {
  const newestFirst = [...automations].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const automation of newestFirst) {
    const key = `${automation.templateId}\n${canonicalJson(automation.config)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(automation);
  }
  return kept;
}

/** Spec 2.8: the dashboard's badge reads Active, Completed or, for anything else, Inactive. */
export function dashboardStatusLabel(status: string): 'Active' | 'Completed' | 'Inactive' {
  if (status === 'active') return 'Active';
  if (status === 'completed') return 'Completed';
  return 'Inactive';
}

/** A job as `GET /api/jobs` lists it (part 1 section 7; part 2 section 3 'Job progress'; DECISIONS 23). */
/** What started a job: the user's start, a run again, or a recurring automation's schedule. */
/** What started a job: a start, a run again, its schedule, or a flow's execute-now (DECISIONS 27). */
export type JobTrigger = 'start' | 'run-again' | 'schedule' | 'execute';

/** A stage a job entered, and when (the job's stage history). */
export interface JobStage {
  stage: string;
  at: string;
}

/** A job keeps at most this many stages (a long job's waits and continuations repeat a few). */
export const MAX_JOB_STAGES = 50;

/** `GET /api/jobs` (DECISIONS 23): one run of an automation. */
export interface Job {
  /** The job id: a one-off trob's first job has its automation's id; run n is `<automationId>.<n>`. */
  id: string;
  automationId: string;
  /** 1 for the automation's first job. */
  run: number;
  trigger: JobTrigger;
  templateId: string;
  /** The automation's name. */
  name: string;
  platform: Platform;
  status: AutomationStatus;
  progress: number;
  stage?: string;
  message?: string;
  completedTasks: number;
  totalTasks: number;
  successTasks: number;
  failedTasks: number;
  error?: string;
  /** Leads this job stored. */
  leadsAdded: number;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  stages: JobStage[];
  report?: CompletenessReport;
  forecast?: BudgetForecast;
}

/** `GET /api/jobs`: a page of jobs, newest first, and where the next page starts (absent at the end). */
export interface JobsPage {
  jobs: Job[];
  nextCursor?: string;
}

/** A new job's progress: nothing done yet (the start route's defaults; the leads screen's fallback). */
export const NEW_JOB_PROGRESS = {
  progress: 0,
  stage: 'queued',
  completedTasks: 0,
  totalTasks: 0,
  successTasks: 0,
  failedTasks: 0,
  totalLeads: 0,
  hasData: false,
  totalRuns: 0,
  successfulRuns: 0,
} as const satisfies Partial<Automation>;
