import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type {
  Automation,
  AutomationQueueStatus,
  AutomationStatus,
  Job,
} from '../../../../../shared/automations-values';
import type { Template } from '../../../../../shared/catalogue';
import type { LeadsPageResponse } from '../../../../../shared/leads';
import { ApiError, post, put } from '../../../lib/api-client';
import { AUTOMATION_REFRESH_MS, type AutomationListResponse, useAutomations } from '../../../lib/automations';
import { awaitingAnswer } from '../../../lib/swr-answers';

/** `GET /api/automation/queue` (part 2 section 7). */
export const QUEUE_KEY = '/automation/queue';

/** The preview of part 2 section 2.10: the first 5 leads. */
export const PREVIEW_LIMIT = 5;
export const leadsPreviewKey = (jobId: string) =>
  `/automation/leads/${encodeURIComponent(jobId)}?page=1&limit=${PREVIEW_LIMIT}`;

/** The list the three automation screens read, reloaded every 30 s (part 2 sections 7 and 9). */
export function useAutomationList() {
  return useAutomations({ refreshInterval: AUTOMATION_REFRESH_MS });
}

export interface QueueResponse {
  success: boolean;
  data: AutomationQueueStatus;
}

/** The queue line of the active list and the detail; a failed read only leaves the line out. */
export function useQueueStatus() {
  const answer = useSWR<QueueResponse>(QUEUE_KEY, {
    refreshInterval: AUTOMATION_REFRESH_MS,
    shouldRetryOnError: false,
  });
  return answer.data?.data;
}

/**
 * The detail page's automation, found in the list by id (part 2 section 7). `notFound` once the list
 * is in without it.
 */
export function useAutomation(id: string | undefined) {
  const list = useAutomationList();
  const automation = list.automations?.find((a) => a.id === id);
  return {
    automation,
    notFound: list.automations !== undefined && automation === undefined,
    error: list.automations === undefined ? list.error : undefined,
    isLoading: awaitingAnswer(list),
    retry: list.mutate,
  };
}

/**
 * The first leads of a job. Reloaded when the automation's lead count changes (a push or the 30-s
 * list reload brought new leads), so the preview follows the run.
 */
export function useLeadsPreview(jobId: string, totalLeads: number) {
  const answer = useSWR<LeadsPageResponse>(leadsPreviewKey(jobId), { shouldRetryOnError: false });
  const seen = useRef(totalLeads);
  const { mutate } = answer;
  useEffect(() => {
    if (seen.current === totalLeads) return;
    seen.current = totalLeads;
    void mutate();
  }, [totalLeads, mutate]);
  return { leads: answer.data?.data.leads, isLoading: awaitingAnswer(answer) };
}

/** `GET /api/templates/{templateId}` as the automation detail reads it (part 2 sections 3 and 7). */
export const templateKey = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

interface TemplateResponse {
  data: { template: Pick<Template, 'displayName' | 'description'> };
}

/**
 * The description of an automation's template, from the catalogue (part 2 section 7); undefined while
 * it loads or when the template is gone (the page shows the rest without it).
 */
export function useTemplateDescription(templateId: string | undefined): {
  description: string | undefined;
  /** Answered or failed: the page's header takes its final height (no layout shift when it comes). */
  settled: boolean;
} {
  const answer = useSWR<TemplateResponse>(templateId ? templateKey(templateId) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  return {
    description: answer.data?.data.template.description || undefined,
    settled: !templateId || answer.data !== undefined || answer.error !== undefined,
  };
}

interface PauseResponse {
  success: boolean;
  message?: string;
  data?: { automation?: Automation };
}

/** `POST /api/automation/{id}/pause`; answers the paused automation when the server sent it. */
export async function pauseAutomation(id: string): Promise<Automation | undefined> {
  const answer = await post<PauseResponse>(`/automation/${encodeURIComponent(id)}/pause`);
  return answer?.data?.automation;
}

interface JobUpdateResponse {
  success: boolean;
  message?: string;
  data?: { job?: Job };
}

/**
 * DECISIONS 25: `PUT /api/jobs/{jobId}` with `{status: 'running'}` resumes a paused automation (the
 * server sets it pending, or active when it waits for its next tick). Answers the status it now has.
 */
export async function resumeAutomation(
  automation: Pick<Automation, 'id' | 'jobId'>,
): Promise<AutomationStatus | undefined> {
  const jobId = automation.jobId || automation.id;
  const answer = await put<JobUpdateResponse>(`/jobs/${encodeURIComponent(jobId)}`, { status: 'running' });
  return answer?.data?.job?.status;
}

/** The reason of a failed call for 'Failed to pause automation: {reason}'. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Puts a changed automation into the cached list without a reload. */
export function replaceInList(answer: AutomationListResponse | undefined, automation: Automation) {
  if (!answer) return answer;
  return {
    ...answer,
    data: {
      ...answer.data,
      automations: answer.data.automations.map((a) => (a.id === automation.id ? automation : a)),
    },
  };
}

/** Sets one automation's status in the cached list, until the reload brings the rest. */
export function withStatus(
  answer: AutomationListResponse | undefined,
  id: string,
  status: AutomationStatus | undefined,
) {
  if (!answer || !status) return answer;
  return {
    ...answer,
    data: {
      ...answer.data,
      automations: answer.data.automations.map((a) => (a.id === id ? { ...a, status } : a)),
    },
  };
}
