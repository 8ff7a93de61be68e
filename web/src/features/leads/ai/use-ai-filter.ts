import { useCallback, useEffect, useRef, useState } from 'react';
import type { AiMatchedLead } from '../../../../../shared/ai-filter';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LEADS_TEXTS } from '../leads-texts';
import type { AiFilterRequest } from './ai-filter-client';

/** Part 2 section 4: the AI filter is off, then streaming, then applied. */
export type AiFilterPhase = 'off' | 'streaming' | 'applied';

export interface AiFilterState {
  phase: AiFilterPhase;
  /** The summary as streamed so far (deltas appended), then the final one. */
  summary: string;
  /** The matched leads' ids, best first, with why each matched. */
  order?: string[];
  reasons: ReadonlyMap<string, AiMatchedLead>;
  totalMatches?: number;
  failed: boolean;
}

const OFF: AiFilterState = { phase: 'off', summary: '', reasons: new Map(), failed: false };

/**
 * Runs the AI filter and holds its state. On results the list is replaced (the page resets through
 * `onApplied`); a refusal, a non-OK answer or an error event mid-stream shows 'Failed to process AI
 * request' and the panel's 'Error: Failed to get AI response' (part 2 section 8).
 */
export function useAiFilter(onApplied: () => void) {
  const [state, setState] = useState<AiFilterState>(OFF);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (request: AiFilterRequest) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((current) => ({ ...current, phase: 'streaming', summary: '', failed: false }));
      try {
        // The stream's reader comes with the first request, not with the screen.
        const { streamAiFilter } = await import('./ai-filter-client');
        for await (const event of streamAiFilter(request, controller.signal)) {
          if (event.type === 'chat:completion') {
            setState((current) => ({ ...current, summary: current.summary + event.data.delta_content }));
          } else if (event.type === 'results') {
            const { leads, summary, totalMatches } = event.data;
            setState({
              phase: 'applied',
              summary,
              order: leads.map((lead) => lead.id),
              reasons: new Map(leads.map((lead) => [lead.id, lead])),
              totalMatches,
              failed: false,
            });
            onApplied();
            notifySuccess(LEADS_TEXTS.aiFoundNote(totalMatches));
            return;
          } else {
            throw new Error(event.data.message);
          }
        }
        throw new Error('The AI stream ended without results');
      } catch {
        if (controller.signal.aborted) return;
        setState((current) => ({
          ...current,
          phase: current.order ? 'applied' : 'off',
          summary: '',
          failed: true,
        }));
        notifyError(LEADS_TEXTS.aiFailedNote);
      } finally {
        if (running.current === controller) running.current = undefined;
      }
    },
    [onApplied],
  );

  const clear = useCallback(() => {
    running.current?.abort();
    setState(OFF);
    onApplied();
    notifySuccess(LEADS_TEXTS.aiCleared);
  }, [onApplied]);

  return { state, run, clear };
}
