import useSWR from 'swr';
import type { DayPlan } from '../../../../../shared/day-plan';
import type { ApiError } from '../../../lib/api-client';
import { withFields } from '../../../lib/swr-answers';

/** `GET /api/flows/{id}/plan` (issue 23 point 4): the SWR key is the API path. */
export const flowDayPlanKey = (id: string) => `/flows/${encodeURIComponent(id)}/plan`;

export interface FlowDayPlanResponse {
  /** The day plan of the flow's account (all its flows); null while that account is not connected. */
  data: { plan: DayPlan | null };
}

/** The next 24 hours of the flow's account; `dayPlan` is undefined while loading, null when not connected. */
export function useFlowDayPlan(id: string, enabled = true) {
  const answer = useSWR<FlowDayPlanResponse, ApiError>(enabled ? flowDayPlanKey(id) : null, {
    // A failed load (a 404 included) shows the card's error and its retry button; no silent retries.
    shouldRetryOnError: false,
  });
  return withFields(answer, { dayPlan: answer.data?.data.plan });
}
