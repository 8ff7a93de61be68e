import { describe, expect, it } from 'vitest';
import {
  apiKeysInPlan,
  automationLimitMessage,
  countsAsRunning,
  exportFormatInPlan,
  exportFormatNotInPlan,
  type Feature,
  FLOWS_NOT_IN_PLAN,
  features,
  hasFeature,
  isNearLimit,
  isPlan,
  isTrialExpired,
  limitsFor,
  mayCreateAutomation,
  type Plan,
  type PlanLimits,
  planBadgeLabel,
  planLimits,
  planOrFree,
  plans,
  platformInPlan,
  RUNNING_STATUSES,
  SMART_FLOWS_NOT_IN_PLAN,
  showsUpgradeLink,
  startRefusal,
  TRIAL_EXPIRED_MESSAGE,
  TRIAL_FLOW_EXECUTION_LIMIT,
  trialDaysRemaining,
  upgradeHint,
  usagePercent,
} from '../../../shared/plan-policy';
import { PLATFORMS, type Platform } from '../../../shared/platforms';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('plans', () => {
  it('are the five upper-case plans of the User entity', () => {
    expect(plans).toEqual(['FREE', 'TRIAL', 'BASE', 'PRO', 'PLUS']);
  });
});

describe('the plan-limit table', () => {
  // Spec part 1, section 9, one row each; columns in the table's order, the last column spread over
  // support, aiLevel, teamUsers, whiteLabel and trialDays.
  const specRows: [Plan, PlanLimits][] = [
    // | FREE | 1 | 100 | 0 | linkedin | csv | community |
    [
      'FREE',
      {
        concurrentAutomations: 1,
        monthlyProfiles: 100,
        smartFlows: 0,
        platforms: ['linkedin'],
        flows: false,
        exportFormats: ['csv'],
        support: 'community',
        aiLevel: 'none',
        teamUsers: 1,
        whiteLabel: false,
      },
    ],
    // | TRIAL | 5 | 200 | 1 | linkedin, twitter | csv, json, excel | email, basic AI, 14 days |
    [
      'TRIAL',
      {
        concurrentAutomations: 5,
        monthlyProfiles: 200,
        smartFlows: 1,
        platforms: ['linkedin', 'twitter'],
        flows: false,
        exportFormats: ['csv', 'json', 'excel'],
        support: 'email',
        aiLevel: 'basic',
        teamUsers: 1,
        whiteLabel: false,
        trialDays: 14,
      },
    ],
    // | BASE | 2 | 300 | 0 | linkedin | csv | email |
    [
      'BASE',
      {
        concurrentAutomations: 2,
        monthlyProfiles: 300,
        smartFlows: 0,
        platforms: ['linkedin'],
        flows: false,
        exportFormats: ['csv'],
        support: 'email',
        aiLevel: 'none',
        teamUsers: 1,
        whiteLabel: false,
      },
    ],
    // | PRO | 5 | 1500 | 1 | linkedin, twitter; flows | csv, json, excel | priority email, basic AI |
    [
      'PRO',
      {
        concurrentAutomations: 5,
        monthlyProfiles: 1500,
        smartFlows: 1,
        platforms: ['linkedin', 'twitter'],
        flows: true,
        exportFormats: ['csv', 'json', 'excel'],
        support: 'priority email',
        aiLevel: 'basic',
        teamUsers: 1,
        whiteLabel: false,
      },
    ],
    // | PLUS | 15 | 5000 | 3 | linkedin, twitter; flows | csv, json, excel, pdf |
    //   live chat, advanced AI, 3 team users, white label |
    [
      'PLUS',
      {
        concurrentAutomations: 15,
        monthlyProfiles: 5000,
        smartFlows: 3,
        platforms: ['linkedin', 'twitter'],
        flows: true,
        exportFormats: ['csv', 'json', 'excel', 'pdf'],
        support: 'live chat',
        aiLevel: 'advanced',
        teamUsers: 3,
        whiteLabel: true,
      },
    ],
  ];

  it.each(specRows)('gives %s exactly its row of the spec table', (plan, row) => {
    expect(planLimits[plan]).toStrictEqual(row);
    expect(limitsFor(plan)).toStrictEqual(row);
  });

  it('has a row for every plan and no other', () => {
    expect(Object.keys(planLimits).sort()).toEqual([...plans].sort());
  });
});

