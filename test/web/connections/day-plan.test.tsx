import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformConnection } from '../../../shared/connections';
import { DAY_PLAN_ACTIONS, DAY_PLAN_TEXTS } from '../../../shared/day-plan';
import { DAY_PLAN_UI_TEXTS } from '../../../web/src/lib/ui/day-plan/day-plan-texts';
import { dayPlanAnswer, dayPlanRuns, makeDayPlan } from '../flows/fake-day-plan';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };
const DAY_PLAN_PATH = '/users/platforms/conn-1/plan';

function connection(overrides: Partial<PlatformConnection> = {}): PlatformConnection {
  return {
    id: 'conn-1',
    platform: 'LINKEDIN',
    accountUsername: 'ada-l',
    accountId: 'urn-li-1',
    profileUrl: 'https://www.linkedin.com/in/ada-l',
    isActive: true,
    lastValidated: new Date().toISOString(),
    errorCount: 0,
    lastError: null,
    timeZone: 'Europe/Paris',
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

async function openPlatforms(api: FakeApi, platforms: PlatformConnection[] = [connection()]) {
  signInAs(api, makeUser());
  api.on('GET', '/users/platforms', { status: 200, body: { data: { platforms } } });
  const user = userEvent.setup();
  renderApp('/platforms');
  await screen.findByRole('heading', { name: 'Platform Connections', level: 1 }, LONG);
  await waitFor(() => expect(screen.getAllByTestId('connection')).toHaveLength(platforms.length), LONG);
  return { user };
}

const linkedIn = () => within(screen.getByRole('listitem', { name: 'LinkedIn connection' }));
const showButton = () => linkedIn().getByRole('button', { name: DAY_PLAN_UI_TEXTS.show });
const dayPlan = () => within(linkedIn().getByRole('region', { name: DAY_PLAN_TEXTS.title }));
const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
const budgetRows = () =>
  [...dayPlan().getByTestId('budget-table').querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the day plan (tomorrow's plan) on the connections page (issue 23 point 4)", () => {
  it('asks for the day plan only when opened, and only for an active LinkedIn account', async () => {
    const api = installFakeApi();
    await openPlatforms(api, [
      connection(),
      connection({ id: 'conn-x', platform: 'TWITTER', accountUsername: 'ada_x' }),
      connection({ id: 'conn-off', accountUsername: 'old', isActive: false }),
    ]);

    const [active, twitter, inactive] = screen.getAllByTestId('connection').map((row) => within(row));
    expect(active!.getByRole('button', { name: DAY_PLAN_UI_TEXTS.show }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(twitter!.queryByRole('button', { name: DAY_PLAN_UI_TEXTS.show })).toBeNull();
    expect(inactive!.queryByRole('button', { name: DAY_PLAN_UI_TEXTS.show })).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/plan'))).toEqual([]);
  });

  it('shows the runs in time order with their counts, left-overs and the budget table', async () => {
    const api = installFakeApi();
    // Answered last first: the page still lists them in time order.
    api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan({ runs: dayPlanRuns().reverse() })));
    const { user } = await openPlatforms(api);

    await user.click(showButton());
    const hide = linkedIn().getByRole('button', { name: DAY_PLAN_UI_TEXTS.hide });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    const runs = await dayPlan().findAllByTestId('planned-run', {}, LONG);
    expect(document.getElementById(hide.getAttribute('aria-controls') ?? '')).toBe(
      linkedIn().getByRole('region', { name: DAY_PLAN_TEXTS.title }),
    );
    expect(api.callsTo('GET', DAY_PLAN_PATH)).toHaveLength(1);
    expect(dayPlan().getByText(DAY_PLAN_TEXTS.subtitle('Europe/Paris'))).toBeTruthy();

    // Each run: its flow, its time on the flow's clock with the zone named, what it finds and does.
    expect(runs).toHaveLength(3);
    const [agency, morning, afternoon] = runs.map((run) => within(run));
    expect(agency!.getByText('Agency owners')).toBeTruthy();
    expect(agency!.getByText('Sat 09:10 (Europe/Paris)')).toBeTruthy();
    expect(agency!.getByText('1 new prospect to find')).toBeTruthy();
    expect(texts(agency!.getAllByRole('listitem'))).toEqual([
      'Search pages: 1 planned',
      'Profile views: 10 planned',
    ]);
    expect(agency!.getByText(DAY_PLAN_TEXTS.nothingLeftOver)).toBeTruthy();

    expect(morning!.getByText('Q3 founders outreach')).toBeTruthy();
    expect(morning!.getByText('Sat 09:52 (America/New_York)')).toBeTruthy();
    expect(morning!.getByText('25 new prospects to find')).toBeTruthy();
    expect(texts(morning!.getAllByRole('listitem'))).toEqual([
      'Search pages: 3 planned',
      'Profile views: 20 planned',
      'Likes: 5 planned',
      'Invitations: 10 planned, 5 left over for lack of budget',
      'Messages: 4 to review',
    ]);
    expect(morning!.queryByText(DAY_PLAN_TEXTS.nothingLeftOver)).toBeNull();
    expect(afternoon!.getByText('Sat 13:30 (America/New_York)')).toBeTruthy();
    expect(texts(afternoon!.getAllByRole('listitem'))).toEqual([
      'Profile views: 5 planned',
      'Invitations: 8 left over for lack of budget',
    ]);

    // Every action kind of the account, in the contract's order, in a labelled scrollable region.
    const region = dayPlan().getByRole('region', { name: DAY_PLAN_UI_TEXTS.budgetCaption });
    expect(region.getAttribute('tabindex')).toBe('0');
    const rows = budgetRows();
    expect(rows[0]).toEqual(['Action', 'Left today', 'Left this week', 'Planned', 'To review', 'Left over']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      DAY_PLAN_ACTIONS.map((a) => DAY_PLAN_TEXTS.actionLabels[a]),
    );
    expect(rows[2]).toEqual(['Profile views', '80', '1,200', '35', '0', '0']);
    expect(rows[5]).toEqual(['Invitations', '10', '60', '10', '0', '8']);
    expect(rows[6]).toEqual(['Messages', '40', '200', '0', '4', '0']);
    expect(rows[8]).toEqual(['Withdrawals', '5', '25', '0', '0', '0']);
    expect(dayPlan().getByText('Daily limits come back Sat 00:00 (Europe/Paris)')).toBeTruthy();
    expect(dayPlan().getByText('Weekly limits come back Mon 00:00 (Europe/Paris)')).toBeTruthy();
    expect(dayPlan().getByText(DAY_PLAN_TEXTS.ceilingNote)).toBeTruthy();

    // Closed, the panel goes; the button says so.
    await user.click(hide);
    expect(linkedIn().queryByRole('region', { name: DAY_PLAN_TEXTS.title })).toBeNull();
    expect(showButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('says no flow runs when the day plan has none, the account’s limits still shown', async () => {
    const api = installFakeApi();
    api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan({ runs: [] })));
    const { user } = await openPlatforms(api);

    await user.click(showButton());
    expect(await dayPlan().findByText(DAY_PLAN_TEXTS.empty, {}, LONG)).toBeTruthy();
    expect(dayPlan().queryByTestId('planned-run')).toBeNull();
    // Nothing waits for review: no To review column.
    expect(budgetRows()[0]).toEqual(['Action', 'Left today', 'Left this week', 'Planned', 'Left over']);
    expect(budgetRows()[1]).toEqual(['Search pages', '20', '80', '0', '0']);
    expect(dayPlan().queryByText(DAY_PLAN_TEXTS.ceilingNote)).toBeNull();
  });

  it('shows the loading state, then the error with a Retry that asks again', async () => {
    const api = installFakeApi();
    api.on('GET', DAY_PLAN_PATH, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
    const release = api.hold('GET', DAY_PLAN_PATH);
    const { user } = await openPlatforms(api);

    await user.click(showButton());
    expect(await dayPlan().findByText(DAY_PLAN_UI_TEXTS.loading, {}, LONG)).toBeTruthy();
    release();
    expect(await dayPlan().findByText(DAY_PLAN_TEXTS.loadFailed, {}, LONG)).toBeTruthy();

    // An unknown account (404) is a failure too.
    api.on('GET', DAY_PLAN_PATH, {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Connection not found' },
    });
    await user.click(dayPlan().getByRole('button', { name: DAY_PLAN_UI_TEXTS.retry }));
    await waitFor(() => expect(api.callsTo('GET', DAY_PLAN_PATH)).toHaveLength(2), LONG);
    expect(await dayPlan().findByText(DAY_PLAN_TEXTS.loadFailed, {}, LONG)).toBeTruthy();

    api.on('GET', DAY_PLAN_PATH, dayPlanAnswer(makeDayPlan()));
    await user.click(dayPlan().getByRole('button', { name: DAY_PLAN_UI_TEXTS.retry }));
    expect(await dayPlan().findAllByTestId('planned-run', {}, LONG)).toHaveLength(3);
    expect(dayPlan().queryByText(DAY_PLAN_TEXTS.loadFailed)).toBeNull();
  });
});
