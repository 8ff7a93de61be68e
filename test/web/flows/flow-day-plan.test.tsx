import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_PLAN_TEXTS } from '../../../shared/day-plan';
import { DAY_PLAN_UI_TEXTS } from '../../../web/src/lib/ui/day-plan/day-plan-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { FLOW_ID, makeAnalytics } from './fake-analytics';
import { dayPlanAnswer, dayPlanRuns, makeDayPlan } from './fake-day-plan';
import { makeFlow } from './fake-flows';

// The charts are not this file's subject: never near the screen, they stay placeholders (jsdom cannot
// size them). The Next runs card asks for its day plan once it comes near the screen: here, at once.
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe(element: Element) {
        if (element.querySelector('[data-testid="flow-plan"]')) this.report([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LONG = { timeout: 5000 };
const SLOW = 15000;
const DAY_PLAN_PATH = `/flows/${FLOW_ID}/plan`;

/** The analytics page of the flow, its flow and analytics served; the day plan as each test answers it. */
async function openAnalytics(api: FakeApi) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const flow = makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach', status: 'ACTIVE' });
  api.on('GET', `/flows/${FLOW_ID}`, { status: 200, body: { data: { flow } } });
  api.on('GET', `/flows/${FLOW_ID}/analytics`, {
    status: 200,
    body: { data: { analytics: makeAnalytics() } },
  });
  const user = userEvent.setup();
  renderApp(`/flows/${FLOW_ID}/analytics`);
  await screen.findByRole('heading', { name: 'Q3 founders outreach', level: 1 }, LONG);
  return { user };
}

const card = () => within(screen.getByRole('region', { name: DAY_PLAN_TEXTS.flowTitle }));
const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** The budget table as rows of cell texts, the header row first. */
const budgetRows = () =>
  [...card().getByTestId('budget-table').querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('the Next runs card of the flow analytics page (issue 23 point 4)', () => {
  it(
    'asks for the day plan only once the card comes near the screen',
    async () => {
      // A card that never comes near the screen (below the fold on a phone): no request, no busy state.
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          observe() {}
          disconnect() {}
        },
      );
      const api = installFakeApi();
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan()));
      await openAnalytics(api);
      expect(card().queryByTestId('day-plan-loading')).toBeNull();
      expect(api.callsTo('GET', DAY_PLAN_PATH)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'lists this flow’s runs with their counts and left-overs, and the account limits they draw on',
    async () => {
      const api = installFakeApi();
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan()));
      await openAnalytics(api);

      const runs = await card().findAllByTestId('planned-run', {}, LONG);
      // The other flow's run (Agency owners, Sat 09:10 in Paris) is not this flow's.
      expect(runs).toHaveLength(2);
      expect(card().queryByText('Agency owners')).toBeNull();
      const [first, second] = runs.map((run) => within(run));
      expect(first!.getByText('Sat 09:52 (America/New_York)').closest('time')?.getAttribute('dateTime')).toBe(
        '2025-03-15T13:52:00.000Z',
      );
      expect(first!.getByText('25 new prospects to find')).toBeTruthy();
      expect(texts(first!.getAllByRole('listitem'))).toEqual([
        'Search pages: 3 planned',
        'Profile views: 20 planned',
        'Likes: 5 planned',
        'Invitations: 10 planned, 5 left over for lack of budget',
        'Messages: 4 to review',
      ]);
      expect(first!.queryByText(DAY_PLAN_TEXTS.nothingLeftOver)).toBeNull();
      expect(second!.getByText('Sat 13:30 (America/New_York)')).toBeTruthy();
      // The backlog first (issue 36 point 6), then the new ones; a run without one says nothing of it.
      expect(
        second!.getByText('first, 3 prospects waiting from earlier runs; 5 new prospects to find'),
      ).toBeTruthy();
      expect(first!.queryByText(/waiting from earlier runs/)).toBeNull();
      expect(texts(second!.getAllByRole('listitem'))).toEqual([
        'Profile views: 5 planned',
        'Invitations: 8 left over for lack of budget',
      ]);

      // Only the lines these runs use; planned counts are the account's (the other flow's search and
      // views included); To review shows since messages wait for review.
      expect(card().getByRole('region', { name: DAY_PLAN_UI_TEXTS.flowBudgetCaption })).toBeTruthy();
      expect(budgetRows()).toEqual([
        ['Action', 'Left today', 'Left this week', 'Planned', 'To review', 'Left over'],
        ['Search pages', '20', '80', '4', '0', '0'],
        ['Profile views', '80', '1,200', '35', '0', '0'],
        ['Likes', '30', '150', '5', '0', '0'],
        ['Invitations', '10', '60', '10', '0', '8'],
        ['Messages', '40', '200', '0', '4', '0'],
      ]);
      expect(texts(within(card().getByTestId('day-plan-resets')).getAllByText(/limits come back/))).toEqual([
        'Daily limits come back Sat 00:00 (Europe/Paris)',
        'Weekly limits come back Mon 00:00 (Europe/Paris)',
      ]);
      expect(card().getByText(DAY_PLAN_UI_TEXTS.flowSubtitle('Europe/Paris'))).toBeTruthy();
      expect(api.callsTo('GET', DAY_PLAN_PATH).length).toBeGreaterThan(0);
      expect(
        api.calls.filter((call) => call.path.includes('/plan')).every((call) => call.path === DAY_PLAN_PATH),
      ).toBe(true);
    },
    SLOW,
  );

  it(
    'shows the loading state, then says the flow has no run when only other flows run',
    async () => {
      const api = installFakeApi();
      const release = api.hold('GET', DAY_PLAN_PATH);
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan({ runs: dayPlanRuns().slice(0, 1) })));
      await openAnalytics(api);

      expect(await card().findByTestId('day-plan-loading', {}, LONG)).toBeTruthy();
      expect(card().getByText(DAY_PLAN_UI_TEXTS.loading)).toBeTruthy();
      release();

      expect(await card().findByText(DAY_PLAN_TEXTS.emptyFlow, {}, LONG)).toBeTruthy();
      expect(card().queryByTestId('planned-run')).toBeNull();
      expect(card().queryByTestId('budget-table')).toBeNull();
    },
    SLOW,
  );

  it(
    'says the account is not connected when the day plan is null, with the way to connect it',
    async () => {
      const api = installFakeApi();
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(null));
      await openAnalytics(api);

      expect(await card().findByText(DAY_PLAN_UI_TEXTS.notConnected, {}, LONG)).toBeTruthy();
      expect(card().getByRole('link', { name: DAY_PLAN_UI_TEXTS.connectAccount }).getAttribute('href')).toBe(
        '/platforms',
      );
    },
    SLOW,
  );

  it(
    'reads the day plan again on Refresh and after the flow is paused',
    async () => {
      const api = installFakeApi();
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan()));
      const { user } = await openAnalytics(api);
      await card().findAllByTestId('planned-run', {}, LONG);
      const before = api.callsTo('GET', DAY_PLAN_PATH).length;

      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(api.callsTo('GET', DAY_PLAN_PATH).length).toBe(before + 1), LONG);

      // Paused, the flow has no run left in its account's day plan.
      const paused = makeFlow({ id: FLOW_ID, name: 'Q3 founders outreach', status: 'PAUSED' });
      api.on('POST', `/flows/${FLOW_ID}/pause`, {
        status: 200,
        body: { success: true, data: { flow: paused } },
      });
      api.on('GET', `/flows/${FLOW_ID}`, { status: 200, body: { data: { flow: paused } } });
      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan({ runs: dayPlanRuns().slice(0, 1) })));
      await user.click(screen.getByRole('button', { name: 'Pause' }));
      expect(await card().findByText(DAY_PLAN_TEXTS.emptyFlow, {}, LONG)).toBeTruthy();
      expect(api.callsTo('GET', DAY_PLAN_PATH).length).toBe(before + 2);
    },
    SLOW,
  );

  it(
    'shows the card’s error with a Retry on a failure or a 404, the rest of the page still there',
    async () => {
      const api = installFakeApi();
      api.on('GET', DAY_PLAN_PATH, { status: 404, body: { code: 'NOT_FOUND', message: 'Flow not found' } });
      const { user } = await openAnalytics(api);

      expect(await card().findByText(DAY_PLAN_TEXTS.loadFailed, {}, LONG)).toBeTruthy();
      expect(await screen.findByTestId('block-overview', {}, LONG)).toBeTruthy();

      api.on('GET', DAY_PLAN_PATH, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      await user.click(card().getByRole('button', { name: DAY_PLAN_UI_TEXTS.retry }));
      await waitFor(() => expect(api.callsTo('GET', DAY_PLAN_PATH)).toHaveLength(2), LONG);
      expect(await card().findByText(DAY_PLAN_TEXTS.loadFailed, {}, LONG)).toBeTruthy();

      api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan()));
      await user.click(card().getByRole('button', { name: DAY_PLAN_UI_TEXTS.retry }));
      expect(await card().findAllByTestId('planned-run', {}, LONG)).toHaveLength(2);
      expect(card().queryByText(DAY_PLAN_TEXTS.loadFailed)).toBeNull();
    },
    SLOW,
  );
});
