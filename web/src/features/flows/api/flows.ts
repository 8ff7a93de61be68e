import useSWR from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
// Types only: shared/flows.ts also holds the wizard's schemas, which the pages that only read flows
// (the list, the analytics) must not load.
import type { FlowTemplateListResponse } from '../../../../../shared/flows';
import { del, patch, post } from '../../../lib/api-client';
import { FLOWS_KEY, type FlowListResponse, type FlowResponse, flowKey } from '../../../lib/flows/flow-api';
import { prefetchAnswer, withFields } from '../../../lib/swr-answers';

/**
 * The flows list's calls (spec part 2, sections 2.1 and 7; DECISIONS 1: under /api): the templates,
 * the account's flows and what their cards do. SWR keys are the API paths, fetched by the app's one
 * client.
 */
export const FLOW_TEMPLATES_KEY = '/flows/templates';

/** The list page's first calls, started beside the session's restore (routes.ts prefetch). */
export async function prefetchFlows(): Promise<void> {
  await Promise.all([prefetchAnswer(FLOW_TEMPLATES_KEY), prefetchAnswer(FLOWS_KEY)]);
}

export function useFlowTemplates() {
  const answer = useSWR<FlowTemplateListResponse>(FLOW_TEMPLATES_KEY, { shouldRetryOnError: false });
  return withFields(answer, { templates: answer.data?.data.flows });
}

export function useFlows() {
  const answer = useSWR<FlowListResponse>(FLOWS_KEY, { shouldRetryOnError: false });
  return withFields(answer, { flows: answer.data?.data.flows });
}

export async function pauseFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowKey(id)}/pause`)).data.flow;
}

/** `PATCH /api/flows/{id}` (issue 36 point 7): answers the flow as named, ' (2)' and all. */
export async function renameFlow(id: string, name: string): Promise<Flow> {
  return (await patch<FlowResponse>(flowKey(id), { name })).data.flow;
}

/** `DELETE /api/flows/{id}` stops the flow for good (DECISIONS 15, 24): it comes back COMPLETED. */
export async function stopFlow(id: string): Promise<Flow> {
  return (await del<FlowResponse>(flowKey(id))).data.flow;
}
