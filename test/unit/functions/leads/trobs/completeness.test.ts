import { describe, expect, it } from 'vitest';
import { emptyCounters } from '../../../../../functions/jobs/job-state/run-state-repository';
import { completenessReport } from '../../../../../functions/leads/trobs/completeness';

const followers = {
  noun: 'followers',
  capWords: (cap: number) => `LinkedIn lists at most ${cap.toLocaleString('en-US')}`,
};

describe('completeness report', () => {
  it('says what was stored of what exists, the platform cap in its words, and why the rest was skipped', () => {
    const report = completenessReport(
      {
        ...emptyCounters(),
        found: 1000,
        stored: 812,
        hidden: 31,
        filtered: 150,
        duplicates: 7,
        available: 1040,
        platformCap: 1000,
      },
      followers,
    );
    expect(report).toEqual({
      available: 1040,
      found: 1000,
      stored: 812,
      skipped: { hidden: 31, filtered: 150, duplicates: 7 },
      platformCap: 1000,
      summary:
        '812 of about 1,040 followers; LinkedIn lists at most 1,000; skipped 31 hidden, 150 left out by your filters, 7 already collected',
    });
  });

  it('names no cap and no skips when none applied, and counts stored alone when the platform gives no total', () => {
    expect(
      completenessReport({ ...emptyCounters(), found: 40, stored: 40, available: 40 }, followers).summary,
    ).toBe('40 of about 40 followers');
    expect(
      completenessReport({ ...emptyCounters(), found: 12, stored: 12 }, { noun: 'connections' }),
    ).toEqual({
      found: 12,
      stored: 12,
      skipped: { hidden: 0, filtered: 0, duplicates: 0 },
      summary: '12 connections stored',
    });
  });

  it('leaves the cap out when the list has no words for it', () => {
    const report = completenessReport(
      { ...emptyCounters(), stored: 5, platformCap: 1000 },
      { noun: 'search results' },
    );
    expect(report.summary).toBe('5 search results stored');
    expect(report.platformCap).toBe(1000);
  });
});
