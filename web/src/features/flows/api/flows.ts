import useSWR, { preload } from 'swr';
import type { CreateFlowInput, Flow } from '../../../../../shared/flow-api';
import {
  FALLBACK_INDUSTRY_OPTIONS,
  INDUSTRY_SEARCH_LIMIT,
  INDUSTRY_SERVER_SEARCH_AFTER,
  type IndustryOption,
} from '../../../../../shared/flow-options';
// Types only: shared/flows.ts also holds the wizard's schemas, which the pages that only read flows
// (the list, the analytics) must not load.
import type {
  FlowTemplateListResponse,
  FlowTemplateResponse,
  IndustryListResponse,
} from '../../../../../shared/flows';
import { ApiError, del, get, patch, post } from '../../../lib/api-client';

/**
 * The flow screens' calls (spec part 2, section 7; DECISIONS 1: under /api). SWR keys are the API
 * paths, fetched by the app's one client.
 */
export const FLOW_TEMPLATES_KEY = '/flows/templates';
export const FLOWS_KEY = '/flows';
export const INDUSTRIES_KEY = '/industries';
export const flowTemplateKey = (id: string) => `/flows/templates/${encodeURIComponent(id)}`;
export const industrySearchKey = (query: string) =>
  `/industries/search?q=${encodeURIComponent(query)}&limit=${INDUSTRY_SEARCH_LIMIT.default}`;

export interface FlowListResponse {
  data: { flows: Flow[] };
}

interface FlowResponse {
  data: { flow: Flow };
}

/** The list page's first calls, started beside the session's restore (routes.ts prefetch). */
export async function prefetchFlows(): Promise<void> {
  await Promise.all([preload(FLOW_TEMPLATES_KEY, get), preload(FLOWS_KEY, get)]);
}

export function useFlowTemplates() {
  const answer = useSWR<FlowTemplateListResponse>(FLOW_TEMPLATES_KEY, { shouldRetryOnError: false });
  return { ...answer, templates: answer.data?.data.flows };
}

export function useFlows() {
  const answer = useSWR<FlowListResponse>(FLOWS_KEY, { shouldRetryOnError: false });
  return { ...answer, flows: answer.data?.data.flows };
}

/**
 * One flow template (`data.flow`, or `data.template` as the spec also allows). `notFound` is the API's
 * 404 ('Template Not Found'); any other failure is `error`. Nothing is asked while `id` is undefined
 * (a user the plan gate stops).
 */
export function useFlowTemplate(id: string | undefined) {
  const answer = useSWR<FlowTemplateResponse>(id ? flowTemplateKey(id) : null, { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return { ...answer, template: answer.data?.data.flow ?? answer.data?.data.template, notFound };
}

/**
 * Every industry (`GET /api/industries`). When the list cannot be loaded the picker offers the spec's
 * built-in five (spec 8) and says so once: `failed`.
 */
export function useIndustryOptions(): { options: readonly IndustryOption[] | undefined; failed: boolean } {
  const answer = useSWR<IndustryListResponse>(INDUSTRIES_KEY, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  if (answer.data) return { options: answer.data.data.industries, failed: false };
  if (answer.error) return { options: FALLBACK_INDUSTRY_OPTIONS, failed: true };
  return { options: undefined, failed: false };
}

/** Spec 2.3: the server is asked once the query is longer than one character. */
export const searchesServer = (query: string) => query.trim().length > INDUSTRY_SERVER_SEARCH_AFTER;

/** `GET /api/industries/search?q=&limit=50`; an answer that fails leaves the local matches alone. */
export function useIndustrySearch(query: string) {
  const q = query.trim();
  const answer = useSWR<IndustryListResponse>(searchesServer(q) ? industrySearchKey(q) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  return {
    results: searchesServer(q) ? answer.data?.data.industries : undefined,
    isSearching: searchesServer(q) && answer.isLoading,
  };
}

/** `POST /api/flows` (spec 2.3 'Start Flow'): answers the new flow. */
export async function createFlow(input: CreateFlowInput): Promise<Flow> {
  return (await post<FlowResponse>(FLOWS_KEY, input)).data.flow;
}

const flowPath = (id: string) => `${FLOWS_KEY}/${encodeURIComponent(id)}`;

export async function pauseFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowPath(id)}/pause`)).data.flow;
}

/** `PATCH /api/flows/{id}` (issue 36 point 7): answers the flow as named, ' (2)' and all. */
export async function renameFlow(id: string, name: string): Promise<Flow> {
  return (await patch<FlowResponse>(flowPath(id), { name })).data.flow;
}

/** `DELETE /api/flows/{id}` stops the flow for good (DECISIONS 15, 24): it comes back COMPLETED. */
export async function stopFlow(id: string): Promise<Flow> {
  return (await del<FlowResponse>(flowPath(id))).data.flow;
}

/** The flow in the cached list replaced by the API's answer. */
export function withFlow(current: FlowListResponse | undefined, flow: Flow): FlowListResponse | undefined {
  if (!current) return current;
  return {
    ...current,
    data: { ...current.data, flows: current.data.flows.map((f) => (f.id === flow.id ? flow : f)) },
  };
}