describe('feature flags (section 6)', () => {
  const plansWith: Record<Feature, Plan[]> = {
    smartFlows: ['TRIAL', 'PRO', 'PLUS'], // smartFlows above 0
    flows: ['PRO', 'PLUS'],
    aiPersonalization: ['TRIAL', 'PRO', 'PLUS'],
    advancedExport: ['TRIAL', 'PRO', 'PLUS'], // more than one export format
    multiPlatform: ['TRIAL', 'PRO', 'PLUS'], // more than one platform
    team: ['PLUS'],
    whiteLabel: ['PLUS'],
  };

  it('names exactly the seven features of section 6', () => {
    expect([...features].sort()).toEqual(Object.keys(plansWith).sort());
  });

  const cases = features.flatMap((feature) =>
    plans.map((plan) => ({ plan, feature, expected: plansWith[feature].includes(plan) })),
  );

  it.each(cases)('$plan has $feature: $expected', ({ plan, feature, expected }) => {
    expect(hasFeature(plan, feature)).toBe(expected);
  });
});

describe('API keys (issue 39)', () => {
  it.each([
    ['FREE', false],
    ['TRIAL', false],
    ['BASE', false],
    ['PRO', true],
    ['PLUS', true],
  ] as const)('%s has API keys: %s', (plan, expected) => {
    expect(apiKeysInPlan(plan)).toBe(expected);
  });

  it.each([undefined, null, '', 'pro', ' PRO', 'ENTERPRISE'])('%j, not a plan, has none', (plan) => {
    expect(apiKeysInPlan(plan)).toBe(false);
  });
});

describe('unknown plans', () => {
  // Plans are upper case as stored; any other spelling, 'pro' included, is unknown and gets FREE.
  const unknown = [undefined, null, '', 'ENTERPRISE', 'pro', ' PRO'];

  it.each(unknown)('%j is not a plan and falls back to FREE', (plan) => {
    expect(isPlan(plan)).toBe(false);
    expect(planOrFree(plan)).toBe('FREE');
    expect(limitsFor(plan)).toBe(planLimits.FREE);
  });

  it.each(unknown)('%j gets FREE features, hint, badge and automation limit', (plan) => {
    for (const feature of features) expect(hasFeature(plan, feature)).toBe(false);
    expect(upgradeHint(plan)).toBe('Start a free trial or upgrade to unlock this feature.');
    expect(planBadgeLabel(plan)).toBe('Free Plan');
    expect(showsUpgradeLink(plan)).toBe(false);
    expect(mayCreateAutomation(plan, 0)).toBe(true);
    expect(mayCreateAutomation(plan, 1)).toBe(false);
  });

  it('does not treat a lower-case trial as a trial that can expire', () => {
    expect(isTrialExpired({ plan: 'trial', trialEndsAt: '2000-01-01T00:00:00.000Z' })).toBe(false);
  });
});

describe('upgrade hints', () => {
  it.each<[Plan, string | undefined]>([
    ['FREE', 'Start a free trial or upgrade to unlock this feature.'],
    ['TRIAL', 'Upgrade to Pro to keep this feature after your trial.'],
    ['BASE', 'Upgrade to Pro to unlock this feature.'],
    ['PRO', 'Upgrade to Plus to unlock this feature.'],
    ['PLUS', undefined],
  ])('%s reads %j', (plan, hint) => {
    expect(upgradeHint(plan)).toBe(hint);
  });

  it("never names Business, the spec's old word for Plus (DECISIONS 33)", () => {
    for (const plan of plans) expect(upgradeHint(plan) ?? '').not.toMatch(/business/i);
  });
});

