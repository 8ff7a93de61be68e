import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  budgetUsed,
  giveBackBudget,
  readInvitationLimit,
  readWarmUpStart,
  restAction,
  saveInvitationLimit,
  startWarmUp,
  takeBudget,
} from '../../../../functions/safety/budget-repository';
import { type ActionBudget, BUDGETS, type GovernedAction } from '../../../../functions/safety/budgets';
import {
  createGovernor,
  dayWords,
  type GovernorDeps,
  nextDay,
  nextWeek,
  periodsOf,
} from '../../../../functions/safety/governor';

// The counters are DynamoDB's (test/integration/governor.integration.test.ts runs them); here the
// repository answers what each test needs, and the governor's own rules are what is checked.
vi.mock('../../../../functions/safety/budget-repository', () => ({
  takeBudget: vi.fn(),
  giveBackBudget: vi.fn(),
  budgetUsed: vi.fn(),
  restAction: vi.fn(),
  startWarmUp: vi.fn(),
  readWarmUpStart: vi.fn(),
  readInvitationLimit: vi.fn(),
  saveInvitationLimit: vi.fn(),
}));

/** A warm-up long over: the full budgets, unless a test starts one (the ramp itself: warm-up.test.ts). */
const LONG_AGO = '2026-01-01T00:00:00.000Z';

const WED = new Date('2026-11-25T10:00:00Z');
const account = { workspaceId: 'u-1', connectionId: 'c-1' };

function governor(deps: Partial<GovernorDeps> = {}) {
  return createGovernor({ account, platform: 'linkedin', now: () => WED, pacingScale: 0, ...deps });
}

function withProfileViews(daily: number, weekly: number): Record<GovernedAction, ActionBudget> {
  return { ...BUDGETS.linkedin, 'profile-views': { daily, weekly, spacingMs: [2000, 5000] } };
}

beforeEach(() => {
  vi.mocked(takeBudget).mockReset();
  vi.mocked(budgetUsed).mockReset();
  vi.mocked(restAction).mockReset();
  // An account past its warm-up, with no adapted invitation budget: the full budgets.
  vi.mocked(startWarmUp).mockReset().mockResolvedValue(LONG_AGO);
  vi.mocked(readWarmUpStart).mockReset().mockResolvedValue(LONG_AGO);
  vi.mocked(readInvitationLimit).mockReset().mockResolvedValue(undefined);
  vi.mocked(saveInvitationLimit).mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the windows the counters are kept in', () => {
  it('counts a day in UTC, whatever the hour', () => {
    expect(periodsOf(new Date('2026-11-25T00:00:00Z')).day).toBe('2026-11-25');
    expect(periodsOf(new Date('2026-11-25T23:59:59Z')).day).toBe('2026-11-25');
  });

  it.each([
    ['a Wednesday', '2026-11-25T10:00:00Z', '2026-W48'],
    ['the Sunday that ends that week', '2026-11-29T23:59:59Z', '2026-W48'],
    ['the Monday after it', '2026-11-30T00:00:00Z', '2026-W49'],
    ['a Monday in March, with a two-digit week', '2026-03-02T00:00:00Z', '2026-W10'],
    ['1 January 2026, a Thursday: week 1 of 2026', '2026-01-01T00:00:00Z', '2026-W01'],
    ['1 January 2027, a Friday: the last week of 2026', '2027-01-01T12:00:00Z', '2026-W53'],
    ['30 December 2024, a Monday: week 1 of 2025', '2024-12-30T00:00:00Z', '2025-W01'],
  ])('puts %s in ISO week %s', (_when, at, week) => {
    expect(periodsOf(new Date(at))).toEqual({ day: at.slice(0, 10), week });
  });
});

