import { useCallback, useRef, useState } from 'react';
import type { KeyedMutator } from 'swr';
import {
  MAX_REVIEW_DECISIONS,
  REVIEW_TEXTS,
  type ReviewDecisionsResult,
  type ReviewItem,
  type ReviewQueue,
} from '../../../../../shared/review';
import type { ReviewDecision } from '../../../../../shared/review-requests';
import { ApiError } from '../../../lib/api-client';
import { decideReview } from '../api/review';
import { itemName, REVIEW_PAGE_TEXTS } from './review-texts';

/** A decision the user took on one item: approve (with an edited text or as written) or skip. */
export interface Decided {
  item: ReviewItem;
  action: 'approve' | 'skip';
  /** An edited text: only when the user changed the AI's. */
  text?: string;
}

/** `textProblem`: the API refused an edited text (400): its message belongs on the field. */
export type DecideOutcome = { ok: true } | { ok: false; textProblem?: string };

type Outcome = ReviewDecisionsResult['results'][number]['outcome'];

const toDecision = ({ item, action, text }: Decided): ReviewDecision =>
  text === undefined ? { key: item.key, action } : { key: item.key, action, text };

function withKeys(set: ReadonlySet<string>, keys: readonly string[], add: boolean): ReadonlySet<string> {
  const next = new Set(set);
  for (const key of keys) {
    if (add) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** What the live region says once the API answered. */
function announcementOf(decided: readonly Decided[], outcomes: ReadonlyMap<string, Outcome>): string {
  if (decided.length === 1) {
    const [only] = decided as [Decided];
    const name = itemName(only.item.kind, only.item.prospect.name);
    const outcome = outcomes.get(only.item.key);
    if (outcome === 'gone' || outcome === undefined) return REVIEW_TEXTS.gone;
    if (outcome === 'skipped') return REVIEW_PAGE_TEXTS.skipped(name);
    return only.text === undefined ? REVIEW_PAGE_TEXTS.approved(name) : REVIEW_PAGE_TEXTS.edited(name);
  }
  const counts = { approved: 0, skipped: 0, gone: 0 };
  for (const { item } of decided) counts[outcomes.get(item.key) ?? 'gone'] += 1;
  return [
    counts.approved > 0 ? REVIEW_PAGE_TEXTS.approvedMany(counts.approved) : '',
    counts.skipped > 0 ? REVIEW_PAGE_TEXTS.skippedMany(counts.skipped) : '',
    counts.gone > 0 ? REVIEW_PAGE_TEXTS.goneMany(counts.gone) : '',
  ]
    .filter(Boolean)
    .join('. ');
}

/**
 * Decisions on the queue's items, optimistic: a decided item leaves the list at once (`pending`),
 * before the request returns (issue 23's benchmark: a keyboard approve under 100 ms), and comes back
 * with an alert when the request fails. Once answered, the items leave the cached queue itself, with
 * the streak and the Autopilot offer the API counted.
 */
export function useReviewDecisions(flowId: string, mutate: KeyedMutator<ReviewQueue>) {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [failure, setFailure] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  // Answers may arrive out of order: the streak shown is the one of the latest request answered.
  const order = useRef({ sent: 0, applied: 0 });

  const decide = useCallback(
    async (decided: readonly Decided[]): Promise<DecideOutcome> => {
      if (decided.length === 0) return { ok: true };
      const keys = decided.map((entry) => entry.item.key);
      const sent = ++order.current.sent;
      setPending((current) => withKeys(current, keys, true));
      setFailure(undefined);
      const outcomes = new Map<string, Outcome>();
      // The Autopilot offer this answer brought, said with the decision (the offer box is no live region).
      let offered: number | undefined;
      try {
        // One request carries at most MAX_REVIEW_DECISIONS; a larger selection goes in turns, each
        // turn's items leaving the queue as soon as it is answered.
        for (let at = 0; at < decided.length; at += MAX_REVIEW_DECISIONS) {
          const turn = decided.slice(at, at + MAX_REVIEW_DECISIONS);
          const result = await decideReview(flowId, turn.map(toDecision));
          for (const { key, outcome } of result.results) outcomes.set(key, outcome);
          const latest = sent >= order.current.applied;
          if (latest) order.current.applied = sent;
          const leaving = new Set(turn.map((entry) => entry.item.key));
          await mutate(
            (queue) => {
              if (!queue) return queue;
              if (latest && result.offerAutopilot && !queue.offerAutopilot) offered = result.approvalStreak;
              return {
                ...queue,
                items: queue.items.filter((item) => !leaving.has(item.key)),
                ...(latest
                  ? { approvalStreak: result.approvalStreak, offerAutopilot: result.offerAutopilot }
                  : {}),
              };
            },
            { revalidate: false },
          );
        }
        const said = announcementOf(decided, outcomes);
        setAnnouncement(offered === undefined ? said : `${said}. ${REVIEW_TEXTS.offer(offered)}`);
        return { ok: true };
      } catch (error) {
        const edit = decided.length === 1 && decided[0]?.text !== undefined;
        if (edit && error instanceof ApiError && error.status === 400) {
          return { ok: false, textProblem: error.message };
        }
        setFailure(REVIEW_TEXTS.decideFailed);
        return { ok: false };
      } finally {
        setPending((current) => withKeys(current, keys, false));
      }
    },
    [flowId, mutate],
  );

  const dismissFailure = useCallback(() => setFailure(undefined), []);

  return { pending, failure, dismissFailure, announcement, announce: setAnnouncement, decide };
}