describe('trial expiry', () => {
  const endsAt = new Date('2025-03-15T12:00:00.000Z');
  const at = (offsetMs: number) => new Date(endsAt.getTime() + offsetMs);

  it('is not expired before trialEndsAt', () => {
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: endsAt }, at(-DAY))).toBe(false);
  });

  it('is not expired exactly at trialEndsAt', () => {
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: endsAt }, at(0))).toBe(false);
  });

  it('is expired 1 ms after trialEndsAt', () => {
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: endsAt }, at(1))).toBe(true);
  });

  it('reads trialEndsAt as an ISO string, as the API sends it', () => {
    const iso = endsAt.toISOString();
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: iso }, at(0))).toBe(false);
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: iso }, at(1))).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: '2000-01-01T00:00:00.000Z' })).toBe(true);
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: '2999-01-01T00:00:00.000Z' })).toBe(false);
  });

  it.each<Plan>(['FREE', 'BASE', 'PRO', 'PLUS'])('never applies to %s, whatever trialEndsAt says', (plan) => {
    expect(isTrialExpired({ plan, trialEndsAt: endsAt }, at(DAY))).toBe(false);
  });

  it.each([undefined, null, '', 'not a date'])(
    'treats a TRIAL with trialEndsAt %j as expired',
    (trialEndsAt) => {
      expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt }, at(0))).toBe(true);
    },
  );

  it('reads a missing end date as missing, not as the first instant of 1970', () => {
    // new Date(null) is the epoch: read as an end date, a clock at the epoch would still be inside it.
    expect(isTrialExpired({ plan: 'TRIAL', trialEndsAt: null }, new Date(0))).toBe(true);
  });
});

describe('trial days remaining', () => {
  const endsAt = new Date('2025-03-15T12:00:00.000Z');
  const whenLeft = (ms: number) => new Date(endsAt.getTime() - ms);

  it('rounds 23h59m up to 1 day', () => {
    expect(trialDaysRemaining(endsAt, whenLeft(23 * HOUR + 59 * MINUTE))).toBe(1);
  });

  it('gives exactly 2 days as 2', () => {
    expect(trialDaysRemaining(endsAt, whenLeft(2 * DAY))).toBe(2);
  });

  it('rounds 2 days and 1 ms up to 3', () => {
    expect(trialDaysRemaining(endsAt, whenLeft(2 * DAY + 1))).toBe(3);
  });

  it('gives 14 at the start of a 14-day trial', () => {
    expect(trialDaysRemaining(endsAt.toISOString(), whenLeft(14 * DAY))).toBe(14);
  });

  it('gives 0 exactly at trialEndsAt and after it, never less', () => {
    expect(trialDaysRemaining(endsAt, endsAt)).toBe(0);
    expect(trialDaysRemaining(endsAt, whenLeft(-1))).toBe(0);
    expect(trialDaysRemaining(endsAt, whenLeft(-30 * DAY))).toBe(0);
  });

  it.each([undefined, null, '', 'not a date'])('gives 0 when trialEndsAt is %j', (trialEndsAt) => {
    expect(trialDaysRemaining(trialEndsAt, endsAt)).toBe(0);
  });

  it('gives 0 for a missing end date even on a clock before 1970', () => {
    expect(trialDaysRemaining(null, new Date(-DAY))).toBe(0);
  });
});

describe('usage percentage', () => {
  it.each([
    [0, 100, 0],
    [50, 200, 25],
    [1200, 1500, 80],
    [100, 100, 100],
    [150, 100, 150],
  ])('%i of %i is %d%%', (used, limit, percent) => {
    expect(usagePercent(used, limit)).toBe(percent);
  });

  it('is left unrounded for the UI to round', () => {
    expect(usagePercent(1, 3)).toBeCloseTo(33.333, 3);
  });

  it('reads a zero limit as empty when nothing is used and full otherwise', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(2, 0)).toBe(100);
  });
});