describe("an account's quota days follow its own clock (DECISIONS 29)", () => {
  const at = (iso: string) => new Date(iso);

  it("counts a day from the account's midnight: 23:00 UTC is already tomorrow in Paris, still today in New York", () => {
    expect(periodsOf(at('2026-11-25T22:59:59Z'), 'Europe/Paris').day).toBe('2026-11-25');
    expect(periodsOf(at('2026-11-25T23:00:00Z'), 'Europe/Paris').day).toBe('2026-11-26');
    expect(periodsOf(at('2026-11-26T04:59:59Z'), 'America/New_York').day).toBe('2026-11-25');
    expect(periodsOf(at('2026-11-26T05:00:00Z'), 'America/New_York').day).toBe('2026-11-26');
  });

  it("starts a week on the account's Monday, not UTC's", () => {
    // Monday 00:30 in Tokyo is Sunday 15:30 UTC.
    expect(periodsOf(at('2026-11-29T14:59:59Z'), 'Asia/Tokyo').week).toBe('2026-W48');
    expect(periodsOf(at('2026-11-29T15:00:00Z'), 'Asia/Tokyo').week).toBe('2026-W49');
    expect(periodsOf(at('2026-11-29T15:00:00Z')).week).toBe('2026-W48');
  });

  it("gives a spent daily budget back at the account's next midnight, across a daylight-saving change", () => {
    expect(nextDay(at('2026-11-25T10:00:00Z'), 'Europe/Paris')).toEqual(at('2026-11-25T23:00:00Z'));
    // Paris moves to summer time on 28 March 2027: that day is 23 hours long.
    expect(nextDay(at('2027-03-27T12:00:00Z'), 'Europe/Paris')).toEqual(at('2027-03-27T23:00:00Z'));
    expect(nextDay(at('2027-03-28T12:00:00Z'), 'Europe/Paris')).toEqual(at('2027-03-28T22:00:00Z'));
    expect(nextDay(at('2026-11-26T03:00:00Z'), 'America/New_York')).toEqual(at('2026-11-26T05:00:00Z'));
  });

  it("gives a spent weekly budget back at the account's next Monday midnight", () => {
    expect(nextWeek(WED, 'Europe/Paris')).toEqual(at('2026-11-29T23:00:00Z'));
    // Sunday 23:30 in Paris: Monday is half an hour away.
    expect(nextWeek(at('2026-11-29T22:30:00Z'), 'Europe/Paris')).toEqual(at('2026-11-29T23:00:00Z'));
    // Monday 00:00 in Paris is already that week: the next one starts a week later.
    expect(nextWeek(at('2026-11-29T23:00:00Z'), 'Europe/Paris')).toEqual(at('2026-12-06T23:00:00Z'));
  });

  it("names days on the account's clock", () => {
    // 23:30 UTC on Wednesday is Thursday in Paris: Friday 00:30 UTC is 'tomorrow' there, 'Friday' in UTC.
    expect(dayWords(at('2026-11-27T00:30:00Z'), at('2026-11-25T23:30:00Z'), 'Europe/Paris')).toBe('tomorrow');
    expect(dayWords(at('2026-11-27T00:30:00Z'), at('2026-11-25T23:30:00Z'))).toBe('Friday');
    expect(dayWords(at('2026-11-27T23:30:00Z'), at('2026-11-25T10:00:00Z'), 'Europe/Paris')).toBe('Saturday');
  });

  it("refuses a spent budget until the account's midnight, and counts in the account's day", async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: false, refusal: 'daily' });
    const late = at('2026-11-25T23:30:00Z');
    expect(await governor({ now: () => late, timeZone: 'Europe/Paris' }).take('invitations')).toEqual({
      ok: false,
      why: 'daily',
      until: at('2026-11-26T23:00:00Z'),
    });
    expect(takeBudget).toHaveBeenCalledWith(
      account,
      'invitations',
      { day: '2026-11-26', week: '2026-W48' },
      BUDGETS.linkedin.invitations,
      late,
      1,
    );
  });

  it("forecasts the completion day on the account's clock", async () => {
    vi.mocked(budgetUsed).mockResolvedValue({ daily: 80, weekly: 80 });
    const late = at('2026-11-25T23:30:00Z');
    // Nothing left today (Thursday in Paris): 80 profiles take Friday.
    expect(
      await governor({ now: () => late, timeZone: 'Europe/Paris' }).forecast('profile-views', 80, 'profiles'),
    ).toMatchObject({
      completeBy: '2026-11-27',
      summary: "about 80 profiles left; at today's budget, complete by tomorrow",
    });
  });
});

describe('when a refused action may be taken again', () => {
  it('after a daily refusal: at the next midnight UTC', () => {
    expect(nextDay(WED)).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(nextDay(new Date('2026-11-30T23:59:59Z'))).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(nextDay(new Date('2026-11-26T00:00:00Z'))).toEqual(new Date('2026-11-27T00:00:00Z'));
  });

  it('after a weekly refusal: at the next Monday midnight UTC', () => {
    expect(nextWeek(WED)).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(nextWeek(new Date('2026-11-29T23:59:59Z'))).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(nextWeek(new Date('2026-11-30T00:00:00Z'))).toEqual(new Date('2026-12-07T00:00:00Z'));
  });
});

