import { describe, expect, it, vi } from 'vitest';
import { nextFlowRunAt } from '../../../../functions/flows/run/flow-schedule';
import { LINKEDIN_API } from '../../../../functions/platforms/linkedin/endpoints';
import { BUDGETS, GOVERNED_ACTIONS, type GovernedAction } from '../../../../functions/safety/budgets';
import {
  type BudgetState,
  type DayPlanFlow,
  type DayPlanInput,
  dayPlanOf,
  type FlowBacklog,
  runAllowance,
} from '../../../../functions/safety/day-plan';
import { budgetClock, connect, type FlowState, Run } from '../../../../functions/safety/day-plan-stages';
import { DAY_PLAN_ACTIONS, type DayPlanAction, type DayPlanRun } from '../../../../shared/day-plan';
import type { ExecutionSettings, FlowConfig } from '../../../../shared/flows';
import type { ReviewMode } from '../../../../shared/review';
import { warmedLimit, warmUpShare } from '../../../../shared/warm-up';

// The day plan is pure: it is given the budgets and reads or writes no counter. The budget
// repository (DynamoDB, reached through the governor's helpers) is replaced by one with nothing in it:
// a call from the day plan would throw.
vi.mock('../../../../functions/safety/budget-repository', () => ({}));

// Late November: London is on GMT, so its wall clock reads as UTC. 2026-11-26 is a Thursday.
const THU_NOON = new Date('2026-11-26T12:00:00Z');
const THU_8 = new Date('2026-11-26T08:00:00Z');
const LONDON = 'Europe/London';

type FlowOptions = Partial<ExecutionSettings> & {
  id?: string;
  status?: DayPlanFlow['status'];
  reviewMode?: ReviewMode;
  hours?: [string, string];
  /** The writes its template makes; absent: every one. */
  writes?: DayPlanFlow['writes'];
};

/** A flow as Start Flow stores it; the day plan reads its execution settings and its review mode. */
function flow(options: FlowOptions = {}): DayPlanFlow {
  const { id = 'flow-1', status = 'ACTIVE', reviewMode = 'autopilot', hours, writes, ...execution } = options;
  const config: FlowConfig = {
    targetingSettings: {
      keywords: 'operations',
      industries: ['Environmental Services'],
      jobTitles: ['Operations Director'],
      locations: ['US'],
      companySize: [],
      minimumMatch: 'warm',
    },
    messagingSettings: {
      companyDescription: 'We make maintenance-planning software that schedules repairs before a breakdown.',
      messageTone: 'professional',
      connectionRequestStyle: 'value-first',
      commentStyle: 'add-insights',
      reviewMode,
    },
    executionSettings: {
      runsPerDay: 3,
      prospectsPerRun: 10,
      workingHours: { start: hours?.[0] ?? '09:00', end: hours?.[1] ?? '17:00', timezone: LONDON },
      enableWeekends: false,
      ...execution,
    },
  };
  return { id, name: `Flow ${id}`, status, config, ...(writes ? { writes } : {}) };
}

/** Every budget far from its end, but those a test names. */
function budgets(
  overrides: Partial<Record<GovernedAction, Partial<BudgetState>>> = {},
): Record<GovernedAction, BudgetState> {
  const all = {} as Record<GovernedAction, BudgetState>;
  for (const action of GOVERNED_ACTIONS) {
    all[action] = { daily: 1000, weekly: 5000, usedToday: 0, usedThisWeek: 0, ...overrides[action] };
  }
  return all;
}

function input(
  now: Date,
  flows: DayPlanFlow[],
  more: Partial<Omit<DayPlanInput, 'account'>> & { account?: Partial<DayPlanInput['account']> } = {},
): DayPlanInput {
  const { account, ...rest } = more;
  return {
    now,
    account: { id: 'acct-1', platform: 'linkedin', timeZone: LONDON, ...account },
    budgets: budgets(),
    flows,
    pending: {},
    searchPageSize: LINKEDIN_API.pageSizes.search,
    nextRunAfter: (after, f) => nextFlowRunAt(after, f.config.executionSettings, f.id),
    ...rest,
  };
}

const column = (runs: DayPlanRun[], of: 'planned' | 'leftOver' | 'waitingForReview', action: DayPlanAction) =>
  runs.map((run) => run[of][action]);
const line = (dayPlan: ReturnType<typeof dayPlanOf>, action: DayPlanAction) =>
  dayPlan.budgets.find((b) => b.action === action)!;

describe("a flow's runs in the next 24 hours", () => {
  it('lists a 3-a-day flow in London from noon Thursday: two runs Thursday, one Friday, at its schedule', () => {
    const dayPlan = dayPlanOf(input(THU_NOON, [flow()]));
    const execution = flow().config.executionSettings;
    const first = nextFlowRunAt(THU_NOON, execution, 'flow-1');
    const second = nextFlowRunAt(first, execution, 'flow-1');
    const third = nextFlowRunAt(second, execution, 'flow-1');
    expect(dayPlan.runs.map((r) => r.at)).toEqual([first, second, third].map((d) => d.toISOString()));
    expect(dayPlan.runs.map((r) => r.localTime.slice(0, 3))).toEqual(['Thu', 'Thu', 'Fri']);
    expect(dayPlan.runs[0]!.localTime).toMatch(/^Thu 1[23]:\d\d$/);
    expect(dayPlan.runs.every((r) => r.timeZone === LONDON && r.flowName === 'Flow flow-1')).toBe(true);
    expect(dayPlan).toMatchObject({
      accountId: 'acct-1',
      timeZone: LONDON,
      from: '2026-11-26T12:00:00.000Z',
      to: '2026-11-27T12:00:00.000Z',
      dayResetsAt: '2026-11-27T00:00:00.000Z',
      weekResetsAt: '2026-11-30T00:00:00.000Z',
    });
  });

  it('starts with the run already scheduled, then follows the schedule', () => {
    const dayPlan = dayPlanOf(input(THU_NOON, [{ ...flow(), nextRunAt: '2026-11-26T12:03:00.000Z' }]));
    expect(dayPlan.runs[0]!.at).toBe('2026-11-26T12:03:00.000Z');
    expect(dayPlan.runs).toHaveLength(4);
  });

  it('does not plan a paused flow, which leaves the budget to the active one', () => {
    const invitations = { daily: 20, usedToday: 10 };
    const paused = flow({ id: 'flow-a', status: 'PAUSED', runsPerDay: 1, hours: ['09:00', '10:00'] });
    const active = flow({ id: 'flow-b', runsPerDay: 1, hours: ['10:00', '11:00'] });
    const dayPlan = dayPlanOf(input(THU_8, [paused, active], { budgets: budgets({ invitations }) }));
    expect(dayPlan.runs.map((r) => r.flowId)).toEqual(['flow-b']);
    expect(dayPlan.runs[0]!.planned.invitations).toBe(10);
    expect(dayPlanOf(input(THU_8, [paused])).runs).toEqual([]);
    expect(dayPlanOf(input(THU_8, [paused])).budgets.every((b) => b.planned === 0 && b.leftOver === 0)).toBe(
      true,
    );
  });

  it('plans no Saturday run with weekends off, and one with weekends on', () => {
    const friday = new Date('2026-11-27T12:00:00Z');
    const off = dayPlanOf(input(friday, [flow({ enableWeekends: false })]));
    const on = dayPlanOf(input(friday, [flow({ enableWeekends: true })]));
    expect(off.runs.map((r) => r.localTime.slice(0, 3))).toEqual(['Fri', 'Fri']);
    expect(on.runs.map((r) => r.localTime.slice(0, 3))).toEqual(['Fri', 'Fri', 'Sat']);
  });
});

