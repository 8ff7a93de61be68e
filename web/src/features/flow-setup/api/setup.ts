import { useDeferredValue } from 'react';
import useSWR from 'swr';
import type { CreateFlowInput, Flow } from '../../../../../shared/flow-api';
import {
  FALLBACK_INDUSTRY_OPTIONS,
  INDUSTRY_SEARCH_LIMIT,
  INDUSTRY_SERVER_SEARCH_AFTER,
  type IndustryOption,
} from '../../../../../shared/flow-options';
import type { FlowTemplateResponse, IndustryListResponse } from '../../../../../shared/flows';
import { ApiError, post } from '../../../lib/api-client';
import { FLOWS_KEY, type FlowResponse } from '../../../lib/flows/flow-api';
import { withFields } from '../../../lib/swr-answers';

/**
 * The template page's and the setup wizard's calls (spec part 2, sections 2.2, 2.3 and 7): one flow
 * template, the industries and their search, and the wizard's Start. SWR keys are the API paths.
 */
export const INDUSTRIES_KEY = '/industries';
export const flowTemplateKey = (id: string) => `/flows/templates/${encodeURIComponent(id)}`;
export const industrySearchKey = (query: string) =>
  `/industries/search?q=${encodeURIComponent(query)}&limit=${INDUSTRY_SEARCH_LIMIT.default}`;

/**
 * One flow template (`data.flow`, or `data.template` as the spec also allows). `notFound` is the API's
 * 404 ('Template Not Found'); any other failure is `error`. Nothing is asked while `id` is undefined
 * (a user the plan gate stops).
 */
export function useFlowTemplate(id: string | undefined) {
  const answer = useSWR<FlowTemplateResponse>(id ? flowTemplateKey(id) : null, { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { template: answer.data?.data.flow ?? answer.data?.data.template, notFound });
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
  // The list (about 150 industries) arrives after the wizard is drawn and redraws all of it: as a
  // transition, in slices, not in the one synchronous update SWR hands it over in (issue 38 point 2).
  const data = useDeferredValue(answer.data);
  if (data) return { options: data.data.industries, failed: false };
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