describe('the day a forecast names', () => {
  const at = (iso: string) => new Date(iso);

  it('says today for the same UTC day, and for a day already past', () => {
    expect(dayWords(at('2026-11-25T23:00:00Z'), WED)).toBe('today');
    expect(dayWords(at('2026-11-24T10:00:00Z'), WED)).toBe('today');
  });

  it('says tomorrow for the next UTC day, even less than 24 hours ahead', () => {
    expect(dayWords(at('2026-11-26T00:00:00Z'), at('2026-11-25T23:00:00Z'))).toBe('tomorrow');
  });

  it('names the weekday from two to six days ahead', () => {
    expect(dayWords(at('2026-11-27T00:00:00Z'), WED)).toBe('Friday');
    expect(dayWords(at('2026-12-01T10:00:00Z'), WED)).toBe('Tuesday');
  });

  it('gives the month and day from a week ahead', () => {
    expect(dayWords(at('2026-12-02T00:00:00Z'), WED)).toBe('Dec 2');
  });
});

describe('taking from a budget', () => {
  it('grants what the counters grant, asking for one action of today and this week by default', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: true });
    expect(await governor().take('profile-views')).toMatchObject({ ok: true });
    expect(takeBudget).toHaveBeenCalledWith(
      account,
      'profile-views',
      { day: '2026-11-25', week: '2026-W48' },
      BUDGETS.linkedin['profile-views'],
      WED,
      1,
    );
  });

  it('asks for several actions at once when told how many', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: true });
    await governor().take('list-pages', 5);
    expect(vi.mocked(takeBudget).mock.calls[0]?.[5]).toBe(5);
  });

  it('uses the platform’s own budgets unless it is given others', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: true });
    await governor({ platform: 'twitter' }).take('profile-views');
    expect(vi.mocked(takeBudget).mock.calls[0]?.[3]).toEqual({
      daily: 300,
      weekly: 1500,
      spacingMs: [2000, 5000],
    });
    await governor({ budgets: withProfileViews(3, 10) }).take('profile-views');
    expect(vi.mocked(takeBudget).mock.calls[1]?.[3]).toEqual({
      daily: 3,
      weekly: 10,
      spacingMs: [2000, 5000],
    });
  });

  it('refuses past the daily budget until the next midnight UTC', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: false, refusal: 'daily' });
    expect(await governor().take('profile-views')).toEqual({
      ok: false,
      why: 'daily',
      until: new Date('2026-11-26T00:00:00Z'),
    });
  });

  it('refuses past the weekly budget until the next Monday', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: false, refusal: 'weekly' });
    expect(await governor().take('profile-views')).toEqual({
      ok: false,
      why: 'weekly',
      until: new Date('2026-11-30T00:00:00Z'),
    });
  });

  it('refuses a resting action kind until the rest the platform signalled ends', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: false, refusal: 'resting' });
    vi.mocked(budgetUsed).mockResolvedValue({ daily: 4, weekly: 9, restUntil: '2026-11-25T13:30:00.000Z' });
    expect(await governor().take('list-pages')).toEqual({
      ok: false,
      why: 'resting',
      until: new Date('2026-11-25T13:30:00Z'),
    });
    expect(budgetUsed).toHaveBeenCalledWith(account, 'list-pages', { day: '2026-11-25', week: '2026-W48' });
  });

  it('refuses a resting action kind whose end is unknown for six hours from now', async () => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: false, refusal: 'resting' });
    vi.mocked(budgetUsed).mockResolvedValue({ daily: 0, weekly: 0 });
    expect(await governor().take('list-pages')).toEqual({
      ok: false,
      why: 'resting',
      until: new Date('2026-11-25T16:00:00Z'),
    });
  });
});

describe('giving back what a take counted and no action used', () => {
  it("gives it back to the day and week the take was counted in, on the account's clock", async () => {
    // Sunday 23:30 UTC is already Monday in Paris: a new day and a new week there.
    await governor({ timeZone: 'Europe/Paris' }).giveBack('invitations', 3, new Date('2026-11-29T23:30:00Z'));
    expect(giveBackBudget).toHaveBeenCalledWith(
      account,
      'invitations',
      { day: '2026-11-30', week: '2026-W49' },
      3,
    );
  });
});

