import type { RunCounters, SegmentContextBase, SegmentState } from '../../engine/run-context';
import type { FlowRunStore } from './flow-run-store';

/** A flow's context (issue 20): the platform's flow driver and the flow's own stores (flow-run-store.ts). */
export interface FlowContext extends SegmentContextBase {
  readonly flow: FlowRunStore;
  readonly state: FlowRunState;
}

/** What a flow's run counts besides the engine's counters, kept with them at each checkpoint. */
export interface FlowCounters {
  /**
   * The run's share of its account's day plan (issue 23 point 4), set when it starts: the new prospects
   * it looks for, and what the day plan gave it of each budget (the governor still guards each take: a
   * run may do less, never more than the budgets).
   */
  planShare?: { prospects: number; takes: Record<string, number> };
  /** The run's backlog (issue 36 point 6): prospects of earlier runs still waiting when it began. */
  backlog?: number;
  /** The run met its account's spent profile views: the rest of its prospects are scored unread. */
  profilesSpent?: boolean;
}

export type FlowRunState = SegmentState & { counters: RunCounters & FlowCounters };
