import type { FlowStatus } from './flow-api';
import type { PersonFields } from './person';
import type { TextOriginStats } from './review';

/**
 * What a flow did, as the insight screens read it (without zod: the screens import this file) (issue 21; part 2 sections 2.4 to 2.7, 3, 7):
 * the analytics of a period, the activity feed, the prospects and one prospect's story. The routes'
 * queries are checked by these schemas on the server; the screens use the same types and constants.
 */

export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7d';
export const PERIOD_DAYS: Readonly<Record<AnalyticsPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90 };

export const ACTIVITY_TYPES = [
  'CONNECTION_SENT',
  'CONNECTION_ACCEPTED',
  'CONNECTION_DECLINED',
  'POST_LIKED',
  'POST_COMMENTED',
  'MESSAGE_SENT',
  'PROFILE_VIEWED',
  /** Issue 23: an invitation left unanswered too long, withdrawn by the flow. */
  'CONNECTION_WITHDRAWN',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The activity feed's status filter: whether the thing was done (a refusal or a write not shown is FAILED). */
export const ACTIVITY_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Where a prospect stands with the flow; the list's filter offers the spec's four (spec 2.6). */
export const PROSPECT_STATUSES = ['FOUND', 'CONTACTED', 'PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];
export const PROSPECT_FILTER_STATUSES = ['CONTACTED', 'ACCEPTED', 'PENDING', 'DECLINED'] as const;
export type ProspectFilterStatus = (typeof PROSPECT_FILTER_STATUSES)[number];

/** Spec 9: activities and prospects come 20 to a page. */
export const INSIGHT_PAGE_SIZE = 20;
export const INSIGHT_PAGE_MAX = 100;
export const INSIGHT_SEARCH_MAX = 100;
/** Spec 2.5: a details value longer than this is cut with an ellipsis. */
export const DETAIL_VALUE_CUT = 100;

export const INSIGHT_MESSAGES = {
  period: 'period must be 7d, 30d or 90d',
  type: `type must be one of ${ACTIVITY_TYPES.join(', ')}`,
  activityStatus: 'status must be SUCCESS or FAILED',
  prospectStatus: `status must be one of ${PROSPECT_STATUSES.join(', ')}`,
  search: `search must be ${INSIGHT_SEARCH_MAX} characters or less`,
  // A page after the first without a cursor; a cursor the list did not give is 'Invalid cursor' (shared/paging.ts).
  cursor: 'A page after the first needs the cursor the page before it answered',
} as const;

// --- Answers -------------------------------------------------------------------------------------

/** Spec 3, Pagination. */
export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  hasNext: boolean;
}

/** Spec 3, Activity. */
export interface FlowActivity {
  id: string;
  type: ActivityType;
  wasSuccessful: boolean;
  timestamp: string;
  stage: string;
  prospect: { id: string; name: string; company?: string; title?: string };
  connection?: { message?: string; requestId?: string };
  engagement?: { postText?: string; postUrl?: string; comment?: string };
  details?: Record<string, string | number | boolean>;
  errorMessage?: string;
  description: string;
}

export interface ActivitiesResponse {
  status: 'success';
  data: { activities: FlowActivity[]; pagination: Pagination; nextCursor?: string };
}

export type MatchQuality = 'hot' | 'warm' | 'cold';

export interface RelevanceFactor {
  factor: string;
  /** 0 to 1. */
  weight: number;
  detail: string;
}

/** A prospect's recent post (spec 3, Prospect.recentPosts). */
export interface ProspectPostView {
  id: string;
  type: 'post';
  timestamp: string;
  content: string;
  url: string;
  engagement: { liked: boolean; commented: boolean };
  metrics: { likesCount: number; commentsCount: number; sharesCount: number };
}

/** A prospect as the list shows it. */
export interface ProspectSummary extends PersonFields {
  profileImage?: string;
  profileUrl: string;
  status: ProspectStatus;
  aiScore?: number;
  matchQuality?: MatchQuality;
  matchReason?: string;
  discoveredAt: string;
  recentPosts: ProspectPostView[];
}

export interface ProspectsResponse {
  status: 'success';
  data: { prospects: ProspectSummary[]; pagination: Pagination; nextCursor?: string };
}

/** One event of a prospect's story, oldest first. */
export interface ProspectTimelineEntry {
  type:
    | 'profile_discovered'
    | 'profile_enriched'
    | 'ai_scoring_completed'
    | 'connection_sent'
    | 'connection_accepted'
    | 'connection_declined'
    | 'connection_withdrawn'
    | 'post_liked'
    | 'post_commented'
    | 'message_sent'
    | 'message_received';
  timestamp: string;
  description: string;
  wasSuccessful: boolean;
}

/** Spec 3, Prospect: the detail page's whole story. */
export interface ProspectDetail extends ProspectSummary {
  relevanceFactors: RelevanceFactor[];
  /** The invitation's story; `withdrawnAt` when the flow took it back unanswered (issue 23). */
  connection: {
    sentAt?: string;
    message?: string;
    acceptedAt?: string;
    declinedAt?: string;
    withdrawnAt?: string;
  };
  engagements: Array<{
    type: 'POST_LIKED' | 'POST_COMMENTED';
    timestamp: string;
    postText?: string;
    postUrl?: string;
    comment?: string;
  }>;
  timeline: ProspectTimelineEntry[];
  companies: Array<{
    name: string;
    industry?: string;
    website?: string;
    size?: string;
    location?: string;
    growthStage?: string;
    isHiring?: boolean;
  }>;
}

export interface ProspectResponse {
  data: { prospect: ProspectDetail };
}

export const FUNNEL_STEPS = [
  'found',
  'scored',
  'engaged',
  'invited',
  'accepted',
  'messaged',
  'replied',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** One day of the period in the flow's time zone; a rate is a percent (0-100), null with nothing to divide. */
export interface AnalyticsDay {
  date: string;
  prospectsFound: number;
  invitationsSent: number;
  invitationsAccepted: number;
  invitationsDeclined: number;
  messagesSent: number;
  engagements: number;
  /** Accepted that day of the answers that day (accepted + declined). */
  acceptanceRate: number | null;
}

/** Spec 3, Flow analytics, and the charts' series (issue 21 point 2). */
export interface FlowAnalytics {
  flowId: string;
  status: FlowStatus;
  period: AnalyticsPeriod;
  /** The period's first and last day (YYYY-MM-DD) in the flow's time zone. */
  from: string;
  to: string;
  timezone: string;
  executionStats: {
    totalRuns: number;
    successfulRuns: number;
    failedRuns: number;
    /** Successful of all runs as a percent text ('75.0%'), '0%' with no run. */
    successRate: string;
    lastSuccessfulRun: string | null;
  };
  prospectStats: {
    totalProspectsFound: number;
    totalConnectionRequests: number;
    connectionsAccepted: number;
    /** Accepted of sent as a percent text ('33.3%'), '0%' with none sent. */
    connectionRate: string;
    totalEngagements: number;
    messagesExchanged: number;
    /**
     * Prospects of earlier runs (the last 7 days) whose like, comment or invitation waits for the
     * account's budget: the next run sends theirs first (issue 36 point 6). Now, whatever the period.
     */
    waiting: number;
  };
  performance: { deduplicationCount: number };
  scheduling: {
    runsPerDay: number;
    weekendsEnabled: boolean;
    workingHours: { start: string; end: string; timezone: string };
    nextScheduledRun: string | null;
  };
  /** The flow's runs started in the period, newest first (DECISIONS 27: its jobs). */
  executionHistory: Array<{
    jobId: string;
    /** The run's last stage as the engine recorded it. */
    stage: string;
    status: 'COMPLETED' | 'FAILED' | 'RUNNING' | 'CANCELLED' | 'PAUSED';
    startedAt: string;
    completedAt: string | null;
    message?: string;
    prospectsFound?: number;
  }>;
  daily: AnalyticsDay[];
  funnel: Array<{ step: FunnelStep; count: number; rateFromPrevious: number | null }>;
  acceptanceByQuality: Array<{
    quality: MatchQuality;
    invited: number;
    accepted: number;
    rate: number | null;
  }>;
  /** The connected account's budget use this week (its own week, DECISIONS 29) against its limits. */
  budget: {
    timeZone: string;
    week: string;
    actions: Array<{
      action: string;
      label: string;
      usedToday: number;
      daily: number;
      usedThisWeek: number;
      weekly: number;
    }>;
  } | null;
  /**
   * Issue 23 point 1: over the flow's life, its notes and messages by where their text came from
   * (approved as written, edited, autopilot) and how many were accepted or answered; absent before
   * review existed.
   */
  reviewComparison?: TextOriginStats[];
}

export interface AnalyticsResponse {
  data: { analytics: FlowAnalytics };
}

/** Spec 5 score colours: 90+ green, 70+ blue, 50+ yellow, below red. */
export function scoreColor(score: number): 'green' | 'blue' | 'yellow' | 'red' {
  if (score >= 90) return 'green';
  if (score >= 70) return 'blue';
  if (score >= 50) return 'yellow';
  return 'red';
}

/** Spec 2.5: a details value over 100 characters is cut with an ellipsis. */
export function cutDetail(value: string): string {
  return value.length > DETAIL_VALUE_CUT ? `${value.slice(0, DETAIL_VALUE_CUT)}…` : value;
}