describe('resting an action kind the platform limited', () => {
  it('rests it for six hours from now unless told until when', async () => {
    const until = await governor().rest('searches');
    expect(until).toEqual(new Date('2026-11-25T16:00:00Z'));
    expect(restAction).toHaveBeenCalledWith(account, 'searches', until, WED);
  });

  it('rests it until the time the platform gave', async () => {
    const given = new Date('2026-11-26T08:00:00Z');
    expect(await governor().rest('searches', given)).toBe(given);
    expect(restAction).toHaveBeenCalledWith(account, 'searches', given, WED);
  });
});

describe('spacing actions as a person would', () => {
  const paced = async (deps: Partial<GovernorDeps>, action: GovernedAction = 'profile-views') => {
    const waits: number[] = [];
    await governor({
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...deps,
    }).pace(action);
    return waits;
  };

  it('does not wait at a pacing scale of 0 or below (sandbox, tests)', async () => {
    expect(await paced({ pacingScale: 0, random: () => 0.5 })).toEqual([]);
    expect(await paced({ pacingScale: -1, random: () => 0.5 })).toEqual([]);
  });

  it('waits between the least and the most spacing of the action kind, at random', async () => {
    expect(await paced({ pacingScale: 1, random: () => 0 })).toEqual([2000]);
    expect(await paced({ pacingScale: 1, random: () => 0.5 })).toEqual([3500]);
    expect(await paced({ pacingScale: 1, random: () => 1 })).toEqual([5000]);
    expect(await paced({ pacingScale: 1, random: () => 0.25 }, 'invitations')).toEqual([120_000]);
  });

  it('scales the wait by the pacing scale', async () => {
    expect(await paced({ pacingScale: 2, random: () => 0.5 })).toEqual([7000]);
    expect(await paced({ pacingScale: 0.5, random: () => 0 })).toEqual([1000]);
  });

  it('really waits, by default for a random share of the spacing', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let done = false;
    const pacing = governor({ pacingScale: 1 })
      .pace('profile-views')
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await pacing;
  });
});

describe('forecasting when a job completes at the daily budget', () => {
  const forecast = async (
    budget: [daily: number, weekly: number],
    used: [daily: number, weekly: number],
    remaining: number,
  ) => {
    vi.mocked(budgetUsed).mockResolvedValue({ daily: used[0], weekly: used[1] });
    return governor({ budgets: withProfileViews(...budget) }).forecast(
      'profile-views',
      remaining,
      'profiles',
    );
  };

  it('completes today what fits in what is left today, and tomorrow one more', async () => {
    expect(await forecast([80, 400], [30, 30], 50)).toEqual({
      remaining: 50,
      perDay: 80,
      completeBy: '2026-11-25',
      summary: "about 50 profiles left; at today's budget, complete today",
    });
    expect(await forecast([80, 400], [30, 30], 51)).toEqual({
      remaining: 51,
      perDay: 80,
      completeBy: '2026-11-26',
      summary: "about 51 profiles left; at today's budget, complete by tomorrow",
    });
    expect(budgetUsed).toHaveBeenCalledWith(account, 'profile-views', {
      day: '2026-11-25',
      week: '2026-W48',
    });
  });

  it('completes today a job smaller than what is left today, never on a day already past', async () => {
    // 100 left today and 50 a day: 40 profiles fit in today, with more than a day's pace to spare.
    expect(await forecast([100, 250], [0, 0], 40)).toEqual({
      remaining: 40,
      perDay: 50,
      completeBy: '2026-11-25',
      summary: "about 40 profiles left; at today's budget, complete today",
    });
  });

  it('counts the days after today at the daily budget, after what is left today', async () => {
    // 50 today, then 80 a day: 211 profiles end on the third day after today, Saturday.
    expect(await forecast([80, 400], [30, 30], 211)).toMatchObject({
      completeBy: '2026-11-28',
      summary: "about 211 profiles left; at today's budget, complete by Saturday",
    });
    // Nothing left today; 312 profiles take 4 days (Thu, Fri, Sat, Sun).
    expect((await forecast([80, 400], [80, 80], 312)).summary).toBe(
      "about 312 profiles left; at today's budget, complete by Sunday",
    );
  });

  it('leaves today only what the week has left', async () => {
    expect((await forecast([80, 400], [10, 390], 10)).completeBy).toBe('2026-11-25');
    expect((await forecast([80, 400], [10, 390], 11)).completeBy).toBe('2026-11-26');
  });

  it('leaves nothing today once a counter is past its budget', async () => {
    expect((await forecast([80, 400], [90, 90], 80)).completeBy).toBe('2026-11-26');
  });

  it('paces the days by a fifth of the weekly budget when that is less than the daily one', async () => {
    expect(await forecast([100, 250], [100, 100], 100)).toMatchObject({
      perDay: 50,
      completeBy: '2026-11-27',
    });
  });

  it('forecasts at least one a day, however small the weekly budget', async () => {
    expect(await forecast([3, 4], [3, 3], 2)).toMatchObject({ perDay: 1, completeBy: '2026-11-27' });
  });

  it('gives the date from a week ahead and writes large counts with thousands separators', async () => {
    expect(await forecast([80, 400], [80, 80], 1500)).toEqual({
      remaining: 1500,
      perDay: 80,
      completeBy: '2026-12-14',
      summary: "about 1,500 profiles left; at today's budget, complete by Dec 14",
    });
  });
});

