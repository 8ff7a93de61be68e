import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { invitationAcceptance } from '../../functions/flows/contact-ledger-repository';
import { budgetUsed } from '../../functions/safety/budget-repository';
import type { ActionBudget, GovernedAction } from '../../functions/safety/budgets';
import { BUDGETS } from '../../functions/safety/budgets';
import { createGovernor, periodsOf } from '../../functions/safety/governor';
import { useIntegrationEnv } from '../support/integration-env';
import { markWarmedUp } from '../support/warm-up';

beforeAll(async () => {
  await useIntegrationEnv();
});

const WED = new Date('2026-11-25T10:00:00Z');

function budgets(daily: number, weekly: number): Record<GovernedAction, ActionBudget> {
  const out = { ...BUDGETS.linkedin } as Record<GovernedAction, ActionBudget>;
  out['profile-views'] = { daily, weekly, spacingMs: [2000, 5000] };
  return out;
}

const account = () => ({ workspaceId: `u-${randomUUID()}`, connectionId: `c-${randomUUID()}` });

describe('safety governor of one connected account', () => {
  it('gives back what a take counted and no action used, in the day it was taken, never below zero', async () => {
    const acc = account();
    const at = (now: Date) =>
      createGovernor({
        account: acc,
        platform: 'linkedin',
        now: () => now,
        pacingScale: 0,
        budgets: budgets(3, 100),
      });
    const wednesday = at(WED);
    const taken = await wednesday.take('profile-views', 2);
    expect(taken).toEqual({ ok: true, takenAt: WED });
    // Given back on Thursday: Wednesday's counters, not Thursday's.
    const thursday = new Date('2026-11-26T10:00:00Z');
    await at(thursday).giveBack('profile-views', 1, WED);
    expect(await budgetUsed(acc, 'profile-views', periodsOf(WED))).toMatchObject({ daily: 1, weekly: 1 });
    expect(await budgetUsed(acc, 'profile-views', periodsOf(thursday))).toMatchObject({ daily: 0 });
    // More than was counted: nothing changes.
    await wednesday.giveBack('profile-views', 2, WED);
    expect(await budgetUsed(acc, 'profile-views', periodsOf(WED))).toMatchObject({ daily: 1, weekly: 1 });
    // What was given back can be taken again, up to the limit exactly.
    expect(await wednesday.take('profile-views', 2)).toMatchObject({ ok: true });
    expect(await wednesday.take('profile-views')).toMatchObject({ ok: false, why: 'daily' });
  });

  it('never grants a take of several past the limit on a day not counted yet: the limit exactly, not one more', async () => {
    const governorOf = (daily: number, weekly: number) =>
      createGovernor({
        account: account(),
        platform: 'linkedin',
        now: () => WED,
        pacingScale: 0,
        budgets: budgets(daily, weekly),
      });
    const fresh = governorOf(3, 100);
    expect(await fresh.take('profile-views', 4)).toMatchObject({ ok: false, why: 'daily' });
    expect(await fresh.take('profile-views', 3)).toEqual({ ok: true, takenAt: WED });
    expect(await fresh.take('profile-views')).toMatchObject({ ok: false, why: 'daily' });
    // The week's limit the same way, on a week not counted yet.
    const weekly = governorOf(10, 3);
    expect(await weekly.take('profile-views', 4)).toMatchObject({ ok: false, why: 'weekly' });
    expect(await weekly.take('profile-views', 3)).toMatchObject({ ok: true });
  });

  it("starts an account's new day at its own midnight: Tokyo's budget is back at 15:00 UTC, not at 00:00", async () => {
    const acc = account();
    const at = (now: Date) =>
      createGovernor({
        account: acc,
        platform: 'linkedin',
        now: () => now,
        pacingScale: 0,
        budgets: budgets(2, 100),
        timeZone: 'Asia/Tokyo',
      });
    const beforeMidnight = new Date('2026-11-25T14:59:00Z');
    expect(await at(beforeMidnight).take('profile-views', 2)).toMatchObject({ ok: true });
    // Spent until Tokyo's midnight, 15:00 UTC.
    expect(await at(beforeMidnight).take('profile-views')).toEqual({
      ok: false,
      why: 'daily',
      until: new Date('2026-11-25T15:00:00Z'),
    });
    expect(await at(new Date('2026-11-25T15:00:00Z')).take('profile-views', 2)).toMatchObject({ ok: true });
    // In UTC both takes fell on the 25th; on the account's clock they are the 25th and the 26th.
    expect(await budgetUsed(acc, 'profile-views', periodsOf(beforeMidnight, 'Asia/Tokyo'))).toMatchObject({
      daily: 2,
      weekly: 4,
    });
    expect(
      await budgetUsed(acc, 'profile-views', periodsOf(new Date('2026-11-25T15:00:00Z'), 'Asia/Tokyo')),
    ).toMatchObject({ daily: 2, weekly: 4 });
    expect(await at(new Date('2026-11-25T23:59:00Z')).take('profile-views')).toMatchObject({
      ok: false,
      why: 'daily',
      until: new Date('2026-11-26T15:00:00Z'),
    });
  });

  it('grants exactly the daily budget to two runs taking at once, and refuses one past it', async () => {
    const shared = account();
    const runA = createGovernor({
      account: shared,
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(10, 100),
    });
    const runB = createGovernor({
      account: shared,
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(10, 100),
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? runA : runB).take('profile-views')),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    const refused = answers.find((a) => !a.ok);
    expect(refused).toEqual({ ok: false, why: 'daily', until: new Date('2026-11-26T00:00:00Z') });
    // The counters themselves never went past the limit.
    expect(await budgetUsed(shared, 'profile-views', periodsOf(WED))).toMatchObject({
      daily: 10,
      weekly: 10,
    });
  });

  it('refuses at the weekly budget until the next Monday even when the day has room', async () => {
    const acc = account();
    const governor = createGovernor({
      account: acc,
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(50, 3),
    });
    for (let i = 0; i < 3; i++) expect(await governor.take('profile-views')).toMatchObject({ ok: true });
    expect(await governor.take('profile-views')).toEqual({
      ok: false,
      why: 'weekly',
      until: new Date('2026-11-30T00:00:00Z'),
    });
  });

  it('keeps one account’s budget apart from another’s and one action kind apart from another', async () => {
    const first = createGovernor({
      account: account(),
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(1, 10),
    });
    const second = createGovernor({
      account: account(),
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(1, 10),
    });
    expect(await first.take('profile-views')).toMatchObject({ ok: true });
    expect((await first.take('profile-views')).ok).toBe(false);
    expect(await second.take('profile-views')).toMatchObject({ ok: true });
    expect(await first.take('list-pages')).toMatchObject({ ok: true });
  });

  it('rests an action kind after the platform signalled a limit, and grants it again after the rest', async () => {
    const acc = account();
    let now = WED;
    const governor = createGovernor({ account: acc, platform: 'linkedin', now: () => now, pacingScale: 0 });
    const until = await governor.rest('list-pages');
    expect(until.getTime() - WED.getTime()).toBe(6 * 3600_000);
    expect(await governor.take('list-pages')).toEqual({ ok: false, why: 'resting', until });
    expect(await governor.take('profile-views')).toMatchObject({ ok: true });
    now = new Date(until.getTime() + 1000);
    expect(await governor.take('list-pages')).toMatchObject({ ok: true });
  });

  it('forecasts the day a job completes at the daily budget', async () => {
    const acc = account();
    const governor = createGovernor({
      account: acc,
      platform: 'linkedin',
      now: () => WED,
      pacingScale: 0,
      budgets: budgets(80, 400),
    });
    for (let i = 0; i < 80; i++) await governor.take('profile-views');
    // Nothing left today; 80 a day: 312 profiles take 4 days (Thu, Fri, Sat, Sun).
    expect(await governor.forecast('profile-views', 312, 'profiles')).toEqual({
      remaining: 312,
      perDay: 80,
      completeBy: '2026-11-29',
      summary: "about 312 profiles left; at today's budget, complete by Sunday",
    });
    expect((await governor.forecast('profile-views', 80, 'profiles')).summary).toBe(
      "about 80 profiles left; at today's budget, complete by tomorrow",
    );
  });

  it('spaces actions by the pacing scale: none at 0, within the platform’s spacing at 1', async () => {
    const waits: number[] = [];
    const make = (pacingScale: number) =>
      createGovernor({
        account: account(),
        platform: 'linkedin',
        now: () => WED,
        pacingScale,
        sleep: async (ms) => {
          waits.push(ms);
        },
        random: () => 0.5,
      });
    await make(0).pace('profile-views');
    expect(waits).toEqual([]);
    await make(1).pace('profile-views');
    expect(waits).toEqual([3500]);
  });
});

