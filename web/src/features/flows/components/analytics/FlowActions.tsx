import { Button, Group, Loader } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconRocket } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Flow } from '../../../../../../shared/flow-api';
import { FLOW_TEXTS } from '../../../../../../shared/flow-texts';
import { ApiError } from '../../../../lib/api-client';
import {
  countTrialExecution,
  isTrialLimitRefusal,
  markTrialLimitReached,
  TRIAL_LIMIT_MESSAGE,
  trialLimitReached,
} from '../../../../lib/flows/trial-executions';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useWorkspacePlan } from '../../../../lib/session';
import { LazyConfirmDialog } from '../../../../lib/ui/LazyConfirmDialog';
import { executeFlow, resumeFlow } from '../../api/analytics';
import { pauseFlow, stopFlow } from '../../api/flows';
import { FLOWS_PAGE_TEXTS } from '../../flows-texts';
import { ANALYTICS_TEXTS } from './analytics-texts';

type Action = 'pause' | 'resume' | 'stop' | 'execute';

const PRICING_PATH = '/pricing';

/**
 * The API's own words when it refused the action for a reason the user can act on (a 409 'A run of
 * this flow is already in progress', 'A paused flow cannot be executed.'), else the spec's
 * 'Failed to … flow' (a server failure, no answer, an answer that is not the API's).
 */
export function actionFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status < 400 || error.status >= 500 || error.code === 'UNEXPECTED_RESPONSE') return fallback;
  return error.message || fallback;
}

const CALLS: Record<Action, (id: string) => Promise<Flow>> = {
  pause: pauseFlow,
  resume: resumeFlow,
  stop: stopFlow,
  execute: executeFlow,
};

const DONE: Record<Action, string> = {
  pause: FLOW_TEXTS.toasts.paused,
  resume: FLOW_TEXTS.toasts.resumed,
  stop: FLOW_TEXTS.toasts.stopped,
  execute: FLOW_TEXTS.toasts.executionStarted,
};

const FAILED: Record<Action, string> = {
  pause: FLOW_TEXTS.errors.pause,
  resume: FLOW_TEXTS.errors.resume,
  stop: FLOW_TEXTS.errors.stop,
  execute: FLOW_TEXTS.errors.execute,
};

/**
 * Spec 2.4 and 4: pause (ACTIVE), resume (PAUSED), stop after a confirmation (not once stopped) and
 * execute now (an active flow only: the API refuses a paused one). Each says how it went; `onChanged` gets the flow the API
 * answered, to show it and read the analytics again. A trial's executions are counted in this browser
 * and the fourth is stopped before any call (spec 4, DECISIONS 4).
 */
export function FlowActions({
  flow,
  onChanged,
  onNoActionLeft,
}: {
  flow: Flow;
  onChanged: (flow: Flow) => Promise<unknown>;
  /** Where the keyboard goes when the action taken leaves no action to offer (a stop). */
  onNoActionLeft: () => void;
}) {
  const navigate = useNavigate();
  const workspace = useWorkspacePlan();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  // After an action changed the status its button goes (Pause becomes Resume): once the new status
  // shows, the keyboard goes to the first action left, or where the page says when none is.
  const focusOnStatus = useRef<string | null>(null);
  const noActionLeft = useRef(onNoActionLeft);
  noActionLeft.current = onNoActionLeft;

  useEffect(() => {
    if (focusOnStatus.current !== flow.status) return;
    focusOnStatus.current = null;
    const first = group.current?.querySelector<HTMLButtonElement>('button');
    if (first) first.focus();
    else noActionLeft.current();
  }, [flow.status]);

  const run = async (action: Action) => {
    if (busy) return;
    if (action === 'execute' && trialLimitReached(workspace)) {
      notifyError(TRIAL_LIMIT_MESSAGE);
      navigate(PRICING_PATH);
      return;
    }
    setBusy(action);
    try {
      const next = await CALLS[action](flow.id);
      if (action === 'execute' && workspace?.plan === 'TRIAL') countTrialExecution(workspace.id);
      notifySuccess(DONE[action]);
      setConfirming(false);
      focusOnStatus.current = next.status !== flow.status ? next.status : null;
      await onChanged(next);
    } catch (error) {
      if (action === 'execute' && isTrialLimitRefusal(error)) {
        if (workspace) markTrialLimitReached(workspace.id);
        notifyError(TRIAL_LIMIT_MESSAGE);
        navigate(PRICING_PATH);
        return;
      }
      notifyError(actionFailure(error, FAILED[action]));
    } finally {
      setBusy(null);
    }
  };

  const stopped = flow.status === 'COMPLETED';
  const button = (action: Action, label: string, icon: ReactNode, color: string, onClick: () => void) => (
    <Button
      key={action}
      size="sm"
      variant="light"
      color={color}
      leftSection={busy === action ? <Loader size={14} color="currentColor" aria-hidden /> : icon}
      aria-busy={busy === action || undefined}
      aria-disabled={Boolean(busy) || undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <>
      <Group
        gap="sm"
        ref={group}
        role="group"
        aria-label={ANALYTICS_TEXTS.actions}
        data-testid="flow-actions"
      >
        {flow.status === 'ACTIVE' &&
          button(
            'pause',
            ANALYTICS_TEXTS.pause,
            <IconPlayerPause size={16} aria-hidden />,
            'yellow',
            () => void run('pause'),
          )}
        {flow.status === 'PAUSED' &&
          button(
            'resume',
            ANALYTICS_TEXTS.resume,
            <IconPlayerPlay size={16} aria-hidden />,
            'teal',
            () => void run('resume'),
          )}
        {/* The API executes an active flow only (a paused one is resumed first). */}
        {flow.status === 'ACTIVE' &&
          button(
            'execute',
            ANALYTICS_TEXTS.executeNow,
            <IconRocket size={16} aria-hidden />,
            'indigo',
            () => void run('execute'),
          )}
        {!stopped &&
          button('stop', ANALYTICS_TEXTS.stop, <IconPlayerStop size={16} aria-hidden />, 'red', () => {
            if (busy) return;
            setConfirming(true);
          })}
      </Group>
      <LazyConfirmDialog
        title={FLOWS_PAGE_TEXTS.stopTitle}
        text={FLOWS_PAGE_TEXTS.stopText(flow.name)}
        cancelLabel={FLOWS_PAGE_TEXTS.cancel}
        confirmLabel={FLOWS_PAGE_TEXTS.stopConfirm}
        opened={confirming}
        busy={busy === 'stop'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run('stop')}
      />
    </>
  );
}
