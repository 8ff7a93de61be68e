import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { Automation, AutomationQueueStatus } from '../../../../../shared/automations-values';
import type { LeadsPageResponse } from '../../../../../shared/leads';
import { ApiError, post } from '../../../lib/api-client';
import { AUTOMATION_REFRESH_MS, type AutomationListResponse, useAutomations } from '../../../lib/automations';

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

/** The queue line of the active list; a failed read only leaves the line out. */
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
    isLoading: list.automations === undefined && !list.error,
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
  return { leads: answer.data?.data.leads, isLoading: answer.isLoading };
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