describe('near limit', () => {
  it.each([
    [79, 100, false],
    [80, 100, true],
    [1199, 1500, false],
    [1200, 1500, true],
    [3, 5, false],
    [4, 5, true],
    [120, 100, true],
    [0, 0, false],
    [1, 0, true],
  ])('%i of %i is near the limit: %s', (used, limit, near) => {
    expect(isNearLimit(used, limit)).toBe(near);
  });
});

describe('running automations (DECISIONS 20)', () => {
  it('counts pending, running and active', () => {
    expect(RUNNING_STATUSES).toEqual(['pending', 'running', 'active']);
    for (const status of RUNNING_STATUSES) expect(countsAsRunning(status)).toBe(true);
  });

  it.each(['completed', 'failed', 'stopped', 'inactive', 'Active', '', undefined, null])(
    'does not count %j',
    (status) => {
      expect(countsAsRunning(status)).toBe(false);
    },
  );
});

describe('creating an automation', () => {
  it.each<[Plan, number]>([
    ['FREE', 1],
    ['TRIAL', 5],
    ['BASE', 2],
    ['PRO', 5],
    ['PLUS', 15],
  ])('%s may create one while fewer than %i are running, not at or above it', (plan, limit) => {
    expect(mayCreateAutomation(plan, 0)).toBe(true);
    expect(mayCreateAutomation(plan, limit - 1)).toBe(true);
    expect(mayCreateAutomation(plan, limit)).toBe(false);
    expect(mayCreateAutomation(plan, limit + 1)).toBe(false);
  });
});

describe('message texts (section 8)', () => {
  it('words the automation limit with the limit', () => {
    expect(automationLimitMessage(5)).toBe(
      "You've reached your automation limit (5). Upgrade your plan to create more automations.",
    );
  });

  it('words the expired trial', () => {
    expect(TRIAL_EXPIRED_MESSAGE).toBe(
      'Your free trial has expired. Please upgrade to continue using automations.',
    );
  });

  it('words smart flows missing from the plan', () => {
    expect(SMART_FLOWS_NOT_IN_PLAN).toBe('Smart Flows are not available in your current plan.');
  });

  it('words flows missing from the plan with the catalogue’s final period', () => {
    expect(FLOWS_NOT_IN_PLAN).toBe('AI Flows are available in PRO plans and above.');
  });

  it('allows a trial 3 flow executions (DECISIONS 4)', () => {
    expect(TRIAL_FLOW_EXECUTION_LIMIT).toBe(3);
  });
});

describe('plan badge and upgrade link (section 2.2)', () => {
  it.each<[Plan, string, boolean]>([
    ['FREE', 'Free Plan', false],
    ['TRIAL', 'Free Trial', true],
    ['BASE', 'Base Plan', true],
    ['PRO', 'Pro Plan', false],
    ['PLUS', 'Plus Plan', false],
  ])('%s reads %j; upgrade link shown: %s', (plan, label, link) => {
    expect(planBadgeLabel(plan)).toBe(label);
    expect(showsUpgradeLink(plan)).toBe(link);
  });
});

