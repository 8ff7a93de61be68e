import type {
  AnalyticsPeriod,
  FunnelStep,
  MatchQuality,
} from '../../../../../../shared/flow-insights-values';

/**
 * The analytics screen's own words (spec part 2, section 2.4; issue 21 point 2). Its errors, toasts and
 * missing state are the spec's, in FLOW_TEXTS (shared/flow-texts.ts).
 */
export const ANALYTICS_TEXTS = {
  title: (name: string) => `${name} analytics`,
  pageTitle: 'Flow analytics',
  flowPages: 'This flow’s pages',
  back: 'Back to Flows',
  loading: 'Loading flow analytics',
  loadingPeriod: 'Loading the chosen period…',
  notFoundText: 'This flow does not exist, or it is not one of yours.',
  refresh: 'Refresh',
  retry: 'Retry',
  activities: 'Activities',
  prospects: 'Prospects',
  period: 'Period',
  periodRange: (from: string, to: string, timezone: string) => `${from} to ${to} (${timezone})`,
  actions: 'Flow actions',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  executeNow: 'Execute now',
  overview: 'Overview',
  totalRuns: 'Total runs',
  successfulRuns: 'Successful runs',
  failedRuns: 'Failed runs',
  successRate: 'Success rate',
  lastSuccessfulRun: 'Last successful run',
  never: 'Never',
  pipeline: 'Prospect pipeline',
  prospectsFound: 'Prospects found',
  connectionRequests: 'Connection requests',
  connectionsAccepted: 'Connections accepted',
  connectionRate: 'Acceptance rate',
  engagements: 'Engagements',
  messagesExchanged: 'Messages exchanged',
  waiting: 'Waiting for budget',
  waitingHint: 'Found in the last 7 days; their like, comment or invitation goes first next run.',
  performance: 'Execution performance',
  deduplication: 'Duplicates skipped',
  deduplicationHint: 'People the account had already met, left out so nobody is contacted twice.',
  runSuccess: (successful: number, total: number) =>
    `${successful} of ${total} ${total === 1 ? 'run' : 'runs'} succeeded`,
  scheduling: 'Scheduling',
  runsPerDay: 'Runs per day',
  weekends: 'Weekends',
  weekendsOn: 'Runs on weekends',
  weekendsOff: 'Weekdays only',
  workingHours: 'Working hours',
  workingHoursValue: (start: string, end: string, timezone: string) => `${start}–${end} (${timezone})`,
  nextRun: 'Next scheduled run',
  notScheduled: 'Not scheduled',
  history: 'Recent executions',
  historyCaption: 'The flow’s runs started in the period, newest first',
  noHistory: 'No executions in this period',
  stage: 'Stage',
  status: 'Status',
  startedAt: 'Started',
  completedAt: 'Completed',
  inProgress: 'In progress',
  charts: 'Charts',
  daily: 'Daily activity',
  dailySummary: (found: number, sent: number, accepted: number) =>
    `In this period: ${found} prospects found, ${sent} invitations sent, ${accepted} accepted.`,
  date: 'Date',
  invitationsSent: 'Invitations sent',
  invitationsAccepted: 'Invitations accepted',
  acceptance: 'Acceptance rate over the period',
  acceptanceSummary: (rate: string, accepted: number, answered: number) =>
    `${rate} of the ${answered} answered invitations were accepted (${accepted}).`,
  acceptanceNone: 'No invitation was answered in this period.',
  noAnswers: 'No answers',
  acceptanceHint: 'Accepted of the invitations answered each day; days without answers leave a gap.',
  funnel: 'Funnel',
  funnelHint: 'Each step with the share of the step before it.',
  ofPrevious: (rate: string) => `${rate} of the step before`,
  quality: 'Acceptance by match quality',
  qualityColumn: 'Match quality',
  invited: 'Invited',
  accepted: 'Accepted',
  rate: 'Rate',
  budget: 'Account budget this week',
  budgetHint: (week: string, timezone: string) =>
    `The connected account’s limits, shared by its flows and trobs; week of ${week} (${timezone}).`,
  noBudget: 'No connected account: connect one to see its weekly budget.',
  connectAccount: 'Connect an account',
  thisWeek: (used: number, limit: number) => `${used} of ${limit} this week`,
  today: (used: number, limit: number) => `${used} of ${limit} today`,
  budgetBar: (label: string) => `${label} this week`,
  asTable: (title: string) => `${title}, as a table`,
  none: '—',
} as const;

/** The period selector's choices (spec 9: 7d, 30d, 90d). */
export const PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

export const FUNNEL_LABELS: Readonly<Record<FunnelStep, string>> = {
  found: 'Found',
  scored: 'Scored',
  engaged: 'Engaged',
  invited: 'Invited',
  accepted: 'Accepted',
  messaged: 'Messaged',
  replied: 'Replied',
};

export const QUALITY_LABELS: Readonly<Record<MatchQuality, string>> = {
  hot: 'Hot',
  warm: 'Warm',
  cold: 'Cold',
};

/** A run's status (spec 3, executionHistory: COMPLETED, FAILED, other) in words and colour. */
export const RUN_STATUS_LOOK: Readonly<Record<string, { label: string; color: string }>> = {
  COMPLETED: { label: 'Completed', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
  RUNNING: { label: 'Running', color: 'blue' },
  PAUSED: { label: 'Paused', color: 'yellow' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
};