describe("the account's budgets along the window", () => {
  it("finds only as many new prospects as the invitations left reach: 20 are two full Thursday runs, 19 leave the second 9 and none over; Friday's is fresh", () => {
    const exactly = dayPlanOf(
      input(THU_NOON, [flow()], { budgets: budgets({ invitations: { daily: 20 } }) }),
    );
    expect(exactly.runs.map((r) => r.prospects)).toEqual([10, 10, 10]);
    expect(column(exactly.runs, 'planned', 'invitations')).toEqual([10, 10, 10]);
    expect(column(exactly.runs, 'leftOver', 'invitations')).toEqual([0, 0, 0]);

    // One short of the exact remainder: the second run looks for 9 people, so no invitation waits for a budget.
    const oneShort = dayPlanOf(
      input(THU_NOON, [flow()], { budgets: budgets({ invitations: { daily: 20, usedToday: 1 } }) }),
    );
    expect(oneShort.runs.map((r) => r.prospects)).toEqual([10, 9, 10]);
    expect(column(oneShort.runs, 'planned', 'invitations')).toEqual([10, 9, 10]);
    expect(column(oneShort.runs, 'leftOver', 'invitations')).toEqual([0, 0, 0]);
    // The whole run is sized by it: a profile read, a posts read, a like and a comment for each of the 9.
    expect(oneShort.runs[1]!.planned).toMatchObject({ 'profile-views': 18, likes: 9, comments: 9 });
    expect(line(oneShort, 'invitations')).toMatchObject({
      label: 'Invitations',
      remainingToday: 19,
      planned: 29,
      leftOver: 0,
    });
  });

  it("resets at the account's midnight, not the flow's: Tokyo's day ends between the two Thursday runs", () => {
    // 13:00 in London is 22:00 in Tokyo; 15:40 in London is 00:40 on Friday there.
    const tokyo = (usedToday: number) =>
      dayPlanOf(
        input(THU_NOON, [flow()], {
          account: { timeZone: 'Asia/Tokyo' },
          budgets: budgets({ invitations: { daily: 20, usedToday } }),
        }),
      );
    expect(tokyo(10).dayResetsAt).toBe('2026-11-26T15:00:00.000Z');
    expect(column(tokyo(10).runs, 'planned', 'invitations')).toEqual([10, 10, 10]);
    // The first run finds only the 9 that Tokyo's Thursday still reaches; the second, on its Friday, 10.
    expect(tokyo(11).runs.map((r) => r.prospects)).toEqual([9, 10, 10]);
    expect(column(tokyo(11).runs, 'planned', 'invitations')).toEqual([9, 10, 10]);
    expect(column(tokyo(11).runs, 'leftOver', 'invitations')).toEqual([0, 0, 0]);
    // Tokyo's Thursday spent: the first run looks for no one, the second has the new day's budget.
    expect(tokyo(20).runs.map((r) => r.prospects)).toEqual([0, 10, 10]);
    // The second run's 10 are the search's first page; Friday's walks past them to the second.
    expect(column(tokyo(20).runs, 'planned', 'searches')).toEqual([0, 1, 2]);
  });

  it('bounds discovery by a nearly spent weekly budget, on the exact remainder and one past it', () => {
    const weekly = (usedThisWeek: number) =>
      dayPlanOf(
        input(THU_NOON, [flow()], { budgets: budgets({ invitations: { weekly: 100, usedThisWeek } }) }),
      );
    expect(weekly(70).runs.map((r) => r.prospects)).toEqual([10, 10, 10]);
    expect(line(weekly(70), 'invitations')).toMatchObject({
      remainingThisWeek: 30,
      planned: 30,
      leftOver: 0,
    });
    // One past it: Friday's run finds the 9 the week still reaches, and nothing is left over.
    expect(weekly(71).runs.map((r) => r.prospects)).toEqual([10, 10, 9]);
    expect(line(weekly(71), 'invitations')).toMatchObject({
      remainingThisWeek: 29,
      planned: 29,
      leftOver: 0,
    });
    // 5 left: the first run finds 5; the others look for no one, not even a search page.
    expect(weekly(95).runs.map((r) => r.prospects)).toEqual([5, 0, 0]);
    expect(column(weekly(95).runs, 'planned', 'invitations')).toEqual([5, 0, 0]);
    expect(column(weekly(95).runs, 'planned', 'searches')).toEqual([1, 0, 0]);
    expect(column(weekly(95).runs, 'leftOver', 'invitations')).toEqual([0, 0, 0]);
    expect(line(weekly(95), 'invitations').leftOver).toBe(0);
  });

  it("gives a spent weekly budget back on the account's Monday", () => {
    const sunday = new Date('2026-11-29T12:00:00Z');
    const dayPlan = dayPlanOf(
      input(sunday, [flow({ enableWeekends: true })], {
        budgets: budgets({ invitations: { weekly: 100, usedThisWeek: 100 } }),
      }),
    );
    expect(dayPlan.weekResetsAt).toBe('2026-11-30T00:00:00.000Z');
    expect(dayPlan.runs.map((r) => r.localTime.slice(0, 3))).toEqual(['Sun', 'Sun', 'Mon']);
    // Sunday's runs reach no one, so they look for no one; Monday's finds its 10.
    expect(dayPlan.runs.map((r) => r.prospects)).toEqual([0, 0, 10]);
    expect(column(dayPlan.runs, 'planned', 'searches')).toEqual([0, 0, 1]);
    expect(column(dayPlan.runs, 'planned', 'invitations')).toEqual([0, 0, 10]);
    expect(line(dayPlan, 'invitations')).toMatchObject({ remainingThisWeek: 0, planned: 10, leftOver: 0 });
  });

  it('serves two flows of the account in time order: the earlier run takes first', () => {
    const invitations = { daily: 20, usedToday: 5 };
    const early = (id: string) => flow({ id, runsPerDay: 1, hours: ['09:00', '10:00'] });
    const late = (id: string) => flow({ id, runsPerDay: 1, hours: ['10:00', '11:00'] });
    const takes = (dayPlan: ReturnType<typeof dayPlanOf>) =>
      dayPlan.runs.map((r) => [r.flowId, r.prospects, r.planned.invitations, r.leftOver.invitations]);
    // 15 left: the earlier run finds and invites 10, the later one only the 5 the budget still reaches.
    const aFirst = dayPlanOf(
      input(THU_8, [late('flow-b'), early('flow-a')], { budgets: budgets({ invitations }) }),
    );
    expect(takes(aFirst)).toEqual([
      ['flow-a', 10, 10, 0],
      ['flow-b', 5, 5, 0],
    ]);
    const bFirst = dayPlanOf(
      input(THU_8, [early('flow-b'), late('flow-a')], { budgets: budgets({ invitations }) }),
    );
    expect(takes(bFirst)).toEqual([
      ['flow-b', 10, 10, 0],
      ['flow-a', 5, 5, 0],
    ]);
    const roomForBoth = { daily: 20, usedToday: 0 };
    const both = dayPlanOf(
      input(THU_8, [early('flow-a'), late('flow-b')], { budgets: budgets({ invitations: roomForBoth }) }),
    );
    expect(line(both, 'invitations')).toMatchObject({ planned: 20, leftOver: 0 });
  });

  it('takes warm-up-reduced limits as given, and the next day’s step after midnight', () => {
    const day0 = (limit: number) => warmedLimit(limit, warmUpShare(0));
    const day1 = (limit: number) => warmedLimit(limit, warmUpShare(1));
    const ramped = (action: GovernedAction) => ({
      daily: day0(BUDGETS.linkedin[action].daily),
      weekly: day0(BUDGETS.linkedin[action].weekly),
    });
    const warmUp = (comments: number) =>
      dayPlanOf(
        input(THU_NOON, [flow()], {
          budgets: budgets({
            invitations: ramped('invitations'),
            likes: ramped('likes'),
            comments: { ...ramped('comments'), daily: comments },
          }),
          limitsAfterMidnight: {
            invitations: {
              daily: day1(BUDGETS.linkedin.invitations.daily),
              weekly: day1(BUDGETS.linkedin.invitations.weekly),
            },
          },
        }),
      );
    // Day 0: 4 invitations, 10 likes, 2 comments. The 4 invitations bound the run to 4 new prospects,
    // each read once (4 views); a spent comment budget ends the engagement at the third one's comment.
    const [first, second, friday] = warmUp(2).runs;
    expect(first!.prospects).toBe(4);
    expect(first!.planned).toMatchObject({ 'profile-views': 4 + 3, likes: 3, comments: 2, invitations: 4 });
    expect(first!.leftOver).toMatchObject({ 'profile-views': 1, likes: 1, comments: 2, invitations: 0 });
    // Thursday's invitations spent: the second run looks for no one.
    expect(second).toMatchObject({ prospects: 0, planned: { searches: 0, invitations: 0 } });
    // Friday, day 1 of the warm-up: 5 invitations, so 5 new prospects.
    expect(friday).toMatchObject({ prospects: 5, planned: { invitations: 5 } });
    // One comment more: the third prospect is engaged in full and the fourth stops it.
    expect(warmUp(3).runs[0]!.planned).toMatchObject({ 'profile-views': 4 + 4, likes: 4, comments: 3 });
  });
});