describe('startRefusal: the first four start checks of section 5, in order', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  const expiredTrial = { plan: 'TRIAL', trialEndsAt: '2026-11-01T00:00:00.000Z' };
  const trial = { plan: 'TRIAL', trialEndsAt: '2026-12-01T00:00:00.000Z' };
  const trob = { isFlow: false, isSmartFlow: false };

  it('lets a start within the plan through', () => {
    expect(startRefusal(trial, trob, 4, now)).toBeUndefined();
    expect(startRefusal({ plan: 'FREE' }, trob, 0, now)).toBeUndefined();
  });

  it('answers an expired trial first, with /pricing, even over the limit and for a flow', () => {
    expect(startRefusal(expiredTrial, { isFlow: true, isSmartFlow: true }, 99, now)).toEqual({
      message: TRIAL_EXPIRED_MESSAGE,
      redirectTo: '/pricing',
    });
  });

  it('answers the automation limit next, with the plan’s limit and /pricing', () => {
    expect(startRefusal({ plan: 'FREE' }, { isFlow: true, isSmartFlow: true }, 1, now)).toEqual({
      message: automationLimitMessage(1),
      redirectTo: '/pricing',
    });
    expect(startRefusal(trial, trob, 5, now)?.message).toBe(automationLimitMessage(5));
  });

  it('judges a visitor without a user as FREE: a trob may start, a flow may not', () => {
    expect(startRefusal(undefined, trob, 0, now)).toBeUndefined();
    expect(startRefusal(undefined, { isFlow: true }, 0, now)).toEqual({ message: FLOWS_NOT_IN_PLAN });
    expect(startRefusal(undefined, trob, 1, now)).toEqual({
      message: automationLimitMessage(1),
      redirectTo: '/pricing',
    });
  });

  it('skips the limit when the running count is unknown', () => {
    expect(startRefusal({ plan: 'FREE' }, trob, undefined, now)).toBeUndefined();
  });

  it('then smart flows with the upgrade hint, then flows', () => {
    expect(startRefusal({ plan: 'FREE' }, { isFlow: true, isSmartFlow: true }, 0, now)).toEqual({
      message: `${SMART_FLOWS_NOT_IN_PLAN} ${upgradeHint('FREE')}`,
    });
    expect(startRefusal(trial, { isFlow: true, isSmartFlow: true }, 0, now)).toEqual({
      message: FLOWS_NOT_IN_PLAN,
    });
    expect(startRefusal({ plan: 'PRO' }, { isFlow: true, isSmartFlow: true }, 0, now)).toBeUndefined();
  });
});

describe('platforms in a plan (section 9, DECISIONS 21)', () => {
  const included: Record<Plan, Platform[]> = {
    FREE: ['linkedin'],
    TRIAL: ['linkedin', 'twitter', 'instagram'],
    BASE: ['linkedin'],
    PRO: ['linkedin', 'twitter', 'instagram'],
    PLUS: ['linkedin', 'twitter', 'instagram'],
  };

  it.each(plans)('%s includes exactly its platforms; Instagram follows twitter', (plan) => {
    expect(PLATFORMS.filter((platform) => platformInPlan(plan, platform))).toEqual(included[plan]);
  });

  it('gives an unknown plan what FREE has', () => {
    expect(PLATFORMS.filter((platform) => platformInPlan('pro', platform))).toEqual(['linkedin']);
    expect(platformInPlan(undefined, 'instagram')).toBe(false);
  });
});

describe('export formats in the plan (issue 10 point 11)', () => {
  it('FREE and BASE have CSV only; TRIAL and PRO add JSON and Excel; the message names the format and the hint', () => {
    expect(['csv', 'json', 'excel'].filter((f) => exportFormatInPlan('FREE', f))).toEqual(['csv']);
    expect(['csv', 'json', 'excel'].filter((f) => exportFormatInPlan('BASE', f))).toEqual(['csv']);
    expect(['csv', 'json', 'excel', 'pdf'].filter((f) => exportFormatInPlan('PRO', f))).toEqual([
      'csv',
      'json',
      'excel',
    ]);
    expect(exportFormatInPlan('PLUS', 'pdf')).toBe(true);
    expect(exportFormatInPlan('PLUS', 'xml')).toBe(false);
    expect(exportFormatNotInPlan('FREE', 'json')).toBe(
      'JSON export is not included in your plan. Start a free trial or upgrade to unlock this feature.',
    );
    expect(exportFormatNotInPlan('PLUS', 'xml')).toBe('xml export is not included in your plan.');
  });
});
