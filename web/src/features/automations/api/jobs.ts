import useSWRInfinite from 'swr/infinite';
import type { Job, JobsPage } from '../../../../../shared/automations-values';
import { awaitingAnswer } from '../../../lib/swr-answers';

/** A page of the Runs card: the newest runs first (`GET /api/jobs`, DECISIONS 23). */
export const RUNS_PAGE_LIMIT = 10;

interface JobsResponse {
  success: boolean;
  data: JobsPage;
}

/** The key of one page of an automation's runs; null once the previous page was the last. */
export const runsPageKey =
  (automationId: string) =>
  (index: number, previous: JobsResponse | null): string | null => {
    if (index > 0 && !previous?.data.nextCursor) return null;
    const cursor = index > 0 ? `&cursor=${encodeURIComponent(previous!.data.nextCursor!)}` : '';
    return `/jobs?automationId=${encodeURIComponent(automationId)}&limit=${RUNS_PAGE_LIMIT}${cursor}`;
  };

/**
 * An automation's runs, newest first, a page at a time. Reloaded when `version` changes (a run ended or
 * started: the automation's run count or current job moved).
 */
export function useRuns(automationId: string) {
  const answer = useSWRInfinite<JobsResponse>(runsPageKey(automationId), {
    revalidateFirstPage: true,
    shouldRetryOnError: false,
  });
  const pages = answer.data ?? [];
  const runs: Job[] = pages.flatMap((page) => page.data.jobs);
  const last = pages.at(-1);
  return {
    runs,
    error: answer.error as unknown,
    isLoading: awaitingAnswer(answer),
    hasMore: Boolean(last?.data.nextCursor),
    isLoadingMore: answer.isValidating && answer.size > pages.length,
    loadMore: () => answer.setSize(answer.size + 1),
    reload: () => answer.mutate(),
  };
}
