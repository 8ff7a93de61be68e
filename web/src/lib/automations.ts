import useSWR from 'swr';
import type { Automation } from '../../../shared/automations';
import { get } from './api-client';
import { prefetchAnswer, withFields } from './swr-answers';

/** `GET /api/automation` (spec part 2 section 7): the user's automations, newest first. */
export const AUTOMATIONS_KEY = '/automation';

/**
 * `GET /api/jobs/dashboard/stats`: the automation counters the dashboard shows. Here, not in the
 * dashboard feature, because starting a trob (features/catalogue) revalidates them.
 */
export const STATS_KEY = '/jobs/dashboard/stats';

/** Part 2 sections 7 and 9: the automation screens reload the list and the queue every 30 s. */
export const AUTOMATION_REFRESH_MS = 30_000;

export interface AutomationListResponse {
  status: string;
  data: { automations: Automation[] };
}

export async function fetchAutomations(): Promise<Automation[]> {
  return (await get<AutomationListResponse>(AUTOMATIONS_KEY)).data.automations;
}

/** The list's call, started before an automation page renders (routes.ts prefetch). */
export async function prefetchAutomations(): Promise<void> {
  await prefetchAnswer(AUTOMATIONS_KEY);
}

export function useAutomations(
  options: { onError?: (error: unknown) => void; refreshInterval?: number } = {},
) {
  // Only the options given: an explicit undefined would replace SWR's own default (onError included).
  const config = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const answer = useSWR<AutomationListResponse>(AUTOMATIONS_KEY, config);
  return withFields(answer, { automations: answer.data?.data.automations });
}