const days = (n: number) => n * 24 * 3600 * 1000;
const WRITE_SPACING = [60_000, 300_000] as const;
/** The budget the counters were asked to take from, in the last take. */
const takenFrom = () => vi.mocked(takeBudget).mock.lastCall?.[3];

describe('the warm-up of a newly used account (issue 23 point 3)', () => {
  beforeEach(() => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: true });
  });

  it('starts the warm-up with the first write, at that moment, and gives a fifth of the write budget that day', async () => {
    vi.mocked(startWarmUp).mockResolvedValue(WED.toISOString());
    await governor().take('invitations');
    expect(startWarmUp).toHaveBeenCalledWith(account, WED);
    expect(takenFrom()).toEqual({ daily: 4, weekly: 20, spacingMs: WRITE_SPACING });
    await governor().take('likes');
    expect(takenFrom()).toEqual({ daily: 10, weekly: 50, spacingMs: WRITE_SPACING });
  });

  it('still ramps on day 13 of the account’s clock (18 of 20 invitations) and gives all of it on day 14', async () => {
    vi.mocked(startWarmUp).mockResolvedValue('2026-11-12T23:59:00.000Z');
    await governor().take('invitations');
    expect(takenFrom()).toEqual({ daily: 18, weekly: 94, spacingMs: WRITE_SPACING });
    vi.mocked(startWarmUp).mockResolvedValue('2026-11-11T00:00:00.000Z');
    await governor().take('invitations');
    expect(takenFrom()).toEqual(BUDGETS.linkedin.invitations);
  });

  it('never ramps reads, and a read starts no warm-up', async () => {
    vi.mocked(startWarmUp).mockResolvedValue(WED.toISOString());
    vi.mocked(readWarmUpStart).mockResolvedValue(WED.toISOString());
    await governor().take('profile-views');
    expect(takenFrom()).toEqual(BUDGETS.linkedin['profile-views']);
    expect(startWarmUp).not.toHaveBeenCalled();
    expect(await governor().limitsAt('searches', WED)).toEqual({ daily: 100, weekly: 500 });
  });

  it('forecasts at where the ramp stands without starting it, and at the full budget before it started', async () => {
    vi.mocked(budgetUsed).mockResolvedValue({ daily: 0, weekly: 0 });
    vi.mocked(readWarmUpStart).mockResolvedValue(WED.toISOString());
    expect(await governor().forecast('messages', 4, 'messages')).toMatchObject({
      perDay: 4,
      completeBy: '2026-11-25',
    });
    expect(await governor().forecast('messages', 5, 'messages')).toMatchObject({
      perDay: 4,
      completeBy: '2026-11-26',
    });
    vi.mocked(readWarmUpStart).mockResolvedValue(undefined);
    expect(await governor().forecast('messages', 20, 'messages')).toMatchObject({
      perDay: 20,
      completeBy: '2026-11-25',
    });
    expect(startWarmUp).not.toHaveBeenCalled();
  });

  it("plans a day's limits at the ramp's step on that day, as if it started then when it has not", async () => {
    vi.mocked(readWarmUpStart).mockResolvedValue(undefined);
    expect(await governor().limitsAt('invitations', WED)).toEqual({ daily: 4, weekly: 20 });
    vi.mocked(readWarmUpStart).mockResolvedValue(WED.toISOString());
    // A week in: three fifths of the budget.
    expect(await governor().limitsAt('invitations', new Date(WED.getTime() + days(7)))).toEqual({
      daily: 12,
      weekly: 60,
    });
    expect(await governor().limitsAt('invitations', new Date(WED.getTime() + days(14)))).toEqual({
      daily: 20,
      weekly: 100,
    });
    expect(startWarmUp).not.toHaveBeenCalled();
  });
});

