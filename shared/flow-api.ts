import * as z from 'zod/mini';
import type { AutomationStatus } from './automations-values';
import { FLOW_NAME_MAX_LENGTH, FLOW_NAME_TEXTS } from './flow-name';
import { FLOW_TEXTS, type FlowConfig, flowConfig } from './flows';
import type { Platform } from './platforms';
import { idToken, nameText } from './text';

/**
 * The flows API (part 2 sections 3, 4, 7; DECISIONS 3, 4, 15, 27): a flow is stored as an automation
 * the engine runs like a recurring trob (one job per execution), and answered with the spec's Flow
 * shape and its uppercase status.
 */
export const FLOW_STATUSES = ['ACTIVE', 'PAUSED', 'COMPLETED', 'FAILED'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/**
 * The flow status shown for the lifecycle's status: a flow waiting for its next run, queued or running
 * is ACTIVE; a stopped flow (a user's cancel, DECISIONS 15) is COMPLETED.
 */
export function flowStatusOf(status: AutomationStatus): FlowStatus {
  switch (status) {
    case 'paused':
      return 'PAUSED';
    case 'completed':
    case 'cancelled':
      return 'COMPLETED';
    case 'failed':
      return 'FAILED';
    default:
      return 'ACTIVE';
  }
}

/**
 * A flow's name (issue 36 point 7; shared/flow-name.ts): one line a person reads, no link, 1 to 80
 * characters once trimmed. The wizard's form and the API parse it with this.
 */
export const flowName = z
  .string({ error: FLOW_NAME_TEXTS.blank })
  .check(
    nameText(FLOW_NAME_TEXTS.label),
    z.trim(),
    z.minLength(1, { error: FLOW_NAME_TEXTS.blank, abort: true }),
    z.maxLength(FLOW_NAME_MAX_LENGTH, FLOW_NAME_TEXTS.tooLong),
  );

/**
 * `POST /api/flows`: the template, the wizard's config (one schema with the wizard) and the name; without
 * one the flow is named after its template and audience (`defaultFlowName`).
 */
export const createFlowInput = z.object({
  templateId: z
    .string()
    .check(z.trim(), z.minLength(1, 'templateId is required'), z.maxLength(100), idToken('templateId')),
  config: flowConfig,
  name: z.optional(flowName),
});
export type CreateFlowInput = z.infer<typeof createFlowInput>;

/** `GET /api/flows?status=ACTIVE&templateId=...` */
export const listFlowsQuery = z.object({
  status: z.optional(z.enum(FLOW_STATUSES, 'status must be ACTIVE, PAUSED, COMPLETED or FAILED')),
  templateId: z.optional(z.string().check(z.minLength(1), z.maxLength(100), idToken('templateId'))),
});
export type ListFlowsQuery = z.infer<typeof listFlowsQuery>;

/** `PATCH /api/flows/{id}`: the flow's new name (a taken one gets ' (2)', as at the start). */
export const renameFlowInput = z.object({ name: flowName });
export type RenameFlowInput = z.infer<typeof renameFlowInput>;

/** `/api/flows/{id}` and its actions. */
export const flowIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128), idToken('flow id')),
});

export interface FlowExecutionStats {
  totalRuns: number;
  successfulRuns: number;
  failedRuns: number;
  /** Successful runs of all runs, as a percent text ('75%'); '0%' before the first run. */
  successRate: string;
  lastSuccessfulRun?: string;
}

export interface FlowProspectTracking {
  totalProspectsFound: number;
  totalConnectionRequests: number;
  connectionsAccepted: number;
  connectionsDeclined: number;
  messagesSent: number;
  totalEngagements: number;
}

/** A flow as the API answers it (spec section 3, Flow). */
export interface Flow {
  id: string;
  name: string;
  status: FlowStatus;
  createdAt: string;
  updatedAt: string;
  /** When the next scheduled run starts; absent for a paused or stopped flow. */
  nextScheduledRun?: string;
  templateId: string;
  template: { displayName: string; summary: string; description: string; platform: Platform };
  config: FlowConfig;
  state: { prospectTracking: FlowProspectTracking; executionStats: FlowExecutionStats };
  /** Accepted of sent connection requests, 0 to 100 (the running card's bar). */
  analytics: { connectionRate: number };
  /** The current or last run: its stage and message as the engine reports them. */
  currentRun?: { jobId: string; stage?: string; message?: string; progress: number; errorMessage?: string };
}

/** The API's own words; the screens' texts are FLOW_TEXTS in shared/flows.ts. */
export const FLOW_API_TEXTS = {
  plusOnly: 'Flows are available on the PLUS plan. Upgrade to start one.',
  limit: (limit: number) =>
    `Your plan runs at most ${limit} flow${limit === 1 ? '' : 's'} at a time. Pause or stop one to start another.`,
  runInProgress: 'A run of this flow is already in progress',
  notFound: FLOW_TEXTS.empty.flowNotFound,
  templateNotFound: FLOW_TEXTS.empty.templateNotFound,
  cannotChange: (from: FlowStatus, action: string) =>
    `${from === 'ACTIVE' ? 'An' : 'A'} ${from.toLowerCase()} flow cannot be ${action}.`,
  started: FLOW_TEXTS.toasts.started,
  paused: FLOW_TEXTS.toasts.paused,
  resumed: FLOW_TEXTS.toasts.resumed,
  stopped: FLOW_TEXTS.toasts.stopped,
  renamed: FLOW_NAME_TEXTS.renamed,
  executionStarted: FLOW_TEXTS.toasts.executionStarted,
} as const;