describe('review modes', () => {
  const withAnswers: Record<string, FlowBacklog> = { 'flow-1': { awaitingAnswer: 4, awaitingReply: 0 } };

  it("under 'everything' plans the writes as to review and takes none of the write budgets", () => {
    // Room for one run's writes a day: as none is taken, every run still has it.
    const oneRunOfWrites = budgets({
      likes: { daily: 10 },
      comments: { daily: 10 },
      invitations: { daily: 10 },
      messages: { daily: 10 },
    });
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow({ reviewMode: 'everything' })], {
        budgets: oneRunOfWrites,
        pending: withAnswers,
      }),
    );
    // Each run walks the search from its first page, past the 10 more found by each run before it.
    expect(dayPlan.runs.map((r) => r.prospects)).toEqual([10, 10, 10]);
    expect(column(dayPlan.runs, 'planned', 'searches')).toEqual([1, 2, 3]);
    // A read of each new profile, and of its posts.
    expect(column(dayPlan.runs, 'planned', 'profile-views')).toEqual([20, 20, 20]);
    for (const action of ['likes', 'comments', 'invitations'] as const) {
      expect(column(dayPlan.runs, 'waitingForReview', action)).toEqual([10, 10, 10]);
      expect(line(dayPlan, action)).toMatchObject({
        remainingToday: 10,
        planned: 0,
        leftOver: 0,
        waitingForReview: 30,
      });
    }
    // The 4 who may have accepted are read once: their messages wait, so no one is left to check.
    expect(column(dayPlan.runs, 'waitingForReview', 'messages')).toEqual([4, 0, 0]);
    expect(column(dayPlan.runs, 'planned', 'list-pages')).toEqual([2, 0, 0]);
    // Discovery is still bounded by today's invitations (as the run's: they go once approved), so with
    // none left a run under review looks for no one either.
    const spent = dayPlanOf(
      input(THU_NOON, [flow({ reviewMode: 'everything' })], {
        budgets: budgets({ invitations: { daily: 0 } }),
      }),
    );
    expect(spent.runs.map((r) => r.prospects)).toEqual([0, 0, 0]);
    expect(column(spent.runs, 'planned', 'searches')).toEqual([0, 0, 0]);
  });

  it("under 'texts' sends likes and note-less invitations, and holds comments and invitations with a note", () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow({ reviewMode: 'texts' })], { account: { notesLeft: 2 }, pending: withAnswers }),
    );
    const [run] = dayPlan.runs;
    expect(run!.planned).toMatchObject({ likes: 10, comments: 0, invitations: 8, messages: 0 });
    expect(run!.waitingForReview).toMatchObject({ likes: 0, comments: 10, invitations: 2, messages: 4 });
    // A premium account writes a note on every invitation: all of them wait.
    const premium = dayPlanOf(input(THU_NOON, [flow({ reviewMode: 'texts' })]));
    expect(premium.runs[0]!.waitingForReview.invitations).toBe(10);
    // On autopilot nothing waits.
    const autopilot = dayPlanOf(
      input(THU_NOON, [flow()], { account: { notesLeft: 2 }, pending: withAnswers }),
    );
    expect(DAY_PLAN_ACTIONS.every((a) => autopilot.runs[0]!.waitingForReview[a] === 0)).toBe(true);
    expect(autopilot.runs[0]!.planned.invitations).toBe(10);
  });
});

