import { describe, expect, it } from 'vitest';
import { prepaidTakes } from '../../../../../functions/leads/trobs/handlers/prepaid-takes';
import type { TrobContext } from '../../../../../functions/leads/trobs/trob-context';

type Governor = TrobContext['governor'];
const AT = new Date('2026-11-25T10:00:00Z');

/** A governor over a daily budget of `left` actions, recording its calls. */
function budgetOf(left: number) {
  const calls: string[] = [];
  const governor: Governor = {
    async take(action, count = 1) {
      calls.push(`take ${action} ${count}`);
      if (count > left) return { ok: false, why: 'daily', until: new Date('2026-11-26T00:00:00Z') };
      left -= count;
      return { ok: true, takenAt: AT };
    },
    async giveBack(action, count, takenAt) {
      calls.push(`give back ${action} ${count} ${takenAt.toISOString()}`);
      left += count;
    },
    pace: async () => undefined,
    rest: async () => AT,
    forecast: async () => ({ remaining: 0, perDay: 1, completeBy: '2026-11-25', summary: '' }),
    limitsAt: async () => ({ daily: 0, weekly: 0 }),
    assessInvitations: async () => undefined,
    leftToday: async () => 0,
  };
  return { governor, calls, left: () => left };
}

describe('actions taken from the budget two at a time', () => {
  it('takes two with one write and hands out the second without another', async () => {
    const budget = budgetOf(10);
    const takes = prepaidTakes(budget.governor, 2);
    for (let i = 0; i < 3; i++) expect(await takes.take('list-pages')).toEqual({ ok: true, takenAt: AT });
    expect(budget.calls).toEqual(['take list-pages 2', 'take list-pages 2']);
    await takes.giveBack();
    expect(budget.calls.at(-1)).toBe(`give back list-pages 1 ${AT.toISOString()}`);
    expect(budget.left()).toBe(7);
    // Given back once only.
    await takes.giveBack();
    expect(budget.calls).toHaveLength(3);
  });

  it('takes the last one of the budget alone, and answers the refusal past it', async () => {
    const budget = budgetOf(1);
    const takes = prepaidTakes(budget.governor, 2);
    expect(await takes.take('list-pages')).toEqual({ ok: true, takenAt: AT });
    expect(await takes.take('list-pages')).toMatchObject({ ok: false, why: 'daily' });
    expect(budget.calls).toEqual([
      'take list-pages 2',
      'take list-pages 1',
      'take list-pages 2',
      'take list-pages 1',
    ]);
    await takes.giveBack();
    expect(budget.left()).toBe(0);
  });

  it('gives back what is left of one action before taking another', async () => {
    const budget = budgetOf(10);
    const takes = prepaidTakes(budget.governor, 2);
    await takes.take('list-pages');
    await takes.take('profile-views');
    expect(budget.calls).toEqual([
      'take list-pages 2',
      `give back list-pages 1 ${AT.toISOString()}`,
      'take profile-views 2',
    ]);
  });
});
