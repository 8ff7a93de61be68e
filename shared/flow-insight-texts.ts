import type {
  ActivityStatus,
  ActivityType,
  MatchQuality,
  ProspectStatus,
  ProspectTimelineEntry,
} from './flow-insights';

/**
 * The words of the flow's activity feed, prospect list and prospect detail (issue 21 points 3 to 5;
 * part 2 sections 2.5 to 2.7) that FLOW_TEXTS (errors, toasts, empty states) does not hold: the
 * lists' count, page, Load More and end lines as the spec writes them, and the readable names of the
 * values the screens show.
 */
export const FLOW_LIST_TEXTS = {
  /** 'Showing x-y of n activities' (spec 2.5). */
  showingActivities: (from: number, to: number, total: number) =>
    `Showing ${from}-${to} of ${total} activities`,
  /** 'Showing x-y of n prospects' (spec 2.6). */
  showingProspects: (from: number, to: number, total: number) =>
    `Showing ${from}-${to} of ${total} prospects`,
  /** 'Page i of n': i is the pages loaded so far, n the list's page count. */
  page: (loaded: number, total: number) => `Page ${loaded} of ${total}`,
  loadMoreActivities: 'Load More Activities',
  loadMoreProspects: 'Load More Prospects',
  endOfActivities: "You've reached the end of the activity feed.",
  endOfProspects: "You've reached the end of the prospect list.",
} as const;

/** The activity types (spec 3, Activity) as the feed and its filter name them. */
export const ACTIVITY_TYPE_LABELS: Readonly<Record<ActivityType, string>> = {
  CONNECTION_SENT: 'Connection sent',
  CONNECTION_ACCEPTED: 'Connection accepted',
  CONNECTION_DECLINED: 'Connection declined',
  POST_LIKED: 'Post liked',
  POST_COMMENTED: 'Post commented',
  MESSAGE_SENT: 'Message sent',
  PROFILE_VIEWED: 'Profile viewed',
  CONNECTION_WITHDRAWN: 'Connection withdrawn',
};

export const ACTIVITY_STATUS_LABELS: Readonly<Record<ActivityStatus, string>> = {
  SUCCESS: 'Successful',
  FAILED: 'Failed',
};

export const PROSPECT_STATUS_LABELS: Readonly<Record<ProspectStatus, string>> = {
  FOUND: 'Found',
  CONTACTED: 'Contacted',
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

export const MATCH_QUALITY_LABELS: Readonly<Record<MatchQuality, string>> = {
  hot: 'Hot',
  warm: 'Warm',
  cold: 'Cold',
};

/** A prospect's story (spec 3: the activity types and profile_discovered, profile_enriched, ai_scoring_completed). */
export const TIMELINE_TYPE_LABELS: Readonly<Record<ProspectTimelineEntry['type'], string>> = {
  profile_discovered: 'Profile discovered',
  profile_enriched: 'Profile enriched',
  ai_scoring_completed: 'AI scoring completed',
  connection_sent: 'Connection sent',
  connection_accepted: 'Connection accepted',
  connection_declined: 'Connection declined',
  connection_withdrawn: 'Connection withdrawn',
  post_liked: 'Post liked',
  post_commented: 'Post commented',
  message_sent: 'Message sent',
  message_received: 'Message received',
};

/** Spec 2.7: the prospect detail's four tabs. */
export const PROSPECT_TAB_LABELS = {
  timeline: 'Activity Timeline',
  engagements: 'Engagements',
  posts: 'Recent Posts',
  companies: 'Companies',
} as const;