describe("a run's demand", () => {
  const oneRun = (backlog: FlowBacklog, more: Partial<DayPlanInput> = {}, options: FlowOptions = {}) =>
    dayPlanOf(
      input(THU_8, [flow({ runsPerDay: 1, hours: ['09:00', '10:00'], ...options })], {
        pending: { 'flow-1': backlog },
        ...more,
      }),
    ).runs;
  const none = { awaitingAnswer: 0, awaitingReply: 0 };

  it('reads search pages of 10 past the people found before, and finds fewer when the pages run short', () => {
    expect(oneRun(none, {}, { prospectsPerRun: 10 })[0]!.planned.searches).toBe(1);
    expect(oneRun(none, {}, { prospectsPerRun: 15 })[0]!.planned.searches).toBe(2);
    expect(oneRun({ ...none, foundBefore: 25 })[0]).toMatchObject({
      prospects: 10,
      planned: { searches: 4 },
    });
    const short = oneRun({ ...none, foundBefore: 25 }, { budgets: budgets({ searches: { daily: 3 } }) })[0]!;
    // The 5 found: each profile read once, then its posts.
    expect(short).toMatchObject({
      prospects: 5,
      planned: { searches: 3, 'profile-views': 5 + 5, invitations: 5 },
    });
    expect(short.leftOver.searches).toBe(1);
    expect(oneRun({ ...none, foundBefore: 25, searchTotal: 30 })[0]).toMatchObject({
      prospects: 5,
      planned: { searches: 3 },
      leftOver: { searches: 0 },
    });
  });

  it('looks for no one at the limit of pending invitations, and fewer near it', () => {
    expect(
      oneRun(none, {
        account: { id: 'acct-1', platform: 'linkedin', timeZone: LONDON, pendingInvitations: 300 },
      })[0],
    ).toMatchObject({
      prospects: 0,
      planned: { searches: 0, invitations: 0 },
    });
    const near = oneRun(none, {
      account: { id: 'acct-1', platform: 'linkedin', timeZone: LONDON, pendingInvitations: 285 },
    });
    expect(near[0]!.prospects).toBeLessThan(10);
    expect(near[0]!.prospects).toBeGreaterThan(0);
  });

  it('checks invitations with two reads, then messages each who may have accepted and reads the threads', () => {
    const run = oneRun({ awaitingAnswer: 3, awaitingReply: 25 })[0]!;
    expect(run.planned).toMatchObject({ messages: 3, 'list-pages': 2 + 20 });
    const fewer = oneRun({ awaitingAnswer: 10, awaitingReply: 0, expectedAcceptances: 2 })[0]!;
    // The replies read are the 2 just messaged.
    expect(fewer.planned).toMatchObject({ messages: 2, 'list-pages': 2 + 2 });
  });

  it('messages no one without both reads: exactly 2 reads left is enough, 1 is not', () => {
    const reads = (daily: number) =>
      oneRun({ awaitingAnswer: 3, awaitingReply: 0 }, { budgets: budgets({ 'list-pages': { daily } }) })[0]!;
    expect(reads(2).planned).toMatchObject({ 'list-pages': 2, messages: 3 });
    // As the runner does: both reads are taken together or neither, and no message goes unread.
    expect(reads(1).planned).toMatchObject({ 'list-pages': 0, messages: 0 });
    expect(reads(1).leftOver).toMatchObject({ 'list-pages': 2, messages: 3 });
  });

  it('sends approved items first and counts what is carried from run to run once', () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow()], {
        pending: { 'flow-1': { awaitingAnswer: 0, awaitingReply: 0, approved: { messages: 5 } } },
        budgets: budgets({ messages: { daily: 3 } }),
      }),
    );
    expect(column(dayPlan.runs, 'planned', 'messages')).toEqual([3, 0, 2]);
    expect(column(dayPlan.runs, 'leftOver', 'messages')).toEqual([2, 2, 0]);
    expect(line(dayPlan, 'messages')).toMatchObject({ planned: 5, leftOver: 0 });
  });

  it('withdraws an invitation once it is due, and carries it while the budget is spent', () => {
    const backlog = { awaitingAnswer: 5, awaitingReply: 0, withdrawalsDueAt: ['2026-11-26T14:30:00Z'] };
    const due = (daily: number) =>
      dayPlanOf(
        input(THU_NOON, [flow()], {
          pending: { 'flow-1': backlog },
          budgets: budgets({ withdrawals: { daily } }),
        }),
      );
    expect(column(due(1).runs, 'planned', 'withdrawals')).toEqual([0, 1, 0]);
    expect(column(due(0).runs, 'leftOver', 'withdrawals')).toEqual([0, 1, 1]);
    expect(line(due(0), 'withdrawals').leftOver).toBe(1);
  });
});

