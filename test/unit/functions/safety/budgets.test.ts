import { describe, expect, it } from 'vitest';
import {
  type ActionBudget,
  BUDGETS,
  GOVERNED_ACTIONS,
  type GovernedAction,
  isWriteAction,
  PLATFORM_LIMIT_REST_MS,
} from '../../../../functions/safety/budgets';
import { PLATFORMS, type Platform } from '../../../../shared/platforms';

const READS: ActionBudget['spacingMs'] = [2000, 5000];
const WRITES: ActionBudget['spacingMs'] = [60_000, 300_000];

describe('the action budgets of a connected account (issue 11 point 8)', () => {
  it('governs these eight kinds of action', () => {
    expect(GOVERNED_ACTIONS).toEqual([
      'profile-views',
      'list-pages',
      'searches',
      'invitations',
      'messages',
      'likes',
      'comments',
      'withdrawals',
    ]);
  });

  // [action, daily, weekly, spacing] per platform: the conservative ends of the vendors' figures.
  const table: Record<Platform, [GovernedAction, number, number, ActionBudget['spacingMs']][]> = {
    linkedin: [
      ['profile-views', 80, 400, READS],
      ['list-pages', 200, 1000, READS],
      ['searches', 100, 500, READS],
      ['invitations', 20, 100, WRITES],
      ['messages', 20, 100, WRITES],
      ['likes', 50, 250, WRITES],
      ['comments', 10, 50, WRITES],
      ['withdrawals', 30, 150, WRITES],
    ],
    twitter: [
      ['profile-views', 300, 1500, READS],
      ['list-pages', 300, 1500, READS],
      ['searches', 100, 500, READS],
      ['invitations', 100, 500, WRITES],
      ['messages', 100, 500, WRITES],
      ['likes', 100, 500, WRITES],
      ['comments', 50, 250, WRITES],
      ['withdrawals', 30, 150, WRITES],
    ],
    instagram: [
      ['profile-views', 60, 300, READS],
      ['list-pages', 100, 500, READS],
      ['searches', 30, 150, READS],
      ['invitations', 10, 50, WRITES],
      ['messages', 10, 50, WRITES],
      ['likes', 20, 100, WRITES],
      ['comments', 5, 25, WRITES],
      ['withdrawals', 10, 50, WRITES],
    ],
  };

  it.each(PLATFORMS)('gives %s exactly its daily and weekly limits and spacing per action', (platform) => {
    const expected = Object.fromEntries(
      table[platform].map(([action, daily, weekly, spacingMs]) => [action, { daily, weekly, spacingMs }]),
    );
    expect(BUDGETS[platform]).toEqual(expected);
  });

  it.each(PLATFORMS)('allows on %s a week of five working days of each daily limit', (platform) => {
    for (const action of GOVERNED_ACTIONS) {
      const budget = BUDGETS[platform][action];
      expect(budget.weekly).toBe(5 * budget.daily);
    }
  });

  it('spaces reads (views, list pages, searches) by seconds and writes by minutes, as a person would', () => {
    for (const platform of PLATFORMS) {
      for (const action of ['profile-views', 'list-pages', 'searches'] as const) {
        expect(BUDGETS[platform][action].spacingMs).toEqual([2000, 5000]);
      }
      for (const action of ['invitations', 'messages', 'likes', 'comments', 'withdrawals'] as const) {
        expect(BUDGETS[platform][action].spacingMs).toEqual([60_000, 300_000]);
      }
    }
  });

  it('counts withdrawals among the writes a warm-up ramps, and reads apart', () => {
    expect(GOVERNED_ACTIONS.filter(isWriteAction)).toEqual([
      'invitations',
      'messages',
      'likes',
      'comments',
      'withdrawals',
    ]);
  });

  it('rests an action kind for six hours when the platform signals a limit', () => {
    expect(PLATFORM_LIMIT_REST_MS).toBe(6 * 60 * 60 * 1000);
  });
});