describe('the invitation budget adapted to acceptance (issue 23 point 5)', () => {
  const halved = { factor: 0.5, until: '2026-11-30T10:00:00.000Z', reason: 'low-acceptance' as const };

  beforeEach(() => {
    vi.mocked(takeBudget).mockResolvedValue({ ok: true });
  });

  it('takes invitations from the reduced budget while a limit holds, in whole invitations', async () => {
    vi.mocked(readInvitationLimit).mockResolvedValue(halved);
    await governor().take('invitations');
    expect(takenFrom()).toEqual({ daily: 10, weekly: 50, spacingMs: WRITE_SPACING });
    vi.mocked(readInvitationLimit).mockResolvedValue({ ...halved, factor: 0.75 });
    await governor().take('invitations');
    expect(takenFrom()).toEqual({ daily: 15, weekly: 75, spacingMs: WRITE_SPACING });
  });

  it('reduces only invitations: messages keep their full budget under the same limit', async () => {
    vi.mocked(readInvitationLimit).mockResolvedValue(halved);
    await governor().take('messages');
    expect(takenFrom()).toEqual(BUDGETS.linkedin.messages);
  });

  it('halves the warmed-up budget during a warm-up, and plans with the halved limits', async () => {
    vi.mocked(readInvitationLimit).mockResolvedValue(halved);
    vi.mocked(startWarmUp).mockResolvedValue(WED.toISOString());
    await governor().take('invitations');
    expect(takenFrom()).toEqual({ daily: 2, weekly: 10, spacingMs: WRITE_SPACING });
    expect(await governor().limitsAt('invitations', WED)).toEqual({ daily: 10, weekly: 50 });
  });

  it('halves invitations for a week when the platform shows a limit on them, and only on them', async () => {
    await governor().rest('invitations');
    expect(saveInvitationLimit).toHaveBeenCalledWith(account, {
      factor: 0.5,
      until: '2026-12-02T10:00:00.000Z',
      reason: 'limit-signal',
    });
    vi.mocked(saveInvitationLimit).mockClear();
    await governor().rest('messages');
    expect(restAction).toHaveBeenLastCalledWith(account, 'messages', new Date('2026-11-25T16:00:00Z'), WED);
    expect(saveInvitationLimit).not.toHaveBeenCalled();
  });

  it('halves the budget on a low acceptance and keeps it saved', async () => {
    const answer = await governor().assessInvitations({ invited: 50, accepted: 7 });
    const expected = { factor: 0.5, until: '2026-12-02T10:00:00.000Z', reason: 'low-acceptance', rate: 0.14 };
    expect(answer).toEqual(expected);
    expect(saveInvitationLimit).toHaveBeenCalledWith(account, expected);
  });

  it('saves nothing when the acceptance changes nothing: the full budget, or a limit still holding', async () => {
    expect(await governor().assessInvitations({ invited: 50, accepted: 8 })).toBeUndefined();
    vi.mocked(readInvitationLimit).mockResolvedValue(halved);
    expect(await governor().assessInvitations({ invited: 50, accepted: 20 })).toBe(halved);
    expect(saveInvitationLimit).not.toHaveBeenCalled();
  });

  it('steps a limit whose week is over a quarter back up, and saves the step', async () => {
    vi.mocked(readInvitationLimit).mockResolvedValue({ ...halved, until: WED.toISOString() });
    const stepped = { ...halved, factor: 0.75, until: '2026-12-02T10:00:00.000Z', rate: 0.4 };
    expect(await governor().assessInvitations({ invited: 50, accepted: 20 })).toEqual(stepped);
    expect(saveInvitationLimit).toHaveBeenCalledWith(account, stepped);
  });
});
