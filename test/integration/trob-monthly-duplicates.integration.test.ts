import { describe, expect, it } from 'vitest';
import { RUN_TEXTS } from '../../shared/run-texts';
import {
  api,
  as,
  automationItem,
  connectedUser,
  FOLLOWERS,
  followersConfig,
  runQueued,
  startEngineSuite,
  startTrob,
  storedLeads,
} from '../support/engine-suite';

/**
 * Issue 19 point 11: with skipDuplicates, the month's allowance is judged after the duplicates give
 * their reservations back, not on a whole batch at once (a FREE user has 100 profiles a month).
 */
startEngineSuite();

const skipping = (maxProfiles: number) => ({
  ...followersConfig(maxProfiles),
  exportSettings: { format: 'csv', skipDuplicates: true },
});

const used = async (user: Parameters<typeof as>[0]) =>
  (await api.get('/api/users/usage', as(user))).body.data.usage.profilesUsed as number;

describe('the month’s allowance with skipDuplicates', () => {
  it('uses the whole allowance on new people, whatever duplicates come first, and stops exactly at it', async () => {
    const ada = await connectedUser('FREE');
    const first = await startTrob(ada, FOLLOWERS, followersConfig(30));
    await runQueued(ada.id);
    expect(await automationItem(ada.id, first.id)).toMatchObject({ status: 'completed', totalLeads: 30 });
    expect(await used(ada)).toBe(30);

    // 50 new people asked, the first 30 listed already collected: 50 fit in the 70 left, and it completes.
    const second = await startTrob(ada, FOLLOWERS, skipping(50));
    await runQueued(ada.id);
    const done = await automationItem(ada.id, second.id);
    expect(done).toMatchObject({
      status: 'completed',
      totalLeads: 50,
      report: { skipped: { duplicates: 30 } },
    });
    expect(done.message).not.toBe(RUN_TEXTS.monthlyLimit(100));
    expect(await used(ada)).toBe(80);

    // 60 asked, the first 80 listed already collected (a whole batch of duplicates): the 20 left of the
    // month go to new people, then the limit stops it.
    const third = await startTrob(ada, FOLLOWERS, skipping(60));
    await runQueued(ada.id);
    expect(await automationItem(ada.id, third.id)).toMatchObject({
      status: 'completed',
      totalLeads: 20,
      message: RUN_TEXTS.monthlyLimit(100),
    });
    expect(await storedLeads(ada.id, third.id)).toHaveLength(20);
    expect(await used(ada)).toBe(100);
  }, 90_000);
});
