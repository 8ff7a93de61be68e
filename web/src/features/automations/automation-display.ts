import {
  AUTOMATION_TEXTS,
  type Automation,
  type AutomationQueueStatus,
  type AutomationStatus,
  INTERVAL_LABELS,
} from '../../../../shared/automations-values';
import {
  FINISHED_STATUSES,
  ACTIVE_STATUSES as LIFECYCLE_ACTIVE,
  ACTIVE_LIST_STATUSES as LIFECYCLE_ACTIVE_LIST,
} from '../../../../shared/job-lifecycle';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api-client';

/** The screens' texts (part 2 sections 2.8 to 2.10 and 8), word for word. */
export const AUTOMATIONS_TEXTS = {
  activeTitle: 'Active Automations',
  completedTitle: 'Completed Automations',
  noActive: 'No active automations',
  noCompleted: 'No completed automations',
  browseTemplates: 'Browse Templates',
  viewDetailsActive: 'View details',
  viewDetailsCompleted: 'View Details',
  listErrorTitle: 'Error Loading Automations',
  /** Part 2 section 8: the list call's thrown message, shown on the list's error screen. */
  listFetchFailed: (statusText: string) => `Failed to fetch automations: ${statusText}`,
  /** Part 2 section 8: the detail's thrown message, shown on 'Error Loading Automation'. */
  detailFetchFailed: 'Failed to fetch automation details',
  tryAgain: 'Try Again',
  notFound: AUTOMATION_TEXTS.notFound,
  detailErrorTitle: 'Error Loading Automation',
  backToAutomations: 'Back to Automations',
  back: 'Back',
  viewData: 'View Data',
  viewAll: 'View All',
  pause: 'Pause',
  paused: AUTOMATION_TEXTS.paused,
  pauseFailed: (reason: string) => `Failed to pause automation: ${reason}`,
  /** DECISIONS 25: Resume on the active list and the detail; the texts follow Pause's. */
  resume: 'Resume',
  resumed: 'Automation resumed successfully',
  resumeFailed: (reason: string) => `Failed to resume automation: ${reason}`,
  completedBanner: 'Job completed successfully!',
  /** DECISIONS 23: the Runs card of an automation that ran more than once. */
  runsTitle: 'Runs',
  runsCaption: 'Runs of this automation, newest first',
  runsLoading: 'Loading runs',
  runsEmpty: 'No runs yet',
  runsFailed: 'Failed to load runs',
  runsMore: 'Load more runs',
  previewTitle: 'Extracted Data Preview',
  noData: 'No data extracted yet',
  notScheduled: 'Not scheduled',
  overdue: 'Overdue',
} as const;

/**
 * Part 2 section 4: the active list holds these statuses, the completed list those. The live feed
 * watches the first (a paused automation reports no progress).
 */
export const ACTIVE_STATUSES: readonly AutomationStatus[] = LIFECYCLE_ACTIVE;
export const COMPLETED_STATUSES: readonly AutomationStatus[] = FINISHED_STATUSES;
/** DECISIONS 25: the Active list shows paused automations too, so that they can be resumed. */
export const ACTIVE_LIST_STATUSES: readonly AutomationStatus[] = LIFECYCLE_ACTIVE_LIST;

export const activeAutomations = (all: readonly Automation[]) =>
  all.filter((a) => ACTIVE_LIST_STATUSES.includes(a.status));
export const completedAutomations = (all: readonly Automation[]) =>
  all.filter((a) => COMPLETED_STATUSES.includes(a.status));

/** A live progress card shows for these (part 2 section 2.10). */
export const showsLiveProgress = (status: string) => status === 'running' || status === 'active';

/** Part 2 section 4: only an active automation can be paused. */
export const canPause = (status: string) => status === 'active';

/** DECISIONS 25: a paused automation can be resumed (`PUT /api/jobs/{jobId}` to running). */
export const canResume = (status: string) => status === 'paused';

type Tone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** Part 2 section 4 badge colours; each theme colour has an AA-contrast tone (app/theme.ts). */
const TONE_COLORS: Readonly<Record<Tone, string>> = {
  success: 'green',
  warning: 'yellow',
  info: 'blue',
  danger: 'red',
  neutral: 'gray',
};

const STATUS_TONES: Readonly<Record<AutomationStatus, Tone>> = {
  active: 'success',
  running: 'success',
  paused: 'warning',
  completed: 'info',
  failed: 'danger',
  cancelled: 'danger',
  pending: 'neutral',
};

/**
 * Part 2 section 4's job-status labels (Pending, Running, Completed, Failed, Cancelled, Paused,
 * Unknown); 'active' is an automation status the list has no job label for, so it reads Active.
 */
