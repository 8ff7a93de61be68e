import useSWR from 'swr';
import type { Flow } from '../../../../shared/flow-api';
import { ApiError } from '../api-client';
import { withFields } from '../swr-answers';

/**
 * What the flow features (the list and analytics, setup, insights, review) share of the flow API
 * (spec part 2, section 7; DECISIONS 1: under /api): the list's and one flow's SWR keys, which are
 * their API paths, and the flow as its routes answer it. Each feature's own calls sit in its api/.
 */
export const FLOWS_KEY = '/flows';

/** `GET /api/flows/{id}`'s path and `useFlow`'s SWR key; a flow's other routes hang below it. */
export const flowKey = (id: string) => `${FLOWS_KEY}/${encodeURIComponent(id)}`;

export interface FlowListResponse {
  data: { flows: Flow[] };
}

export interface FlowResponse {
  data: { flow: Flow };
}

/** `GET /api/flows/{id}`: `notFound` is the API's 404 ('Flow not found'); any other failure is `error`. */
export function useFlow(id: string) {
  const answer = useSWR<FlowResponse>(flowKey(id), { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { flow: answer.data?.data.flow, notFound });
}

/** The flow in the cached list replaced by the API's answer. */
export function withFlow(current: FlowListResponse | undefined, flow: Flow): FlowListResponse | undefined {
  if (!current) return current;
  return {
    ...current,
    data: { ...current.data, flows: current.data.flows.map((f) => (f.id === flow.id ? flow : f)) },
  };
}