describe('what one real run may do', () => {
  it("is its run's planned counts, found by flow and minute", () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow()], { budgets: budgets({ invitations: { daily: 15 } }) }),
    );
    const second = dayPlan.runs[1]!;
    const at = new Date(Date.parse(second.at) + 30_000);
    // 15 invitations: the second run may look for the 5 new people the budget still reaches.
    expect(runAllowance(dayPlan, 'flow-1', at)).toEqual({ prospects: 5, takes: second.planned });
    expect(runAllowance(dayPlan, 'flow-1', at)!.takes.invitations).toBe(5);
    expect(runAllowance(dayPlan, 'flow-2', at)).toBeUndefined();
    expect(runAllowance(dayPlan, 'flow-1', new Date(Date.parse(second.at) + 60_000))).toBeUndefined();
  });
});

const HOUR = 3600 * 1000;
/** A schedule of a run every `hours` (the flows' own schedule has its tests in flow-schedule.test.ts). */
const every = (hours: number) => (after: Date) => new Date(after.getTime() + hours * HOUR);
const hoursAfter = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR).toISOString();

describe('the window of 24 hours', () => {
  const plannedAt = (nextRunAt: string | undefined, nextRunAfter = every(8)) =>
    dayPlanOf(
      input(THU_NOON, [{ ...flow(), ...(nextRunAt ? { nextRunAt } : {}) }], { nextRunAfter }),
    ).runs.map((run) => run.at);

  it('plans a run scheduled for this very moment, and none at the moment the window ends', () => {
    expect(plannedAt(THU_NOON.toISOString())).toEqual([
      hoursAfter(THU_NOON, 0),
      hoursAfter(THU_NOON, 8),
      hoursAfter(THU_NOON, 16),
    ]);
  });

  it('does not plan again a run already under way: the next one is by the schedule', () => {
    expect(plannedAt(new Date(THU_NOON.getTime() - 1).toISOString())).toEqual([
      hoursAfter(THU_NOON, 8),
      hoursAfter(THU_NOON, 16),
    ]);
  });

  it('ends the list of a flow whose schedule does not move forward', () => {
    const stuck = () => new Date(THU_NOON.getTime() + HOUR);
    expect(plannedAt(undefined, stuck)).toEqual([hoursAfter(THU_NOON, 1)]);
  });

  it('orders runs at the same moment by flow id, the first taking the budget first', () => {
    const at = hoursAfter(THU_NOON, 1);
    const dayPlan = dayPlanOf(
      input(
        THU_NOON,
        [
          { ...flow({ id: 'flow-b' }), nextRunAt: at },
          { ...flow({ id: 'flow-a' }), nextRunAt: at },
        ],
        {
          nextRunAfter: every(30),
          budgets: budgets({ invitations: { daily: 15 } }),
        },
      ),
    );
    expect(dayPlan.runs.map((r) => [r.flowId, r.planned.invitations])).toEqual([
      ['flow-a', 10],
      ['flow-b', 5],
    ]);
  });

  it('refuses a search page size under one', () => {
    expect(() => dayPlanOf(input(THU_NOON, [flow()], { searchPageSize: 0 }))).toThrow(
      new RangeError('searchPageSize must be at least 1'),
    );
    expect(() => dayPlanOf(input(THU_NOON, [flow()], { searchPageSize: Number.NaN }))).toThrow(RangeError);
    expect(dayPlanOf(input(THU_NOON, [flow()], { searchPageSize: 1 })).runs[0]!.planned.searches).toBe(10);
  });
});

describe('what a flow carries into the window', () => {
  const oneRun = (backlog: FlowBacklog, more: Parameters<typeof input>[2] = {}) =>
    dayPlanOf(
      input(THU_NOON, [{ ...flow(), nextRunAt: hoursAfter(THU_NOON, 1) }], {
        nextRunAfter: every(30),
        pending: { 'flow-1': backlog },
        ...more,
      }),
    ).runs[0]!;

  // A search that lists no one: the run invites no one new, and reads only for what it carried in.
  const nobodyNew = { awaitingAnswer: 0, awaitingReply: 0, searchTotal: 0 };

  it('awaits answers to the approved invitations it sends: the same run reads who accepted', () => {
    const run = oneRun({ ...nobodyNew, approved: { invitations: 3 } });
    expect(run.planned).toMatchObject({ invitations: 3, 'list-pages': 2, messages: 0 });
    expect(oneRun(nobodyNew).planned['list-pages']).toBe(0);
  });

  it('reads the threads of the approved messages it sends, and checks no invitation for them', () => {
    const run = oneRun({ ...nobodyNew, approved: { messages: 5 } });
    expect(run.planned).toMatchObject({ messages: 5, 'list-pages': 5 });
  });

  it('counts the approved invitations it sends toward the pending-invitation limit', () => {
    const near = { pendingInvitations: 290 };
    expect(oneRun({ awaitingAnswer: 0, awaitingReply: 0 }, { account: near })).toMatchObject({
      prospects: 2,
    });
    const full = oneRun(
      { awaitingAnswer: 0, awaitingReply: 0, approved: { invitations: 10 } },
      { account: near },
    );
    expect(full).toMatchObject({ prospects: 0, planned: { searches: 0, invitations: 10 } });
  });

  it('still pays the page that says a search is empty, and finds no one past a search that shrank', () => {
    expect(oneRun({ awaitingAnswer: 0, awaitingReply: 0, searchTotal: 0 })).toMatchObject({
      prospects: 0,
      planned: { searches: 1, 'profile-views': 0, invitations: 0 },
    });
    expect(oneRun({ awaitingAnswer: 0, awaitingReply: 0, searchTotal: 20, foundBefore: 25 })).toMatchObject({
      prospects: 0,
      planned: { searches: 2, invitations: 0 },
      leftOver: { invitations: 0 },
    });
  });

  it('does not count on those due for withdrawal in the window to accept, but on those due after it', () => {
    const due = (at: number[]) =>
      oneRun({
        awaitingAnswer: 5,
        awaitingReply: 0,
        withdrawalsDueAt: at.map((h) => hoursAfter(THU_NOON, h)),
      });
    expect(due([0.5, 30]).planned.messages).toBe(4);
    // Due at the window's very end: after it.
    expect(due([24]).planned.messages).toBe(5);
    expect(due([23.9]).planned.messages).toBe(4);
  });

  it('counts on no more acceptances than invitations awaiting an answer', () => {
    expect(oneRun({ awaitingAnswer: 3, awaitingReply: 0, expectedAcceptances: 10 }).planned.messages).toBe(3);
    const allDue = oneRun({
      awaitingAnswer: 1,
      awaitingReply: 0,
      withdrawalsDueAt: [hoursAfter(THU_NOON, 0.5), hoursAfter(THU_NOON, 0.75)],
    });
    expect(allDue.planned.messages).toBe(0);
    expect(allDue.leftOver.messages).toBe(0);
  });

  it('withdraws an invitation due at the very moment of the run, the soonest due first', () => {
    // Listed out of order: the one due at 13:00 goes at 14:00; at 15:00 the other is not due yet.
    const dayPlan = dayPlanOf(
      input(THU_NOON, [{ ...flow(), nextRunAt: hoursAfter(THU_NOON, 2) }], {
        nextRunAfter: every(1),
        pending: {
          'flow-1': {
            awaitingAnswer: 5,
            awaitingReply: 0,
            withdrawalsDueAt: [hoursAfter(THU_NOON, 5), hoursAfter(THU_NOON, 1)],
          },
        },
      }),
    );
    expect(column(dayPlan.runs, 'planned', 'withdrawals').slice(0, 4)).toEqual([1, 0, 0, 1]);
  });
});

