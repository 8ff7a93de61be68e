import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Automation } from '../../../../../shared/automations-values';
import { AUTOMATIONS_KEY, type AutomationListResponse } from '../../../lib/automations';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUTOMATIONS_TEXTS } from '../automation-display';
import { failureReason, resumeAutomation, withStatus } from './automations';

/**
 * DECISIONS 25: Resume of a paused automation, for the active list's rows and the detail page. Says
 * how it went, puts the new status into the cached list at once and reloads the list; answers whether
 * it worked, so the caller can move the keyboard's focus off the button that goes away.
 */
export function useResumeAutomation() {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const resume = useCallback(
    async (automation: Pick<Automation, 'id' | 'jobId'>): Promise<boolean> => {
      setBusy(true);
      try {
        const status = await resumeAutomation(automation);
        notifySuccess(AUTOMATIONS_TEXTS.resumed);
        await mutate<AutomationListResponse>(
          AUTOMATIONS_KEY,
          (current) => withStatus(current, automation.id, status),
          { revalidate: true },
        );
        return true;
      } catch (failure) {
        notifyError(AUTOMATIONS_TEXTS.resumeFailed(failureReason(failure)));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [mutate],
  );
  return { busy, resume };
}
