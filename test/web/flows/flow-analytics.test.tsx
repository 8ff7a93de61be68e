import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/auth';
import type { Flow, FlowStatus } from '../../../shared/flow-api';
import { FLOW_API_TEXTS } from '../../../shared/flow-api';
import {
  type AnalyticsPeriod,
  type FlowAnalytics,
  FUNNEL_STEPS,
  PERIOD_DAYS,
} from '../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../shared/flow-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { FLOW_ID, makeAnalytics, makeDays } from './fake-analytics';
import { dayPlanAnswer, makeDayPlan } from './fake-day-plan';
import { makeFlow } from './fake-flows';

// jsdom lays nothing out: the charts' responsive containers are given a size, so that recharts draws
// (and the drawing can be checked for what reaches screen readers and the keyboard).
beforeEach(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 640,
      bottom: 240,
      width: 640,
      height: 240,
      toJSON: () => ({}),
    };
  });
  // user-event's arrow keys between radio buttons look the group up with CSS.escape, which jsdom lacks.
  if (typeof window.CSS?.escape !== 'function') {
    vi.stubGlobal('CSS', { ...window.CSS, escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LONG = { timeout: 5000 };
const SLOW = 15000;
const PATH = `/flows/${FLOW_ID}/analytics`;

interface Served {
  flow: Flow;
  /** The analytics answered for a period. */
  analytics: (period: AnalyticsPeriod) => FlowAnalytics;
}

/**
 * `GET /api/flows/{id}` and `GET /api/flows/{id}/analytics?period=` from `served`, read at each call,
 * and `GET /api/flows/{id}/plan`, which the page's Next runs card reads (flow-day-plan.test.tsx tests it).
 */
function serve(api: FakeApi, served: Served) {
  api.on('GET', `/flows/${FLOW_ID}`, () => ({ status: 200, body: { data: { flow: served.flow } } }));
  api.on('GET', `/flows/${FLOW_ID}/plan`, dayPlanAnswer(makeDayPlan()));
  api.on('GET', `/flows/${FLOW_ID}/analytics`, (call) => {
    const period = (new URL(call.path, 'http://x').searchParams.get('period') ?? '7d') as AnalyticsPeriod;
    return { status: 200, body: { data: { analytics: served.analytics(period) } } };
  });
}

/** The flow's action answered with the flow in `status`, which the later reads then show. */
function answerAction(api: FakeApi, served: Served, method: string, path: string, status: FlowStatus) {
  api.on(method, path, () => {
    served.flow = { ...served.flow, status };
    return { status: 200, body: { success: true, data: { flow: served.flow } } };
  });
}

async function openAnalytics(
  api: FakeApi,
  {
    status = 'ACTIVE',
    analytics = (period: AnalyticsPeriod) => makeAnalytics({ period }),
    path = PATH,
    user = makeUser({ plan: 'PLUS' }),
  }: {
    status?: FlowStatus;
    analytics?: (period: AnalyticsPeriod) => FlowAnalytics;
    path?: string;
    user?: User;
  } = {},
) {
  signInAs(api, user);
  const served: Served = {
    flow: makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach', status }),
    analytics,
  };
  serve(api, served);
  const events = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Q3 founders outreach', level: 1 }, LONG);
  await screen.findByTestId('block-overview', {}, LONG);
  return { user: events, served, ...view };
}

const stat = (id: string) => screen.getByTestId(`stat-${id}`).textContent;
const block = (id: string) => within(screen.getByTestId(id));
const actions = () => within(screen.getByRole('group', { name: 'Flow actions' }));
const actionNames = () =>
  actions()
    .queryAllByRole('button')
    .map((button) => button.textContent);
/** A chart's hidden table, as rows of cell texts (header row first). */
const tableOf = (chart: string) =>
  [...within(screen.getByTestId(chart)).getByTestId('chart-table').querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('/flows/:flowId/analytics', () => {
  it(
    'shows the flow, its status, its links and the five blocks with the answer’s numbers',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api);

      expect(screen.getByTestId('flow-status').textContent).toBe('Active');
      expect(screen.getByRole('link', { name: 'Activities' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/activities`,
      );
      expect(screen.getByRole('link', { name: 'Prospects' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/prospects`,
      );
      expect(screen.getByRole('link', { name: 'Review queue' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/review`,
      );
      expect(screen.getByRole('link', { name: 'Back to Flows' }).getAttribute('href')).toBe(
        '/flows?tab=running',
      );
      expect(document.title).toBe('Q3 founders outreach analytics | Trobly');
      // The period: 7d by default, asked as such, its days named.
      expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeTruthy();
      expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=7d`).length).toBeGreaterThan(0);
      expect(screen.getByTestId('period-range').textContent).toBe(
        'Mar 8, 2025 to Mar 14, 2025 (America/New_York)',
      );

      // Overview (executionStats).
      expect(stat('total-runs')).toBe('12');
      expect(stat('successful-runs')).toBe('9');
      expect(stat('failed-runs')).toBe('3');
      expect(stat('success-rate')).toBe('75.0%');
      // 15:30 UTC is 11:30 in New York (EDT from March 9, 2025).
      expect(stat('last-success')).toBe('Mar 14, 2025, 11:30 AM');
      // Prospect pipeline (prospectStats).
      expect(stat('prospects-found')).toBe('137');
      expect(stat('connection-requests')).toBe('64');
      expect(stat('connections-accepted')).toBe('21');
      expect(stat('connection-rate')).toBe('32.8%');
      expect(stat('engagements')).toBe('45');
      expect(stat('messages')).toBe('17');
      // Issue 36 point 6: how many of the flow's earlier prospects wait for its writes, and what that means.
      expect(stat('waiting')).toBe('4');
      expect(block('block-pipeline').getByText('Waiting for budget')).toBeTruthy();
      expect(
        block('block-pipeline').getByText(
          'Found in the last 7 days; their like, comment or invitation goes first next run.',
        ),
      ).toBeTruthy();
      // Execution performance.
      expect(stat('performance-rate')).toBe('75.0%');
      expect(stat('deduplication')).toBe('28');
      expect(
        block('block-performance')
          .getByRole('progressbar', { name: 'Success rate' })
          .getAttribute('aria-valuenow'),
      ).toBe('75');
      expect(block('block-performance').getByText('9 of 12 runs succeeded')).toBeTruthy();
      // Scheduling.
      expect(stat('runs-per-day')).toBe('3');
      expect(stat('weekends')).toBe('Weekdays only');
      expect(stat('working-hours')).toBe('09:00–17:00 (America/New_York)');
      expect(stat('next-run')).toBe('Mar 15, 2025, 10:00 AM');
      // Recent executions: stage, status, start and end.
      const rows = screen
        .getAllByTestId('execution-row')
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Follow up', 'Running', 'Mar 14, 2025, 2:00 PM', 'In progress'],
        [
          'ConnectThe invitation budget is spent for today',
          'Failed',
          'Mar 14, 2025, 10:00 AM',
          'Mar 14, 2025, 10:20 AM',
        ],
        ['Follow up', 'Completed', 'Mar 13, 2025, 10:00 AM', 'Mar 13, 2025, 10:35 AM'],
      ]);

      // Headings in order: the flow's name, then one level-2 heading per block.
      const headings = screen.getAllByRole('heading').map((h) => `${h.tagName}:${h.textContent}`);
      expect(headings[0]).toBe('H1:Q3 founders outreach');
      expect(headings.slice(1).every((h) => h.startsWith('H2:'))).toBe(true);
      expect(headings.slice(1).map((h) => h.slice(3))).toEqual([
        'Overview',
        'Prospect pipeline',
        'Execution performance',
        'Scheduling',
        'Recent executions',
        'Daily activity',
        'Acceptance rate over the period',
        'Funnel',
        'Acceptance by match quality',
        'Account budget this week',
        'Next runs',
      ]);
    },
    SLOW,
  );

  it(
    'gives every chart its numbers in text and hides the drawing from screen readers',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api);
      const days = makeDays(7);

      // (1) Per day: found, sent, accepted; the totals in the summary line.
      const daily = tableOf('chart-daily');
      expect(daily[0]).toEqual(['Date', 'Prospects found', 'Invitations sent', 'Invitations accepted']);
      expect(daily).toHaveLength(8);
      expect(daily[1]).toEqual(['Mar 8, 2025', '10', '5', '0']);
      expect(daily[7]).toEqual(['Mar 14, 2025', '16', '11', '0']);
      const sum = (key: 'prospectsFound' | 'invitationsSent' | 'invitationsAccepted') =>
        days.reduce((total, day) => total + day[key], 0);
      expect(within(screen.getByTestId('chart-daily')).getByTestId('chart-summary').textContent).toBe(
        `In this period: ${sum('prospectsFound')} prospects found, ${sum('invitationsSent')} invitations sent, ${sum('invitationsAccepted')} accepted.`,
      );

      // (2) The acceptance rate per day; a day without answers says so.
      const acceptance = tableOf('chart-acceptance');
      expect(acceptance[0]).toEqual(['Date', 'Acceptance rate']);
      expect(acceptance.slice(1).map((row) => row[1])).toEqual(
        days.map((day) =>
          day.acceptanceRate === null ? 'No answers' : `${Math.round(day.acceptanceRate * 10) / 10}%`,
        ),
      );
      expect(acceptance[1]).toEqual(['Mar 8, 2025', 'No answers']);
      const accepted = sum('invitationsAccepted');
      const answered = accepted + days.reduce((total, day) => total + day.invitationsDeclined, 0);
      expect(within(screen.getByTestId('chart-acceptance')).getByTestId('chart-summary').textContent).toBe(
        `${Math.round((accepted / answered) * 1000) / 10}% of the ${answered} answered invitations were accepted (${accepted}).`,
      );

      // (3) The funnel is a list of text: each step's count and its rate from the step before.
      const funnel = within(screen.getByTestId('chart-funnel'));
      expect(funnel.getAllByRole('listitem')).toHaveLength(FUNNEL_STEPS.length);
      expect(screen.getByTestId('funnel-found').textContent).toBe('Found137');
      expect(screen.getByTestId('funnel-invited').textContent).toBe('Invited64 (80% of the step before)');
      expect(screen.getByTestId('funnel-replied').textContent).toBe('Replied4 (23.5% of the step before)');

      // (4) Acceptance by match quality.
      expect(tableOf('chart-quality')).toEqual([
        ['Match quality', 'Invited', 'Accepted', 'Rate'],
        ['Hot', '20', '11', '55%'],
        ['Warm', '30', '8', '26.7%'],
        ['Cold', '0', '0', '—'],
      ]);

      // (5) The account's budget: a named progress bar per action, with the week's and today's use.
      const budget = within(screen.getByTestId('chart-budget'));
      const invites = budget.getByRole('progressbar', { name: 'Invitations this week' });
      expect(invites.getAttribute('aria-valuenow')).toBe('64');
      expect(
        budget.getByRole('progressbar', { name: 'Profile views this week' }).getAttribute('aria-valuenow'),
      ).toBe('95');
      expect(within(screen.getByTestId('budget-invite')).getByText('64 of 100 this week')).toBeTruthy();
      expect(within(screen.getByTestId('budget-invite')).getByText('12 of 20 today')).toBeTruthy();

      // The drawings are out of the accessibility tree, and nothing in them takes the keyboard.
      // (Their code comes in a chunk of its own, after the page's.)
      const drawings = screen.getAllByTestId('chart-drawing');
      expect(drawings).toHaveLength(3);
      for (const drawing of drawings) {
        expect(drawing.getAttribute('aria-hidden')).toBe('true');
        await waitFor(() => expect(drawing.querySelector('svg.recharts-surface')).toBeTruthy(), LONG);
        expect(drawing.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();
      }
    },
    SLOW,
  );

  it(
    'says there is no connected account when the budget is null',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api, { analytics: (period) => makeAnalytics({ period, budget: null }) });

      const budget = within(screen.getByTestId('chart-budget'));
      expect(budget.getByTestId('no-budget').textContent).toBe(
        'No connected account: connect one to see its weekly budget.',
      );
      expect(budget.queryByRole('progressbar')).toBeNull();
      expect(budget.getByRole('link', { name: 'Connect an account' }).getAttribute('href')).toBe(
        '/platforms',
      );
    },
    SLOW,
  );

  it(
    'compares the texts approved as written, edited and sent on autopilot in a table (issue 23)',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api, {
        analytics: (period) =>
          makeAnalytics({
            period,
            reviewComparison: [
              { origin: 'approved', notesSent: 40, notesAccepted: 14, messagesSent: 12, messagesReplied: 3 },
              { origin: 'edited', notesSent: 9, notesAccepted: 4, messagesSent: 0, messagesReplied: 0 },
              {
                origin: 'autopilot',
                notesSent: 1200,
                notesAccepted: 300,
                messagesSent: 6,
                messagesReplied: 2,
              },
            ],
          }),
      });

      const block = within(screen.getByTestId('review-comparison'));
      expect(block.getByRole('heading', { level: 2 }).textContent).toBe('Texts by review');
      const table = block.getByRole('table');
      const cells = [...table.querySelectorAll('tr')].map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
      );
      expect(cells).toEqual([
        ['Text', 'Notes sent', 'Accepted', 'Messages sent', 'Replied'],
        ['Approved as written', '40', '35%', '12', '25%'],
        ['Edited', '9', '44.4%', '0', '—'],
        ['Autopilot', '1,200', '25%', '6', '33.3%'],
      ]);
      // Wider than a phone: a named region the keyboard can scroll.
      const region = block.getByRole('region', { name: /^Connection notes and messages sent/ });
      expect(region.tabIndex).toBe(0);
    },
    SLOW,
  );

  it(
    'leaves the comparison out while nothing was sent, or when the answer has none',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api, {
        analytics: (period) =>
          makeAnalytics({
            period,
            reviewComparison: [
              { origin: 'approved', notesSent: 0, notesAccepted: 0, messagesSent: 0, messagesReplied: 0 },
            ],
          }),
      });
      expect(screen.queryByTestId('review-comparison')).toBeNull();
    },
    SLOW,
  );

  it(
    'asks for ?period=30d when the period changes, keeps it in the address, and shows its numbers',
    async () => {
      const api = installFakeApi();
      const { user, router } = await openAnalytics(api, {
        analytics: (period) =>
          makeAnalytics({
            period,
            executionStats: { ...makeAnalytics().executionStats, totalRuns: PERIOD_DAYS[period] * 3 },
          }),
      });
      expect(stat('total-runs')).toBe('21');

      await user.click(screen.getByRole('radio', { name: '30 days' }));
      await waitFor(() => expect(stat('total-runs')).toBe('90'), LONG);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=30d`)).toHaveLength(1);
      expect(router.state.location.search).toBe('?period=30d');
      expect(tableOf('chart-daily')).toHaveLength(31);
      expect(screen.getByTestId('period-range').textContent).toBe(
        'Feb 13, 2025 to Mar 14, 2025 (America/New_York)',
      );

      // The keyboard: arrow keys move within the group.
      screen.getByRole('radio', { name: '30 days' }).focus();
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(stat('total-runs')).toBe('270'), LONG);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=90d`)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'opens on the period of the address',
    async () => {
      const api = installFakeApi();
      await openAnalytics(api, { path: `${PATH}?period=90d` });
      expect((screen.getByRole('radio', { name: '90 days' }) as HTMLInputElement).checked).toBe(true);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=90d`).length).toBeGreaterThan(0);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=7d`)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "reads the flow and its analytics again on Refresh and says 'Analytics refreshed'",
    async () => {
      const api = installFakeApi();
      const { user, served } = await openAnalytics(api);
      const flowReads = api.callsTo('GET', `/flows/${FLOW_ID}`).length;
      const analyticsReads = api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=7d`).length;

      served.analytics = (period) => makeAnalytics({ period, performance: { deduplicationCount: 99 } });
      served.flow = { ...served.flow, name: 'Renamed outreach' };
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.analyticsRefreshed, {}, LONG)).toBeTruthy();
      expect(api.callsTo('GET', `/flows/${FLOW_ID}`).length).toBe(flowReads + 1);
      expect(api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=7d`).length).toBe(analyticsReads + 1);
      // The blocks draw from a deferred copy of the answer (useDeferredValue): a render after the toast.
      await waitFor(() => expect(stat('deduplication')).toBe('99'), LONG);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Renamed outreach');
    },
    SLOW,
  );

  it(
    "says 'Failed to load analytics data' when a Refresh cannot read the analytics",
    async () => {
      const api = installFakeApi();
      const { user } = await openAnalytics(api);
      api.on('GET', `/flows/${FLOW_ID}/analytics`, {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Boom' },
      });
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.loadAnalytics, {}, LONG)).toBeTruthy();
      expect(screen.queryByText(FLOW_TEXTS.toasts.analyticsRefreshed)).toBeNull();
      // The numbers shown stay.
      expect(stat('total-runs')).toBe('12');
    },
    SLOW,
  );

  it(
    'offers the actions the status allows',
    async () => {
      const expected: Record<FlowStatus, string[]> = {
        ACTIVE: ['Pause', 'Execute now', 'Stop'],
        PAUSED: ['Resume', 'Stop'],
        FAILED: ['Stop'],
        COMPLETED: [],
      };
      const labels: Record<FlowStatus, string> = {
        ACTIVE: 'Active',
        PAUSED: 'Paused',
        FAILED: 'Failed',
        COMPLETED: 'Stopped',
      };
      for (const status of Object.keys(expected) as FlowStatus[]) {
        const api = installFakeApi();
        const view = await openAnalytics(api, { status });
        expect(screen.getByTestId('flow-status').textContent).toBe(labels[status]);
        expect(actionNames()).toEqual(expected[status]);
        view.unmount();
      }
    },
    SLOW,
  );

  it(
    "pauses ('Flow paused successfully'), then resumes ('Flow resumed successfully'), reading flow and analytics again",
    async () => {
      const api = installFakeApi();
      const { user, served } = await openAnalytics(api);
      answerAction(api, served, 'POST', `/flows/${FLOW_ID}/pause`, 'PAUSED');
      answerAction(api, served, 'POST', `/flows/${FLOW_ID}/resume`, 'ACTIVE');
      const analyticsReads = () => api.callsTo('GET', `/flows/${FLOW_ID}/analytics?period=7d`).length;
      const before = analyticsReads();

      await user.click(actions().getByRole('button', { name: 'Pause' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.paused, {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', `/flows/${FLOW_ID}/pause`)).toHaveLength(1);
      await waitFor(() => expect(screen.getByTestId('flow-status').textContent).toBe('Paused'));
      await waitFor(() => expect(analyticsReads()).toBe(before + 1));
      // The keyboard stays on the actions: on Resume, which took Pause's place.
      const resume = actions().getByRole('button', { name: 'Resume' });
      await waitFor(() => expect(document.activeElement).toBe(resume));

      await user.click(resume);
      expect(await screen.findByText(FLOW_TEXTS.toasts.resumed, {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', `/flows/${FLOW_ID}/resume`)).toHaveLength(1);
      await waitFor(() => expect(screen.getByTestId('flow-status').textContent).toBe('Active'));
      expect(actionNames()).toEqual(['Pause', 'Execute now', 'Stop']);
    },
    SLOW,
  );

  it(
    "stops the flow after the confirmation ('Flow stopped successfully'); Cancel sends nothing",
    async () => {
      const api = installFakeApi();
      const { user, served } = await openAnalytics(api);
      answerAction(api, served, 'DELETE', `/flows/${FLOW_ID}`, 'COMPLETED');

      await user.click(actions().getByRole('button', { name: 'Stop' }));
      let dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      expect(dialog.getByText(/cannot be undone/)).toBeTruthy();
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.callsTo('DELETE', `/flows/${FLOW_ID}`)).toHaveLength(0);

      await user.click(actions().getByRole('button', { name: 'Stop' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      await user.click(dialog.getByRole('button', { name: 'Stop flow' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.stopped, {}, LONG)).toBeTruthy();
      expect(api.callsTo('DELETE', `/flows/${FLOW_ID}`)).toHaveLength(1);
      await waitFor(() => expect(screen.getByTestId('flow-status').textContent).toBe('Stopped'));
      expect(actionNames()).toEqual([]);
      // No action is left: the keyboard waits on Refresh.
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh' })),
      );
    },
    SLOW,
  );

  it(
    "executes now ('Flow execution started'), and shows the API's reason when it refuses",
    async () => {
      const api = installFakeApi();
      const { user, served } = await openAnalytics(api);
      answerAction(api, served, 'POST', `/flows/${FLOW_ID}/execute`, 'ACTIVE');

      await user.click(actions().getByRole('button', { name: 'Execute now' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.executionStarted, {}, LONG)).toBeTruthy();
      expect(api.callsTo('POST', `/flows/${FLOW_ID}/execute`)).toHaveLength(1);

      api.on('POST', `/flows/${FLOW_ID}/execute`, {
        status: 409,
        body: { code: 'CONFLICT', message: FLOW_API_TEXTS.runInProgress },
      });
      await user.click(actions().getByRole('button', { name: 'Execute now' }));
      expect(await screen.findByText(FLOW_API_TEXTS.runInProgress, {}, LONG)).toBeTruthy();
      expect(screen.queryByText(FLOW_TEXTS.errors.execute)).toBeNull();
    },
    SLOW,
  );

  it(
    "falls back to 'Failed to … flow' when the server gives no reason, and leaves the flow as it was",
    async () => {
      const api = installFakeApi();
      const { user } = await openAnalytics(api);
      const boom = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error' } };
      api.on('POST', `/flows/${FLOW_ID}/pause`, boom);
      api.on('POST', `/flows/${FLOW_ID}/execute`, { status: 502, body: '<html>Bad gateway</html>' });
      api.on('DELETE', `/flows/${FLOW_ID}`, boom);

      await user.click(actions().getByRole('button', { name: 'Pause' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.pause, {}, LONG)).toBeTruthy();
      await user.click(actions().getByRole('button', { name: 'Execute now' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.execute, {}, LONG)).toBeTruthy();
      await user.click(actions().getByRole('button', { name: 'Stop' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      await user.click(dialog.getByRole('button', { name: 'Stop flow' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.stop, {}, LONG)).toBeTruthy();
      expect(screen.queryByText('Internal server error')).toBeNull();
      expect(screen.getByTestId('flow-status').textContent).toBe('Active');
    },
    SLOW,
  );

  it(
    "says 'Failed to resume flow', or the API's reason for refusing",
    async () => {
      const api = installFakeApi();
      const { user } = await openAnalytics(api, { status: 'PAUSED' });
      api.on('POST', `/flows/${FLOW_ID}/resume`, {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'x' },
      });
      await user.click(actions().getByRole('button', { name: 'Resume' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.resume, {}, LONG)).toBeTruthy();

      const refusal = FLOW_API_TEXTS.cannotChange('COMPLETED', 'resumed');
      api.on('POST', `/flows/${FLOW_ID}/resume`, {
        status: 409,
        body: { code: 'CONFLICT', message: refusal },
      });
      await user.click(actions().getByRole('button', { name: 'Resume' }));
      expect(await screen.findByText(refusal, {}, LONG)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "sends a trial user whose executions are used up to /pricing with the spec's message",
    async () => {
      const api = installFakeApi();
      const { user, router } = await openAnalytics(api, { user: makeUser({ id: 'trial-1', plan: 'TRIAL' }) });
      api.on('POST', `/flows/${FLOW_ID}/execute`, {
        status: 403,
        body: { code: 'FORBIDDEN', message: FLOW_TEXTS.errors.trialLimit },
      });
      await user.click(actions().getByRole('button', { name: 'Execute now' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.trialLimit, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
      // The browser now knows: the next try is stopped before any call.
      expect(window.localStorage.getItem('trobly.flowTrialExecutions.trial-1')).toBe('3');
    },
    SLOW,
  );

  it(
    "shows 'Flow not found' for an unknown flow, with the way back to the flows",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      const notFound = { status: 404, body: { code: 'NOT_FOUND', message: FLOW_API_TEXTS.notFound } };
      api.on('GET', '/flows/nope', notFound);
      api.on('GET', '/flows/nope/analytics', notFound);
      renderApp('/flows/nope/analytics');

      expect(
        await screen.findByRole('heading', { name: FLOW_TEXTS.empty.flowNotFound, level: 1 }, LONG),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Flows' }).getAttribute('href')).toBe(
        '/flows?tab=running',
      );
      expect(screen.queryByRole('group', { name: 'Flow actions' })).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the loading state, then 'Failed to load flow details' with a Retry that reads it again",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      const served: Served = {
        flow: makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach' }),
        analytics: (period) => makeAnalytics({ period }),
      };
      serve(api, served);
      const release = api.hold('GET', `/flows/${FLOW_ID}`);
      api.on('GET', `/flows/${FLOW_ID}`, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      const user = userEvent.setup();
      renderApp(PATH);
      expect(await screen.findByLabelText('Loading flow analytics', {}, LONG)).toBeTruthy();
      release();

      expect(await screen.findByText(FLOW_TEXTS.errors.loadDetails, {}, LONG)).toBeTruthy();
      serve(api, served);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(
        await screen.findByRole('heading', { name: 'Q3 founders outreach', level: 1 }, LONG),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows 'Failed to load analytics data' with a Retry, the flow and its actions still there",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      const served: Served = {
        flow: makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach' }),
        analytics: (period) => makeAnalytics({ period }),
      };
      serve(api, served);
      api.on('GET', `/flows/${FLOW_ID}/analytics`, {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Boom' },
      });
      const user = userEvent.setup();
      renderApp(PATH);

      expect(await screen.findByText(FLOW_TEXTS.errors.loadAnalytics, {}, LONG)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Q3 founders outreach', level: 1 })).toBeTruthy();
      expect(actionNames()).toEqual(['Pause', 'Execute now', 'Stop']);
      expect(screen.queryByTestId('block-overview')).toBeNull();

      serve(api, served);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByTestId('block-overview', {}, LONG)).toBeTruthy();
      expect(stat('total-runs')).toBe('12');
    },
    SLOW,
  );
});
