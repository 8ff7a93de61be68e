import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Automation } from '../../../../../shared/automations-values';
import { AUTOMATIONS_KEY, type AutomationListResponse } from '../../../lib/automations';
import type { ConnectionState, LiveJobProgress } from '../../../lib/realtime';
import { useJobProgress } from '../../../lib/realtime-react';
import { ACTIVE_STATUSES, COMPLETED_STATUSES } from '../automation-display';
import { applyJobProgressToList, isJobOf } from '../live-job';

const isLive = (status: string) => ACTIVE_STATUSES.includes(status as never);
const isFinished = (status: string) => COMPLETED_STATUSES.includes(status as never);

/**
 * The live feed of an automation that is waiting, running or active: each push updates the cached
 * list (the '/automation' key) without a reload, and the 30-s reload stays the fallback. When a push
 * finishes the job, the list is read once more for what the push does not carry (leads, the report).
 * Answers the connection state, undefined while nothing is watched. Apart from the list's calls
 * (api/automations.ts), so that only the detail page carries the socket's code.
 */
export function useLiveAutomation(automation: Automation | undefined): ConnectionState | undefined {
  const { mutate } = useSWRConfig();
  const watched = automation && isLive(automation.status) ? automation.jobId || automation.id : undefined;
  const onProgress = useCallback(
    (push: LiveJobProgress) => {
      let finished = false;
      void mutate<AutomationListResponse>(
        AUTOMATIONS_KEY,
        (current) => {
          const next = applyJobProgressToList(current, push);
          const before = current?.data.automations.find((a) => isJobOf(a, push.jobId));
          const after = next?.data.automations.find((a) => isJobOf(a, push.jobId));
          finished = !!before && !!after && !isFinished(before.status) && isFinished(after.status);
          return next;
        },
        { revalidate: false },
      ).then(() => {
        if (finished) void mutate(AUTOMATIONS_KEY);
      });
    },
    [mutate],
  );
  return useJobProgress(watched, onProgress);
}
