import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES, flowConfig } from '../../../shared/flows';
import { isDueForWithdrawal, prospectsWithin } from '../../../shared/pending-invitations';

const DAY = 24 * 3600 * 1000;

describe('new prospects near the account’s limit of pending invitations', () => {
  it('looks for the whole run below 80% of the limit (239 pending), and slows from 240', () => {
    expect(prospectsWithin(15, 0)).toBe(15);
    expect(prospectsWithin(15, 239)).toBe(15);
    expect(prospectsWithin(15, 240)).toBe(15);
    expect(prospectsWithin(15, 241)).toBe(15);
    expect(prospectsWithin(15, 270)).toBe(8);
    expect(prospectsWithin(10, 270)).toBe(5);
  });

  it('looks for one at 299 pending, and none at the limit of 300 or past it', () => {
    expect(prospectsWithin(15, 299)).toBe(1);
    expect(prospectsWithin(15, 300)).toBe(0);
    expect(prospectsWithin(15, 340)).toBe(0);
  });

  it('never looks for more than the room left under a smaller limit', () => {
    expect(prospectsWithin(15, 8, 10)).toBe(2);
  });
});

describe('an invitation due for withdrawal', () => {
  const sent = '2026-11-01T10:00:00.000Z';
  it('is due exactly 21 days after it was sent by default, not a millisecond before', () => {
    expect(isDueForWithdrawal(sent, new Date(Date.parse(sent) + 21 * DAY))).toBe(true);
    expect(isDueForWithdrawal(sent, new Date(Date.parse(sent) + 21 * DAY - 1))).toBe(false);
  });

  it('follows the flow’s own days', () => {
    expect(isDueForWithdrawal(sent, new Date(Date.parse(sent) + 7 * DAY), 7)).toBe(true);
    expect(isDueForWithdrawal(sent, new Date(Date.parse(sent) + 7 * DAY - 1), 7)).toBe(false);
  });
});

describe('a flow’s days before a withdrawal', () => {
  const config = (withdrawAfterDays: unknown) => ({
    targetingSettings: { keywords: 'sales', industries: ['4'], locations: ['US'] },
    messagingSettings: {
      companyDescription: 'We help B2B sales teams find and reach the right people, every single week.',
      messageTone: 'professional',
      connectionRequestStyle: 'value-first',
      commentStyle: 'add-insights',
    },
    executionSettings: {
      runsPerDay: 2,
      prospectsPerRun: 10,
      workingHours: { start: '09:00', end: '17:00', timezone: 'Europe/London' },
      withdrawAfterDays,
    },
  });
  it('takes 7 to 90 whole days, and may be left out', () => {
    for (const days of [7, 21, 90, undefined])
      expect(flowConfig.safeParse(config(days)).success, String(days)).toBe(true);
  });
  it('refuses 6, 91 and a fraction with its message', () => {
    for (const days of [6, 91, 10.5, '21']) {
      const result = flowConfig.safeParse(config(days));
      expect(result.success, String(days)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FLOW_MESSAGES.withdrawAfterDays);
    }
  });
});
