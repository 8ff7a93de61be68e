import { preload } from 'swr';
import { get } from './api-client';

// The answers of SWR the pages render from: the prefetched ones, and the page hooks' own with fields
// added. One module, in the entry's chunk, rather than a tiny chunk of its own every page fetches.

type AnswerListener = (key: string, data: unknown) => void;

const answers = new Map<string, unknown>();
let listener: AnswerListener | undefined;

/**
 * One of a page's first API calls, started before the page renders (routes.ts prefetch). SWR's preload
 * alone hands its promise to the page's hook when that mounts: the page is then drawn without the
 * answer first and drawn again, in one synchronous render, once the answer is in (issue 38 point 2: the
 * leads screen's longest task). The answer is also passed on to the cache the app renders from
 * (providers.tsx), so a page that mounts after it arrived has it in its first render.
 */
export async function prefetchAnswer(
  key: string,
  fetcher: (key: string) => Promise<unknown> = get,
): Promise<void> {
  const data = await preload(key, fetcher);
  if (listener) listener(key, data);
  else answers.set(key, data);
}

/** Hands the answers already in to `onAnswer`, then each one as it arrives; returns the unsubscribe. */
export function receivePrefetchedAnswers(onAnswer: AnswerListener): () => void {
  for (const [key, data] of answers) onAnswer(key, data);
  answers.clear();
  listener = onAnswer;
  return () => {
    if (listener === onAnswer) listener = undefined;
  };
}

/**
 * An SWR answer with fields of its own added (`automations`, `flow`, …). Not a spread: SWR re-renders a
 * component only for the parts of the answer it read, and a spread reads them all, `isValidating`
 * included, so each revalidation drew the whole page twice more, each time in one synchronous render
 * (issue 38 point 2: the leads screen's and the dashboard's longest tasks).
 */
export function withFields<Answer extends object, Fields extends object>(
  answer: Answer,
  fields: Fields,
): Answer & Fields {
  return Object.assign(answer, fields);
}

/**
 * Whether a call's first answer is still awaited: neither data nor an error yet. Read instead of SWR's
 * `isLoading`, which turns over on the revalidation SWR starts when a page mounts on a prefetched
 * answer: a component that read it was drawn again, synchronously, for an answer that had not changed
 * (issue 38 point 2: the dashboard's and the template page's longest tasks).
 */
export function awaitingAnswer(answer: { readonly data?: unknown; readonly error?: unknown }): boolean {
  return answer.data === undefined && answer.error === undefined;
}
