import {
  AUTOMATION_STATUSES,
  type Automation,
  type AutomationStatus,
} from '../../../../shared/automations-values';
import type { AutomationListResponse } from '../../lib/automations';
import type { LiveJobProgress } from '../../lib/realtime';

/**
 * Part 2 section 4 'Live job': a progress given as text with a % sign ('45%', '45.5 %') is a number;
 * so is a plain number or numeric text. Anything else is no progress.
 */
export function parseProgress(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

const isStatus = (value: unknown): value is AutomationStatus =>
  typeof value === 'string' && (AUTOMATION_STATUSES as readonly string[]).includes(value);

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Part 2 section 4 'Live job': a pushed progress may set the job's progress and status (and its stage,
 * message and task counts). If the progress is then 100 or more and either the pushed message says
 * 'complete' or the status is completed, the status becomes completed.
 */
export function applyJobProgress(job: Automation, push: LiveJobProgress): Automation {
  const next: Automation = { ...job };
  const progress = parseProgress(push.progress ?? push.percentage ?? push.percent);
  if (progress !== undefined) next.progress = Math.max(0, progress);
  if (isStatus(push.status)) next.status = push.status;
  const message = text(push.message);
  if (message !== undefined) next.message = message;
  const stage = text(push.stage);
  if (stage !== undefined) next.stage = stage;
  for (const field of ['completedTasks', 'totalTasks', 'successTasks', 'failedTasks'] as const) {
    const value = count(push[field]);
    if (value !== undefined) next[field] = value;
  }
  const error = text(push.error);
  if (error) next.errorMessage = error;

  const saysComplete = message?.toLowerCase().includes('complete') ?? false;
  if (next.progress >= 100 && (saysComplete || next.status === 'completed')) next.status = 'completed';
  return next;
}

/** The automation a push is about: its job id is the automation's jobId (or, for a trob, its id). */
export const isJobOf = (automation: Automation, jobId: string) =>
  automation.jobId === jobId || automation.id === jobId;

/** The list answer with the push applied to its automation; the same object when none matches. */
export function applyJobProgressToList(
  answer: AutomationListResponse | undefined,
  push: LiveJobProgress,
): AutomationListResponse | undefined {
  if (!answer?.data?.automations.some((a) => isJobOf(a, push.jobId))) return answer;
  return {
    ...answer,
    data: {
      ...answer.data,
      automations: answer.data.automations.map((a) =>
        isJobOf(a, push.jobId) ? applyJobProgress(a, push) : a,
      ),
    },
  };
}
