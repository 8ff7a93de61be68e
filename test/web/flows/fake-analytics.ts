import {
  type AnalyticsDay,
  type AnalyticsPeriod,
  type FlowAnalytics,
  PERIOD_DAYS,
} from '../../../shared/flow-insights-values';

/** The flow whose analytics these are (flow-analytics.test.tsx, flow-day-plan.test.tsx). */
export const FLOW_ID = 'f-analytics';

/** `count` days ending 2025-03-14, each with figures that grow with the day. */
export function makeDays(count: number): AnalyticsDay[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2025, 2, 14 - (count - 1 - index))).toISOString().slice(0, 10);
    const accepted = index % 3;
    const declined = index % 2;
    return {
      date,
      prospectsFound: 10 + index,
      invitationsSent: 5 + index,
      invitationsAccepted: accepted,
      invitationsDeclined: declined,
      messagesSent: accepted,
      engagements: 2,
      acceptanceRate: accepted + declined > 0 ? (accepted / (accepted + declined)) * 100 : null,
    };
  });
}

/** A flow's analytics for a period, as `GET /api/flows/{id}/analytics` answers them. */
export function makeAnalytics(overrides: Partial<FlowAnalytics> = {}): FlowAnalytics {
  const period: AnalyticsPeriod = overrides.period ?? '7d';
  const daily = makeDays(PERIOD_DAYS[period]);
  return {
    flowId: FLOW_ID,
    status: 'ACTIVE',
    period,
    from: daily[0]!.date,
    to: daily.at(-1)!.date,
    timezone: 'America/New_York',
    executionStats: {
      totalRuns: 12,
      successfulRuns: 9,
      failedRuns: 3,
      successRate: '75.0%',
      lastSuccessfulRun: '2025-03-14T15:30:00.000Z',
    },
    prospectStats: {
      totalProspectsFound: 137,
      totalConnectionRequests: 64,
      connectionsAccepted: 21,
      connectionRate: '32.8%',
      totalEngagements: 45,
      messagesExchanged: 17,
      waiting: 4,
    },
    performance: { deduplicationCount: 28 },
    scheduling: {
      runsPerDay: 3,
      weekendsEnabled: false,
      workingHours: { start: '09:00', end: '17:00', timezone: 'America/New_York' },
      nextScheduledRun: '2025-03-15T14:00:00.000Z',
    },
    executionHistory: [
      {
        jobId: `${FLOW_ID}.3`,
        stage: 'follow_up',
        status: 'RUNNING',
        startedAt: '2025-03-14T18:00:00.000Z',
        completedAt: null,
      },
      {
        jobId: `${FLOW_ID}.2`,
        stage: 'connect',
        status: 'FAILED',
        startedAt: '2025-03-14T14:00:00.000Z',
        completedAt: '2025-03-14T14:20:00.000Z',
        message: 'The invitation budget is spent for today',
      },
      {
        jobId: `${FLOW_ID}.1`,
        stage: 'follow_up',
        status: 'COMPLETED',
        startedAt: '2025-03-13T14:00:00.000Z',
        completedAt: '2025-03-13T14:35:00.000Z',
      },
    ],
    daily,
    funnel: [
      { step: 'found', count: 137, rateFromPrevious: null },
      { step: 'scored', count: 120, rateFromPrevious: 87.6 },
      { step: 'engaged', count: 80, rateFromPrevious: 66.7 },
      { step: 'invited', count: 64, rateFromPrevious: 80 },
      { step: 'accepted', count: 21, rateFromPrevious: 32.8 },
      { step: 'messaged', count: 17, rateFromPrevious: 81 },
      { step: 'replied', count: 4, rateFromPrevious: 23.5 },
    ],
    acceptanceByQuality: [
      { quality: 'hot', invited: 20, accepted: 11, rate: 55 },
      { quality: 'warm', invited: 30, accepted: 8, rate: 26.7 },
      { quality: 'cold', invited: 0, accepted: 0, rate: null },
    ],
    budget: {
      timeZone: 'America/New_York',
      week: '2025-03-10',
      actions: [
        { action: 'invite', label: 'Invitations', usedToday: 12, daily: 20, usedThisWeek: 64, weekly: 100 },
        {
          action: 'profile_view',
          label: 'Profile views',
          usedToday: 30,
          daily: 80,
          usedThisWeek: 95,
          weekly: 100,
        },
      ],
    },
    ...overrides,
  };
}
