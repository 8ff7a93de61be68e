import useSWR from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsResponse,
  DEFAULT_ANALYTICS_PERIOD,
} from '../../../../../shared/flow-insights-values';
import { ApiError, post } from '../../../lib/api-client';
import { type FlowResponse, flowKey } from '../../../lib/flows/flow-api';
import { prefetchAnswer, withFields } from '../../../lib/swr-answers';

/**
 * The analytics page's calls (issue 21; spec part 2, sections 2.4 and 7): the flow's analytics for a
 * period and the flow's actions. SWR keys are the API paths.
 */

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
  await Promise.all([prefetchAnswer(flowKey(id)), prefetchAnswer(analyticsKey(id, period))]);
}

export const analyticsKey = (id: string, period: AnalyticsPeriod) =>
  `${flowKey(id)}/analytics?period=${period}`;

/** `GET /api/flows/{id}/analytics?period=`; the previous period's answer stays shown while the next loads. */
export function useFlowAnalytics(id: string, period: AnalyticsPeriod) {
  const answer = useSWR<AnalyticsResponse>(analyticsKey(id, period), {
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { analytics: answer.data?.data.analytics, notFound });
}

/** `POST /api/flows/{id}/resume`. */
export async function resumeFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowKey(id)}/resume`)).data.flow;
}

/** `POST /api/flows/{id}/execute` (DECISIONS 4, 27): 409 'A run of this flow is already in progress'. */
export async function executeFlow(id: string): Promise<Flow> {
  return (await post<FlowResponse>(`${flowKey(id)}/execute`)).data.flow;
}
