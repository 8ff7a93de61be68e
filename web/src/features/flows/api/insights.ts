import useSWR, { preload } from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
import type {
  ActivitiesResponse,
  ActivityStatus,
  ActivityType,
  AnalyticsPeriod,
  AnalyticsResponse,
  ProspectFilterStatus,
  ProspectResponse,
  ProspectsResponse,
} from '../../../../../shared/flow-insights-values';
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  INSIGHT_PAGE_SIZE,
} from '../../../../../shared/flow-insights-values';
import { ApiError, get, post } from '../../../lib/api-client';

/**
 * The flow insight screens' calls (issue 21; spec part 2, sections 2.4 to 2.7 and 7): one flow, its
 * analytics for a period, its activity feed and prospects page by page, one prospect, and the flow's
 * actions. SWR keys are the API paths.
 */
const flowPath = (id: string) => `/flows/${encodeURIComponent(id)}`;

/** `useFlow`'s SWR key (the API path), for a screen that reads the flow again itself (a Refresh). */
export const flowKey = (id: string) => flowPath(id);

interface FlowResponse {
  data: { flow: Flow };
}

/** `GET /api/flows/{id}`: `notFound` is the API's 404 ('Flow not found'); any other failure is `error`. */
export function useFlow(id: string) {
  const answer = useSWR<FlowResponse>(flowPath(id), { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return { ...answer, flow: answer.data?.data.flow, notFound };
}

/**
 * The analytics page's first calls, started beside the session's restore when the app opens at it
 * (routes.ts prefetch): the flow and the analytics of the address's period.
 */
export async function prefetchAnalytics(): Promise<void> {
  const match = /^\/flows\/([^/]+)\/analytics\/?$/.exec(window.location.pathname);
  if (!match?.[1]) return;
  const id = decodeURIComponent(match[1]);
  const asked = new URLSearchParams(window.location.search).get('period');
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as AnalyticsPeriod)
    : DEFAULT_ANALYTICS_PERIOD;
  await Promise.all([preload(flowPath(id), get), preload(analyticsKey(id, period), get)]);
}

export const analyticsKey = (id: string, period: AnalyticsPeriod) =>
  `${flowPath(id)}/analytics?period=${period}`;

/** `GET /api/flows/{id}/analytics?period=`; the previous period's answer stays shown while the next loads. */
export function useFlowAnalytics(id: string, period: AnalyticsPeriod) {
  const answer = useSWR<AnalyticsResponse>(analyticsKey(id, period), {
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return { ...answer, analytics: answer.data?.data.analytics, notFound };
}

export interface ActivityFilters {
  types: readonly ActivityType[];
  status?: ActivityStatus;
  search: string;
}

export interface ProspectFilters {
  status?: ProspectFilterStatus;
  search: string;
}

/** A page of a list: page 1 with no cursor, a later page with the cursor the page before it answered. */
export interface PageRequest {
  page: number;
  cursor?: string;
}

function listParams(request: PageRequest, search: string): URLSearchParams {
  const params = new URLSearchParams({ page: String(request.page), limit: String(INSIGHT_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  if (request.cursor) params.set('cursor', request.cursor);
  return params;
}

/** `GET /api/flows/{id}/activities?page&limit&type&type&status&search&cursor` (spec 2.5, 7). */
export function fetchActivities(
  id: string,
  filters: ActivityFilters,
  request: PageRequest,
): Promise<ActivitiesResponse> {
  const params = listParams(request, filters.search);
  for (const type of filters.types) params.append('type', type);
  if (filters.status) params.set('status', filters.status);
  return get<ActivitiesResponse>(`${flowPath(id)}/activities?${params}`);
}

/** `GET /api/flows/{id}/prospects?page&limit&status&search&cursor` (spec 2.6, 7). */
export function fetchProspects(
  id: string,
  filters: ProspectFilters,
  request: PageRequest,
): Promise<ProspectsResponse> {
  const params = listParams(request, filters.search);
  if (filters.status) params.set('status', filters.status);
  return get<ProspectsResponse>(`${flowPath(id)}/prospects?${params}`);
}

export const prospectKey = (id: string, prospectId: string) =>
  `${flowPath(id)}/prospects/${encodeURIComponent(prospectId)}`;

/** `GET /api/flows/{id}/prospects/{prospectId}`: `notFound` is 'Prospect not found' (or the flow's). */
export function useProspect(id: string, prospectId: string) {
  const answer = useSWR<ProspectResponse>(prospectKey(id, prospectId), { shouldRetryOnError: false });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return { ...answer, prospect: answer.data?.data.prospect, notFound };
}

/** `POST /api/flows/{id}/resume`. */
export async function resumeFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowPath(id)}/resume`)).data.flow;
}

/** `POST /api/flows/{id}/execute` (DECISIONS 4, 27): 409 'A run of this flow is already in progress'. */
export async function executeFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowPath(id)}/execute`)).data.flow;
}
