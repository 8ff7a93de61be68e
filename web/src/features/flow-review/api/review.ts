import useSWR from 'swr';
import type { ReviewDecisionsResult, ReviewMode, ReviewQueue } from '../../../../../shared/review';
import type { ReviewDecision } from '../../../../../shared/review-requests';
import { ApiError, get, post, put } from '../../../lib/api-client';
import { flowKey } from '../../../lib/flows/flow-api';
import { prefetchAnswer, withFields } from '../../../lib/swr-answers';

/**
 * The review queue's calls (issue 23 point 1): the flow's waiting intents, decisions on them and the
 * flow's review mode. The SWR key is the API path.
 */
export const reviewKey = (flowId: string) => `${flowKey(flowId)}/review`;

/** The review routes answer in the API's envelope (`{success, data}`), as every flow route does. */
type Answer<T> = { data: T };
const unwrap = <T>(answer: Answer<T>): T => answer.data;

const fetchQueue = async (path: string) => unwrap(await get<Answer<ReviewQueue>>(path));

/** `GET /api/flows/{id}/review`: `notFound` is the API's 404 for an unknown flow; any other failure is `error`. */
export function useReviewQueue(flowId: string) {
  const answer = useSWR<ReviewQueue>(reviewKey(flowId), fetchQueue, {
    shouldRetryOnError: false,
    // A decision's optimistic state lives on the screen; a refetch on focus would bring back items
    // whose decision is still on its way.
    revalidateOnFocus: false,
  });
  const notFound = answer.error instanceof ApiError && answer.error.status === 404;
  return withFields(answer, { queue: answer.data, notFound });
}

/** The screen's first calls, started beside the session's restore (routes.ts prefetch). */
export async function prefetchReview(): Promise<void> {
  const match = /^\/flows\/([^/]+)\/review\/?$/.exec(window.location.pathname);
  if (!match?.[1]) return;
  const id = decodeURIComponent(match[1]);
  await Promise.all([prefetchAnswer(flowKey(id)), prefetchAnswer(reviewKey(id), fetchQueue)]);
}

/** `POST /api/flows/{id}/review`: at most MAX_REVIEW_DECISIONS decisions at a time. */
export async function decideReview(
  flowId: string,
  decisions: readonly ReviewDecision[],
): Promise<ReviewDecisionsResult> {
  return unwrap(await post<Answer<ReviewDecisionsResult>>(reviewKey(flowId), { decisions }));
}

/** `PUT /api/flows/{id}/review-mode`: answers the mode now stored. */
export async function saveReviewMode(flowId: string, reviewMode: ReviewMode): Promise<ReviewMode> {
  const answer = unwrap(
    await put<Answer<{ reviewMode: ReviewMode }>>(`${flowKey(flowId)}/review-mode`, { reviewMode }),
  );
  return answer.reviewMode;
}
