import { useCallback, useRef, useState } from 'react';
import { type KeyedMutator, useSWRConfig } from 'swr';
import type { Flow } from '../../../../../shared/flow-api';
import { REVIEW_TEXTS, type ReviewMode, type ReviewQueue } from '../../../../../shared/review';
import {
  FLOWS_KEY,
  type FlowListResponse,
  type FlowResponse,
  flowKey,
  withFlow,
} from '../../../lib/flows/flow-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveReviewMode } from '../api/review';

/** The flow with its stored review mode, as the flow's and the list's caches then hold it. */
function withMode(flow: Flow, reviewMode: ReviewMode): Flow {
  const config = flow.config;
  return { ...flow, config: { ...config, messagingSettings: { ...config.messagingSettings, reviewMode } } };
}

/**
 * The flow's review mode, changed from the review screen (its radio group or the Autopilot offer):
 * shown at once, saved with `PUT /api/flows/{id}/review-mode`, said with a toast; a refusal puts the
 * stored mode back.
 */
export function useReviewMode(
  flowId: string,
  queue: ReviewQueue | undefined,
  mutate: KeyedMutator<ReviewQueue>,
) {
  const { mutate: mutateKey } = useSWRConfig();
  const [choosing, setChoosing] = useState<ReviewMode>();
  // Two quick changes: only the last one's answer ends the 'choosing' state.
  const latest = useRef(0);

  const save = useCallback(
    async (mode: ReviewMode): Promise<boolean> => {
      const request = ++latest.current;
      setChoosing(mode);
      try {
        const saved = await saveReviewMode(flowId, mode);
        await mutate(
          (current) =>
            current && {
              ...current,
              reviewMode: saved,
              offerAutopilot: saved === 'autopilot' ? false : current.offerAutopilot,
            },
          { revalidate: false },
        );
        await Promise.all([
          mutateKey<FlowResponse>(
            flowKey(flowId),
            (current) => current && { ...current, data: { flow: withMode(current.data.flow, saved) } },
            { revalidate: false },
          ),
          mutateKey<FlowListResponse>(
            FLOWS_KEY,
            (current) => {
              const flow = current?.data.flows.find((entry) => entry.id === flowId);
              return flow ? withFlow(current, withMode(flow, saved)) : current;
            },
            { revalidate: false },
          ),
        ]);
        notifySuccess(REVIEW_TEXTS.modeSaved);
        return true;
      } catch {
        notifyError(REVIEW_TEXTS.modeFailed);
        return false;
      } finally {
        if (request === latest.current) setChoosing(undefined);
      }
    },
    [flowId, mutate, mutateKey],
  );

  return { mode: choosing ?? queue?.reviewMode, saving: choosing !== undefined, save };
}
