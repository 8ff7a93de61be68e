import type { InvitationLimit } from './invitation-limit';
import type { PlatformRecordName } from './platforms';
import type { WarmUp } from './warm-up';

/**
 * The connections' record, status and texts, without their zod schemas (shared/connections.ts, which
 * re-exports these): the web app's pages import this file, so the connections page does not load the
 * validation library with the labels it shows (issue 10 point 7).
 */

/** The connection record (spec 3). */
export interface PlatformConnection {
  id: string;
  platform: PlatformRecordName;
  accountUsername: string | null;
  accountId: string;
  profileUrl: string | null;
  isActive: boolean;
  lastValidated: string | null;
  errorCount: number;
  lastError: string | null;
  createdAt: string;
  /**
   * The IANA zone of the browser that connected or last synced the account (DECISIONS 29): its daily
   * and weekly budgets reset at midnight and on Monday there. Null until a browser has said (UTC then).
   */
  timeZone: string | null;
  /**
   * Where the account stands in its warm-up (issue 23 point 3): null until its first write action;
   * left out where the answer is not the connections list.
   */
  warmUp?: WarmUp | null;
  /** The invitation budget while it adapts (issue 23 point 5); null: the full one. */
  invitationLimit?: InvitationLimit | null;
}

export type ConnectionStatus = 'Disconnected' | 'Needs Validation' | 'Issues Detected' | 'Connected';

/** Spec 9: a connection needs revalidation after more than 7 days. */
export const REVALIDATE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Spec 4, in the spec's order: not active, then stale validation (last validated more than 7 days ago:
 * exactly 7 days is still fresh), then errors. Only a validation date older than that is stale: a
 * connection without one (or with an unreadable one) is not 'more than 7 days ago', so its errors decide.
 */
export function connectionStatus(
  record: Pick<PlatformConnection, 'isActive' | 'lastValidated' | 'errorCount'>,
  now: Date = new Date(),
): ConnectionStatus {
  if (!record.isActive) return 'Disconnected';
  const validated = record.lastValidated ? new Date(record.lastValidated).getTime() : Number.NaN;
  if (!Number.isNaN(validated) && now.getTime() - validated > REVALIDATE_AFTER_MS) return 'Needs Validation';
  if (record.errorCount > 0) return 'Issues Detected';
  return 'Connected';
}

/** Spec 8 texts plus the server's own. */
export const CONNECTION_TEXTS = {
  disconnected: (label: string) => `${label} account disconnected`,
  validated: (label: string) => `${label} connection validated`,
  connected: (label: string) => `${label} account connected`,
  updated: (label: string) => `${label} connection updated`,
  notFound: 'Platform connection not found',
  checkConnected: (label: string) => `${label} is connected`,
  checkNotConnected: (label: string) => `${label} is not connected`,
  notInPlan: (label: string, hint: string | undefined) =>
    `${label} is not included in your plan.${hint ? ` ${hint}` : ''}`,
  sandboxUnavailable: 'Sandbox accounts are not available here.',
  listFailed: 'Failed to load platform connections',
  disconnectFailed: 'Failed to disconnect platform',
  validateFailed: 'Failed to validate connection',
} as const;