describe('the follow-up along the window', () => {
  /** Runs of one flow at 13:00 and 23:00 Thursday, then 09:00 Friday (a new quota day). */
  const threeRuns = (
    backlog: FlowBacklog,
    more: Parameters<typeof input>[2] = {},
    options: FlowOptions = {},
  ) =>
    dayPlanOf(
      input(THU_NOON, [{ ...flow(options), nextRunAt: hoursAfter(THU_NOON, 1) }], {
        nextRunAfter: every(10),
        pending: { 'flow-1': backlog },
        ...more,
      }),
    );

  it('reads only with both reads left of what is used today and this week: 2 left is enough, 1 is not', () => {
    const backlog = { awaitingAnswer: 3, awaitingReply: 0, searchTotal: 0 };
    const reads = (budget: Partial<BudgetState>) =>
      threeRuns(backlog, { budgets: budgets({ 'list-pages': budget }) }).runs[0]!.planned;
    expect(reads({ daily: 10, usedToday: 8 })).toMatchObject({ 'list-pages': 2, messages: 3 });
    expect(reads({ daily: 10, usedToday: 9 })).toMatchObject({ 'list-pages': 0, messages: 0 });
    expect(reads({ weekly: 10, usedThisWeek: 8 })).toMatchObject({ 'list-pages': 2, messages: 3 });
    expect(reads({ weekly: 10, usedThisWeek: 9 })).toMatchObject({ 'list-pages': 0, messages: 0 });
  });

  it('asks again for the withdrawals due that a run could not read, and counts them once', () => {
    const dayPlan = threeRuns(
      { awaitingAnswer: 3, awaitingReply: 0, searchTotal: 0, withdrawalsDueAt: [THU_NOON.toISOString()] },
      // One read left today: none of Thursday's runs reads; Friday's budget has both.
      { budgets: budgets({ 'list-pages': { daily: 2, usedToday: 1 } }) },
    );
    expect(column(dayPlan.runs, 'leftOver', 'withdrawals')).toEqual([1, 1, 0]);
    expect(column(dayPlan.runs, 'planned', 'withdrawals')).toEqual([0, 0, 1]);
    expect(line(dayPlan, 'withdrawals')).toMatchObject({ planned: 1, leftOver: 0 });
  });

  it('awaits no answer to an invitation it withdrew: with none left, the next run reads nothing', () => {
    const dayPlan = threeRuns({
      awaitingAnswer: 1,
      awaitingReply: 0,
      expectedAcceptances: 0,
      searchTotal: 0,
      withdrawalsDueAt: [THU_NOON.toISOString()],
    });
    expect(column(dayPlan.runs, 'planned', 'withdrawals')).toEqual([1, 0, 0]);
    expect(column(dayPlan.runs, 'planned', 'list-pages')).toEqual([2, 0, 0]);
  });

  it('makes room under the pending-invitation limit for each invitation withdrawn', () => {
    const dayPlan = threeRuns(
      {
        awaitingAnswer: 1,
        awaitingReply: 0,
        expectedAcceptances: 0,
        withdrawalsDueAt: [THU_NOON.toISOString()],
      },
      { account: { pendingInvitations: 300 } },
    );
    expect(dayPlan.runs.map((r) => r.prospects)).toEqual([0, 1, 0]);
    expect(column(dayPlan.runs, 'planned', 'withdrawals')).toEqual([1, 0, 0]);
  });

  it('messages at a later run those the budget left unmessaged, and counts them once', () => {
    const dayPlan = threeRuns(
      { awaitingAnswer: 5, awaitingReply: 0, searchTotal: 0 },
      { budgets: budgets({ messages: { daily: 3 } }) },
    );
    expect(column(dayPlan.runs, 'planned', 'messages')).toEqual([3, 0, 2]);
    expect(column(dayPlan.runs, 'leftOver', 'messages')).toEqual([2, 2, 0]);
    expect(line(dayPlan, 'messages')).toMatchObject({ planned: 5, leftOver: 0 });
  });

  it('checks the invitations a flow with nothing pending sends, from the run that sends them', () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [{ ...flow(), nextRunAt: hoursAfter(THU_NOON, 1) }], { nextRunAfter: every(10) }),
    );
    expect(column(dayPlan.runs, 'planned', 'invitations')).toEqual([10, 10, 10]);
    expect(column(dayPlan.runs, 'planned', 'list-pages')).toEqual([2, 2, 2]);
    expect(column(dayPlan.runs, 'planned', 'messages')).toEqual([0, 0, 0]);
  });
});

