import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetUsed } from '../../functions/safety/budget-repository';
import type { ActionBudget, GovernedAction } from '../../functions/safety/budgets';
import { BUDGETS } from '../../functions/safety/budgets';
import { createGovernor, periodsOf } from '../../functions/safety/governor';
import { useIntegrationEnv } from '../support/integration-env';

beforeAll(async () => {
  await useIntegrationEnv();
});

const WED = new Date('2026-11-25T10:00:00Z');

function budgets(daily: number, weekly: number): Record<GovernedAction, ActionBudget> {
  const out = { ...BUDGETS.linkedin } as Record<GovernedAction, ActionBudget>;
  out['profile-views'] = { daily, weekly, spacingMs: [2000, 5000] };
  return out;
}

const account = () => ({ userId: `u-${randomUUID()}`, connectionId: `c-${randomUUID()}` });

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