const STATUS_LABELS: Readonly<Record<AutomationStatus, string>> = {
  pending: 'Pending',
  running: 'Running',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const isStatus = (status: string): status is AutomationStatus => Object.hasOwn(STATUS_LABELS, status);

export function statusLabel(status: string): string {
  return isStatus(status) ? STATUS_LABELS[status] : 'Unknown';
}

export function statusColor(status: string): string {
  return TONE_COLORS[isStatus(status) ? STATUS_TONES[status] : 'neutral'];
}

/** Part 2 sections 4 and 9: red up to 25, yellow up to 50, blue up to 75, green above. */
export function progressColor(progress: number): 'red' | 'yellow' | 'blue' | 'green' {
  if (progress <= 25) return 'red';
  if (progress <= 50) return 'yellow';
  if (progress <= 75) return 'blue';
  return 'green';
}

/** A progress shown as a whole percentage between 0 and 100. */
export function percent(progress: number | undefined): number {
  if (progress === undefined || !Number.isFinite(progress)) return 0;
  return Math.round(Math.min(100, Math.max(0, progress)));
}

export function intervalLabel(interval: string | undefined): string | undefined {
  return interval !== undefined && Object.hasOwn(INTERVAL_LABELS, interval)
    ? INTERVAL_LABELS[interval as keyof typeof INTERVAL_LABELS]
    : undefined;
}

export interface Countdown {
  /** What the cell shows: 'Overdue', '42s', '4m', '3h', 'Not scheduled'. */
  text: string;
  /** The same in words, for screen readers ('42 seconds'). */
  spoken: string;
  /** Under 5 minutes the minutes show in yellow (part 2 section 4). */
  soon: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Part 2 section 4 'Next-run countdown': past is 'Overdue'; under 1 minute seconds; under 5 minutes
 * minutes in yellow; under 1 hour minutes; otherwise hours; no value 'Not scheduled'.
 */
export function nextRunCountdown(nextRunAt: string | undefined | null, now: number): Countdown {
  const at = nextRunAt ? Date.parse(nextRunAt) : Number.NaN;
  if (Number.isNaN(at)) {
    return { text: AUTOMATIONS_TEXTS.notScheduled, spoken: AUTOMATIONS_TEXTS.notScheduled, soon: false };
  }
  const seconds = Math.floor((at - now) / 1000);
  if (at - now <= 0)
    return { text: AUTOMATIONS_TEXTS.overdue, spoken: AUTOMATIONS_TEXTS.overdue, soon: false };
  if (seconds < 60) return { text: `${seconds}s`, spoken: plural(seconds, 'second'), soon: false };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { text: `${minutes}m`, spoken: plural(minutes, 'minute'), soon: minutes < 5 };
  const hours = Math.floor(minutes / 60);
  return { text: `${hours}h`, spoken: plural(hours, 'hour'), soon: false };
}

/** Part 2 section 5 'Success rate': successful runs over runs, or for a job over completed tasks. */
export function successRate(automation: Automation): string | undefined {
  const [part, whole] =
    automation.totalRuns > 0
      ? [automation.successfulRuns, automation.totalRuns]
      : [automation.successTasks, automation.completedTasks];
  if (!whole) return undefined;
  return `${Math.round((part / whole) * 100)}%`;
}

/**
 * One line of the queue for the active list: '2 runs waiting, yours is next'. The spec names the call
 * but not its shape; the fields are AutomationQueueStatus's.
 */
export function queueSummary(queue: AutomationQueueStatus): string {
  const parts: string[] = [];
  parts.push(queue.waiting === 0 ? 'No runs waiting' : `${plural(queue.waiting, 'run')} waiting`);
  if (queue.running > 0) parts.push(`${queue.running} running`);
  if (queue.yourPosition === 1) parts.push('yours is next');
  else if (queue.yourPosition !== null && queue.yourPosition > 1) {
    parts.push(`yours is number ${queue.yourPosition} in line`);
  } else if (queue.yourRunning > 0) {
    parts.push(queue.yourRunning === 1 ? 'yours is running' : `${queue.yourRunning} of yours running`);
  }
  return parts.join(', ');
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDateTime(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : dateTime.format(at);
}

/** HTTP's reason phrases, for 'Failed to fetch automations: {status text}' (an HTTP/2 answer has none). */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The status text of a failed call: the reason phrase of its HTTP status, else (no answer, or a status
 * without a phrase here) the error's own message.
 */
export function statusTextOf(error: unknown): string {
  if (error instanceof ApiError && Object.hasOwn(REASON_PHRASES, error.status)) {
    return REASON_PHRASES[error.status] as string;
  }
  return error instanceof Error && error.message ? error.message : REQUEST_FAILED_MESSAGE;
}

/** Where the leads of an automation are read (part 2 section 2.10: its jobId, else its id). */
export const leadsPath = (automation: Pick<Automation, 'id' | 'jobId'>) =>
  `/automations/${encodeURIComponent(automation.jobId || automation.id)}/leads`;

export const detailPath = (id: string) => `/automations/${encodeURIComponent(id)}`;