describe('the warm-up of an account new to write actions (issue 23 point 3)', () => {
  const governorAt = (acc: ReturnType<typeof account>, now: Date) =>
    createGovernor({ account: acc, platform: 'linkedin', now: () => now, pacingScale: 0 });

  it('allows a fifth of the invitation budget on the first day, three fifths a week on, all of it from day 14', async () => {
    const acc = account();
    const first = governorAt(acc, WED);
    // LinkedIn's 20 a day: 4 on the day of the first write, the 5th refused until midnight.
    for (let i = 0; i < 4; i++) expect(await first.take('invitations')).toMatchObject({ ok: true });
    expect(await first.take('invitations')).toMatchObject({ ok: false, why: 'daily' });

    // Day 7 (Wednesday a week on): 12 a day, and a new week's counters.
    const daySeven = governorAt(acc, new Date('2026-12-02T10:00:00Z'));
    expect(await daySeven.take('invitations', 12)).toMatchObject({ ok: true });
    expect(await daySeven.take('invitations')).toMatchObject({ ok: false, why: 'daily' });

    // Day 14: the full 20.
    const dayFourteen = governorAt(acc, new Date('2026-12-09T10:00:00Z'));
    expect(await dayFourteen.take('invitations', 20)).toMatchObject({ ok: true });
    expect(await dayFourteen.take('invitations')).toMatchObject({ ok: false, why: 'daily' });
  });

  it('ramps only write actions, and starts with the first write, not with reads', async () => {
    const acc = account();
    const governor = governorAt(acc, WED);
    // Reads first: the full 80 profile views, and no ramp started by them.
    expect(await governor.take('profile-views', 80)).toMatchObject({ ok: true });
    const later = governorAt(acc, new Date('2026-11-30T10:00:00Z'));
    // The first like, five days after the reads: day 0 of the ramp (10 of 50).
    expect(await later.take('likes', 10)).toMatchObject({ ok: true });
    expect(await later.take('likes')).toMatchObject({ ok: false, why: 'daily' });
  });
});

