import useSWR from 'swr';
import type { DayPlan } from '../../../../../shared/day-plan';
import type { ApiError } from '../../../lib/api-client';
import { withFields } from '../../../lib/swr-answers';
import { connectionPath } from './platforms';

/** `GET /api/users/platforms/{id}/plan` (issue 23 point 4): the SWR key is the API path. */
export const dayPlanPath = (connectionId: string) => `${connectionPath(connectionId)}/plan`;

export interface DayPlanResponse {
  data: { plan: DayPlan };
}

/**
 * The account's day plan for the next 24 hours. Only the opened panel calls it: the connections page
 * lists every account, and a day plan is a dry run of all its flows that nobody may look at.
 */
export function useDayPlan(connectionId: string) {
  const answer = useSWR<DayPlanResponse, ApiError>(dayPlanPath(connectionId), {
    // A failed load shows its message and a retry button; no retries behind the user's back.
    shouldRetryOnError: false,
  });
  return withFields(answer, { dayPlan: answer.data?.data.plan });
}
