import useSWR from 'swr';
import type { Automation } from '../../../shared/automations';
import { get } from './api-client';

/** `GET /api/automation` (spec part 2 section 7): the user's automations, newest first. */
export const AUTOMATIONS_KEY = '/automation';

/**
 * `GET /api/jobs/dashboard/stats`: the automation counters the dashboard shows. Here, not in the
 * dashboard feature, because starting a trob (features/trobs) revalidates them.
 */
export const STATS_KEY = '/jobs/dashboard/stats';

export interface AutomationListResponse {
  status: string;
  data: { automations: Automation[] };
}

export async function fetchAutomations(): Promise<Automation[]> {
  return (await get<AutomationListResponse>(AUTOMATIONS_KEY)).data.automations;
}

export function useAutomations(options: { onError?: (error: unknown) => void } = {}) {
  const answer = useSWR<AutomationListResponse>(AUTOMATIONS_KEY, { onError: options.onError });
  return { ...answer, automations: answer.data?.data.automations };
}