describe('the invitation budget that adapts (issue 23 point 5)', () => {
  const governorAt = (acc: ReturnType<typeof account>, now: Date) =>
    createGovernor({ account: acc, platform: 'linkedin', now: () => now, pacingScale: 0 });

  it('halves the invitations of a warmed-up account when fewer than 15% of its last 50 were accepted', async () => {
    const acc = account();
    await markWarmedUp(acc);
    const governor = governorAt(acc, WED);
    expect(await governor.assessInvitations({ invited: 50, accepted: 8 })).toBeUndefined();
    expect(await governor.assessInvitations({ invited: 50, accepted: 7 })).toMatchObject({ factor: 0.5 });
    expect(await governor.take('invitations', 10)).toMatchObject({ ok: true });
    expect(await governor.take('invitations')).toMatchObject({ ok: false, why: 'daily' });
    // A week on, with acceptance back: three quarters (15 of 20).
    const weekOn = governorAt(acc, new Date(WED.getTime() + 7 * 24 * 3600 * 1000));
    expect(await weekOn.assessInvitations({ invited: 50, accepted: 20 })).toMatchObject({ factor: 0.75 });
    expect(await weekOn.take('invitations', 15)).toMatchObject({ ok: true });
    expect(await weekOn.take('invitations')).toMatchObject({ ok: false, why: 'daily' });
  });

  it('halves them for a week when the platform shows a limit on invitations', async () => {
    const acc = account();
    await markWarmedUp(acc);
    await governorAt(acc, WED).rest('invitations');
    // The rest is over after hours; the halving holds for the week.
    const nextDay = governorAt(acc, new Date('2026-11-26T10:00:00Z'));
    expect(await nextDay.take('invitations', 10)).toMatchObject({ ok: true });
    expect(await nextDay.take('invitations')).toMatchObject({ ok: false, why: 'daily' });
  });

  it("reads the acceptance of the account's newest 50 invitations old enough to be answered", async () => {
    const acc = account();
    const put = (id: string, invited: Date, accepted: boolean) =>
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.ledgerPerson(acc.workspaceId, acc.connectionId, id),
            personId: id,
            name: id,
            flowId: 'f',
            steps: { invited: invited.toISOString(), ...(accepted ? { accepted: WED.toISOString() } : {}) },
          },
        }),
      );
    const daysAgo = (days: number) => new Date(WED.getTime() - days * 24 * 3600 * 1000);
    // 49 old enough: too few to judge.
    await Promise.all(Array.from({ length: 49 }, (_, i) => put(`old-${i}`, daysAgo(10 + i / 10), i < 5)));
    await Promise.all(Array.from({ length: 10 }, (_, i) => put(`young-${i}`, daysAgo(1), false)));
    const window = { window: 50, answerDays: 3 };
    expect(await invitationAcceptance(acc, WED, window)).toBeUndefined();
    // The 50th old enough, accepted; an older one than all of them, accepted too but past the window.
    await put('fiftieth', daysAgo(4), true);
    await put('oldest', daysAgo(90), true);
    expect(await invitationAcceptance(acc, WED, window)).toEqual({ invited: 50, accepted: 6 });
  });
});