describe("the account's notes, shared by its flows", () => {
  it('leaves a later flow only the notes an earlier one did not send', () => {
    const at = (id: string, hour: number, reviewMode: ReviewMode) => ({
      ...flow({ id, reviewMode }),
      nextRunAt: hoursAfter(THU_NOON, hour),
    });
    const dayPlan = (notesLeft: number) =>
      dayPlanOf(
        input(THU_NOON, [at('flow-a', 1, 'autopilot'), at('flow-b', 2, 'texts')], {
          nextRunAfter: every(30),
          account: { notesLeft },
        }),
      );
    // The autopilot flow sends its 10 invitations with the first 2 notes: none is left to hold one for review.
    expect(
      dayPlan(2).runs.map((r) => [r.flowId, r.waitingForReview.invitations, r.planned.invitations]),
    ).toEqual([
      ['flow-a', 0, 10],
      ['flow-b', 0, 10],
    ]);
    expect(
      dayPlan(12).runs.map((r) => [r.flowId, r.waitingForReview.invitations, r.planned.invitations]),
    ).toEqual([
      ['flow-a', 0, 10],
      ['flow-b', 2, 8],
    ]);
  });
});

describe("the flow's backlog (issue 36 point 6)", () => {
  /** One run of the flow at 09:00 Thursday. */
  const oneRun = (backlog: FlowBacklog, more: Parameters<typeof input>[2] = {}, options: FlowOptions = {}) =>
    dayPlanOf(
      input(THU_8, [flow({ runsPerDay: 1, hours: ['09:00', '10:00'], ...options })], {
        pending: { 'flow-1': backlog },
        ...more,
      }),
    ).runs[0]!;
  const waitingFor = (engagement: number, invitation: number): FlowBacklog => ({
    awaitingAnswer: 0,
    awaitingReply: 0,
    waiting: { engagement, invitation },
  });

  it('goes first and takes the budget before any new prospect: 5 waiting, 8 invitations left, 3 new', () => {
    const run = oneRun(waitingFor(0, 5), { budgets: budgets({ invitations: { daily: 8 } }) });
    expect(run).toMatchObject({ backlog: 5, prospects: 3 });
    expect(run.planned).toMatchObject({ searches: 1, invitations: 5 + 3 });
    expect(run.leftOver.invitations).toBe(0);
    // Only the 3 new ones are read and engaged: the 5 waited for their invitation alone.
    expect(run.planned).toMatchObject({ 'profile-views': 3 + 3, likes: 3, comments: 3 });
    // Without a backlog the same budget finds 8.
    expect(oneRun(waitingFor(0, 0), { budgets: budgets({ invitations: { daily: 8 } }) })).toMatchObject({
      backlog: 0,
      prospects: 8,
    });
  });

  it('engages those waiting for engagement before anyone new, a posts read, a like and a comment each', () => {
    const run = oneRun(waitingFor(4, 0), { budgets: budgets({ likes: { daily: 6 } }) });
    expect(run).toMatchObject({ backlog: 4, prospects: 10 });
    // The like budget goes to the 4 first: 2 of the 10 new are engaged, the third stops it.
    expect(run.planned).toMatchObject({ likes: 6, comments: 6, 'profile-views': 4 + 10 + 3 });
    expect(run.planned.invitations).toBe(10);
  });

  it('leaves what the budget does not reach of a bigger backlog for the next run, and finds nobody new', () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow()], {
        pending: { 'flow-1': waitingFor(0, 12) },
        budgets: budgets({ invitations: { daily: 8 } }),
      }),
    );
    // Thursday: 8 of the 12, none new; the second run has no invitation left; Friday the 4, then 4 new.
    expect(dayPlan.runs.map((r) => [r.backlog, r.prospects])).toEqual([
      [8, 0],
      [0, 0],
      [4, 4],
    ]);
    expect(column(dayPlan.runs, 'planned', 'searches')).toEqual([0, 0, 1]);
    expect(column(dayPlan.runs, 'planned', 'invitations')).toEqual([8, 0, 8]);
    expect(column(dayPlan.runs, 'leftOver', 'invitations')).toEqual([4, 4, 0]);
    // The 4 asked for again by each run are counted once: all are invited by the window's end.
    expect(line(dayPlan, 'invitations')).toMatchObject({ planned: 16, leftOver: 0 });
  });

  it('asks again for the engagement it could not give, and counts it once', () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [flow({ writes: ['like', 'comment'] })], {
        pending: { 'flow-1': { ...waitingFor(12, 0), searchTotal: 0 } },
        budgets: budgets({ likes: { daily: 8 } }),
      }),
    );
    // Thursday 8 are liked; the ninth's posts are read and its like waits, as do the 3 after it.
    expect(dayPlan.runs.map((r) => r.backlog)).toEqual([8, 0, 4]);
    expect(column(dayPlan.runs, 'planned', 'likes')).toEqual([8, 0, 4]);
    expect(column(dayPlan.runs, 'leftOver', 'likes')).toEqual([4, 4, 0]);
    expect(line(dayPlan, 'likes')).toMatchObject({ planned: 12, leftOver: 0 });
    expect(line(dayPlan, 'comments')).toMatchObject({ planned: 12, leftOver: 0 });
    // The ninth's posts are read again at each run that reaches it: the reads are the run's, not left over.
    expect(column(dayPlan.runs, 'planned', 'profile-views')).toEqual([9, 1, 4]);
    expect(line(dayPlan, 'profile-views').leftOver).toBe(0);
  });
});

