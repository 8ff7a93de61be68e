import { describe, expect, it } from 'vitest';
import { seededCatalogue } from '../../functions/catalog/catalogue';
import {
  api,
  FOLLOWERS,
  followersConfig,
  listOf,
  POST_SCRAPER,
  setStatus,
  startAutomationsSuite,
  started,
  statsOf,
  storeAutomation,
} from '../support/automations-suite';
import { newUser } from '../support/users';

/** GET /api/jobs/dashboard/stats: what the dashboard counts. */
startAutomationsSuite({ poolSize: 6 });

describe('GET /api/jobs/dashboard/stats', () => {
  it('answers zeros and the catalogue size for a new user', async () => {
    const ada = await newUser();
    const res = await statsOf(ada);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        totalAutomations: 0,
        completedAutomations: 0,
        activeAutomations: 0,
        // The trobs and the flow templates' entries: everything the catalogue lists.
        totalTemplates: seededCatalogue.length,
        connectedAccounts: 0,
      },
    });
  });

  it('counts connected LinkedIn and Twitter accounts once each, and not Instagram', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    expect((await statsOf(ada)).body.data.connectedAccounts).toBe(1);
    const bob = await newUser({ plan: 'TRIAL', connect: ['instagram'] });
    expect((await statsOf(bob)).body.data.connectedAccounts).toBe(0);
    await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, { token: bob.accessToken });
    await api.post('/api/users/platforms/sandbox', { platform: 'twitter' }, { token: bob.accessToken });
    // Connecting the same account again changes nothing.
    await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, { token: bob.accessToken });
    expect((await statsOf(bob)).body.data.connectedAccounts).toBe(2);
  });

  it('counts the same trob with the same settings once, keeping the newest run’s status', async () => {
    const ada = await newUser({ plan: 'TRIAL', connect: ['linkedin'] });
    // The same settings in another key order are the same automation.
    const a = await started(ada, { templateId: FOLLOWERS, config: followersConfig });
    const reordered = {
      exportSettings: { skipDuplicates: false, format: 'csv' },
      filteringSettings: { excludeOpenToWork: true, headlineKeywords: ['founder', 'ceo'], maxProfiles: 300 },
      targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme-analytics' },
    };
    const b = await started(ada, { templateId: FOLLOWERS, config: reordered });
    const other = await started(ada, { templateId: FOLLOWERS });
    expect((await listOf(ada)).body.data.automations).toHaveLength(3);
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 2,
      activeAutomations: 2,
      completedAutomations: 0,
      connectedAccounts: 1,
    });

    // The older duplicate completed: the newest of the pair is still pending, so nothing is completed.
    await setStatus(ada.id, a.id, 'completed');
    expect((await statsOf(ada)).body.data).toMatchObject({ totalAutomations: 2, completedAutomations: 0 });
    // The newest of the pair completed: now it counts.
    await setStatus(ada.id, b.id, 'completed');
    await setStatus(ada.id, other.id, 'failed');
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 2,
      completedAutomations: 1,
      activeAutomations: 0,
    });
  });

  it('matches stored settings whatever their key order, and tells templates apart', async () => {
    const ada = await newUser();
    const t = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    await storeAutomation(ada.id, {
      id: 'old',
      templateId: FOLLOWERS,
      status: 'running',
      config: { a: 1, b: { c: [1, 2], d: 'x' } },
      createdAt: t(30),
    });
    await storeAutomation(ada.id, {
      id: 'new',
      templateId: FOLLOWERS,
      status: 'completed',
      config: { b: { d: 'x', c: [1, 2] }, a: 1 },
      createdAt: t(20),
    });
    // Same settings, other trob; and the same trob with the list in another order (a different setting).
    await storeAutomation(ada.id, {
      id: 'other-trob',
      templateId: POST_SCRAPER,
      status: 'completed',
      config: { a: 1, b: { c: [1, 2], d: 'x' } },
      createdAt: t(10),
    });
    await storeAutomation(ada.id, {
      id: 'other-order',
      templateId: FOLLOWERS,
      status: 'active',
      config: { a: 1, b: { c: [2, 1], d: 'x' } },
      createdAt: t(5),
    });
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 3,
      completedAutomations: 2,
      activeAutomations: 1,
    });
  });
});
