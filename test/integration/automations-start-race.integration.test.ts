import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../../shared/plan-policy';
import type { ApiResult } from '../support/api-client';
import {
  FOLLOWERS,
  LIMIT_MESSAGE,
  RACE_MESSAGE,
  runMessagesOf,
  start,
  startAutomationsSuite,
  storedAutomations,
} from '../support/automations-suite';
import { newUser } from '../support/users';

/**
 * Starts of one user sent at once, through the local gateway over HTTP (issue 19 point 11): the start
 * guard lets one start through per round, and a start that lost counts again and tries again after a
 * jittered wait, so every start the plan allows goes through and one more than the limit gets the
 * limit's refusal, never the 'starting at the same time' conflict. Before the waits, 15 starts at once
 * on PLUS answered 5 to 9 of them with that conflict (two or five at once never did: DynamoDB Local
 * runs transactions one at a time, so each round has exactly one winner).
 */
startAutomationsSuite({ poolSize: 6 });

/** The last test's seam: every attempt loses the guard; attempts and guard reads are counted. */
const seam = vi.hoisted(() => ({ loseGuard: false, attempts: 0, guardReads: 0 }));
vi.mock('../../functions/jobs/job-state/user-move-repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/jobs/job-state/user-move-repository')>();
  return {
    ...real,
    readStartGuard: async (userId: string) => {
      if (seam.loseGuard) seam.guardReads++;
      return real.readStartGuard(userId);
    },
    insertAutomation: async (...args: Parameters<typeof real.insertAutomation>) => {
      if (!seam.loseGuard) return real.insertAutomation(...args);
      seam.attempts++;
      return false;
    },
  };
});

const LIMITS: Record<'BASE' | 'PRO' | 'PLUS', number> = { BASE: 2, PRO: 5, PLUS: 15 };

/** `count` starts of one new user of `plan`, sent at once. */
async function startsAtOnce(plan: Plan, count: number) {
  const user = await newUser({ plan, connect: ['linkedin'] });
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      start(user, { templateId: FOLLOWERS, config: { filteringSettings: { maxProfiles: 10 + i } } }),
    ),
  );
  return { user, results };
}

const outcomes = (results: ApiResult[]) => results.map((r) => `${r.status} ${r.body?.message}`);

async function expectStoredAndSent(userId: string, accepted: ApiResult[]) {
  const ids = accepted.map((r) => r.body.data.automation.id as string).sort();
  expect((await storedAutomations(userId)).map((i) => i.id as string).sort()).toEqual(ids);
  expect((await runMessagesOf(userId)).map((m) => m.jobId).sort()).toEqual(ids);
}

describe('POST /api/automation/start: starts of one user at once', () => {
  it.each([
    ['BASE', 2],
    ['PRO', 5],
    ['PLUS', 15],
  ] as const)('starts all of %s’s %i at once', async (plan, count) => {
    const { user, results } = await startsAtOnce(plan, count);
    expect(outcomes(results)).toEqual(Array(count).fill('201 Automation started'));
    await expectStoredAndSent(user.id, results);
  });

  it('starts both of two starts at once again and again (BASE, three users)', async () => {
    for (let i = 0; i < 3; i++) {
      const { user, results } = await startsAtOnce('BASE', 2);
      expect(outcomes(results)).toEqual(['201 Automation started', '201 Automation started']);
      expect(await storedAutomations(user.id)).toHaveLength(2);
    }
  });

  it.each([
    ['BASE', 3],
    ['PRO', 6],
    ['PLUS', 16],
  ] as const)(
    'lets exactly the limit of %s through of %i at once and refuses the rest with the limit',
    async (plan, count) => {
      const limit = LIMITS[plan];
      const { user, results } = await startsAtOnce(plan, count);
      const accepted = results.filter((r) => r.status === 201);
      expect(accepted, JSON.stringify(outcomes(results))).toHaveLength(limit);
      const refused = outcomes(results.filter((r) => r.status !== 201));
      expect(refused).toEqual(Array(count - limit).fill(`403 ${LIMIT_MESSAGE(limit)}`));
      expect(refused.join()).not.toContain(RACE_MESSAGE);
      await expectStoredAndSent(user.id, accepted);
    },
  );

  it('answers the conflict only once every attempt lost the guard, having counted again each time', async () => {
    const user = await newUser({ plan: 'PRO', connect: ['linkedin'] });
    seam.loseGuard = true;
    seam.attempts = 0;
    seam.guardReads = 0;
    const began = Date.now();
    try {
      const res = await start(user, { templateId: FOLLOWERS });
      expect(res.status, res.text).toBe(409);
      expect(res.body).toEqual({ code: 'CONFLICT', message: RACE_MESSAGE });
    } finally {
      seam.loseGuard = false;
    }
    // Ten attempts and nine jittered waits of 4.4 s at most in all: bounded, inside the route’s 10 s.
    expect(seam.attempts).toBe(10);
    expect(seam.guardReads).toBe(10);
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(await storedAutomations(user.id)).toEqual([]);
  });
});