describe("the writes a flow's template makes (issue 36 found 5)", () => {
  const oneRun = (options: FlowOptions, more: Parameters<typeof input>[2] = {}) =>
    dayPlanOf(input(THU_8, [flow({ runsPerDay: 1, hours: ['09:00', '10:00'], ...options })], more)).runs[0]!;
  const answers = (awaitingAnswer: number): Record<string, FlowBacklog> => ({
    'flow-1': { awaitingAnswer, awaitingReply: 0, withdrawalsDueAt: [THU_8.toISOString()] },
  });

  it('plans no likes, comments or post reads for a template that makes only invitations and messages', () => {
    const run = oneRun({ writes: ['invite', 'message'] }, { pending: answers(3) });
    // Each new profile is read once, for its score; no posts.
    expect(run).toMatchObject({ prospects: 10 });
    expect(run.planned).toMatchObject({ 'profile-views': 10, likes: 0, comments: 0, invitations: 10 });
    expect(run.leftOver).toMatchObject({ 'profile-views': 0, likes: 0, comments: 0 });
    expect(run.planned.messages).toBe(3 - 1);
    // Under review nothing of them waits either.
    const held = oneRun({ writes: ['invite', 'message'], reviewMode: 'everything' });
    expect(held.waitingForReview).toMatchObject({ likes: 0, comments: 0, invitations: 10 });
  });

  it("plans no message for a template without 'message': it reads the answers and withdraws the due", () => {
    const run = oneRun(
      { writes: ['like', 'comment', 'invite'] },
      { pending: { 'flow-1': { ...answers(4)['flow-1']!, acceptedUnmessaged: 2 } } },
    );
    expect(run.planned).toMatchObject({ 'list-pages': 2, withdrawals: 1, messages: 0 });
    expect(run.leftOver.messages).toBe(0);
    // Unread, it leaves no message over either; the withdrawal waits for the reads.
    const unread = oneRun(
      { writes: ['like', 'comment', 'invite'] },
      { pending: answers(4), budgets: budgets({ 'list-pages': { daily: 1 } }) },
    );
    expect(unread.leftOver).toMatchObject({ 'list-pages': 2, withdrawals: 1, messages: 0 });
    // Under review no message waits.
    const held = oneRun(
      { writes: ['like', 'comment', 'invite'], reviewMode: 'everything' },
      { pending: answers(4) },
    );
    expect(held.waitingForReview.messages).toBe(0);
    // The same flow with 'message' writes to the 3 who may accept (one is withdrawn) and the 2 accepted.
    const messages = oneRun(
      {},
      { pending: { 'flow-1': { ...answers(4)['flow-1']!, acceptedUnmessaged: 2 } } },
    );
    expect(messages.planned.messages).toBe(3 + 2);
  });

  it('bounds discovery by the first write a template makes to a new person: comments, else likes', () => {
    const limits = budgets({ comments: { daily: 4 }, likes: { daily: 6 }, invitations: { daily: 2 } });
    expect(oneRun({}, { budgets: limits }).prospects).toBe(2);
    const engages = oneRun({ writes: ['like', 'comment'] }, { budgets: limits });
    expect(engages).toMatchObject({ prospects: 4, planned: { comments: 4, invitations: 0 } });
    expect(engages.leftOver.invitations).toBe(0);
    expect(oneRun({ writes: ['like'] }, { budgets: limits })).toMatchObject({
      prospects: 6,
      planned: { likes: 6, comments: 0 },
    });
    // A template that writes to no new person is bounded by its prospects per run alone.
    expect(oneRun({ writes: ['message'] }, { budgets: limits }).prospects).toBe(10);
  });
});

describe("a new prospect's profile", () => {
  const invitesOnly = flow({ writes: ['invite'] });

  it('costs one profile view before scoring', () => {
    const run = dayPlanOf(input(THU_NOON, [invitesOnly])).runs[0]!;
    expect(run).toMatchObject({ prospects: 10, planned: { 'profile-views': 10 } });
    expect(
      dayPlanOf(input(THU_NOON, [flow({ writes: ['invite'], prospectsPerRun: 7 })])).runs[0]!.planned,
    ).toMatchObject({ 'profile-views': 7 });
  });

  it('is scored unread once the views are spent: left over, and not read again at the next run', () => {
    const dayPlan = dayPlanOf(
      input(THU_NOON, [invitesOnly], { budgets: budgets({ 'profile-views': { daily: 14 } }) }),
    );
    expect(dayPlan.runs.map((r) => r.prospects)).toEqual([10, 10, 10]);
    expect(column(dayPlan.runs, 'planned', 'profile-views')).toEqual([10, 4, 10]);
    expect(column(dayPlan.runs, 'leftOver', 'profile-views')).toEqual([0, 6, 0]);
    expect(line(dayPlan, 'profile-views')).toMatchObject({ planned: 24, leftOver: 6 });
    // The unread are still invited.
    expect(column(dayPlan.runs, 'planned', 'invitations')).toEqual([10, 10, 10]);
  });

  it('is read before the posts: with the views spent by the reads, no post is read, liked or commented on', () => {
    const run = dayPlanOf(
      input(THU_8, [flow({ runsPerDay: 1, hours: ['09:00', '10:00'] })], {
        budgets: budgets({ 'profile-views': { daily: 10 } }),
      }),
    ).runs[0]!;
    expect(run.planned).toMatchObject({ 'profile-views': 10, likes: 0, comments: 0, invitations: 10 });
    expect(run.leftOver).toMatchObject({ 'profile-views': 10, likes: 10, comments: 10 });
  });
});

describe('the invitation stage', () => {
  const state = (): FlowState => ({
    searchTotal: Infinity,
    foundBefore: 0,
    approved: { ...runAllowanceFree() },
    waiting: { engagement: 0, invitation: 0 },
    awaitingAnswer: 0,
    mayAccept: 0,
    toMessage: 0,
    awaitingReply: 0,
    withdrawalsDue: [],
    carried: { ...runAllowanceFree() },
  });
  const runAllowanceFree = () =>
    Object.fromEntries(DAY_PLAN_ACTIONS.map((a) => [a, 0])) as Record<DayPlanAction, number>;

  it('stops at the pending-invitation limit: 298 held leaves room for 2 of 5, the rest left over', () => {
    const run = new Run(budgetClock(input(THU_NOON, [])), 'autopilot');
    const flowState = state();
    const account = { pendingInvitations: 298, notesSent: 0 };
    connect(run, flowState, account, 5, Infinity);
    expect(run.planned.invitations).toBe(2);
    expect(run.leftOver.invitations).toBe(3);
    expect(account.pendingInvitations).toBe(300);
    expect(flowState.awaitingAnswer).toBe(2);
  });
});
