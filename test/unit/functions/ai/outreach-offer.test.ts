import { describe, expect, it } from 'vitest';
import { offerClauses, offerOf } from '../../../../functions/ai/local/outreach-offer';
import { longestSharedRun } from '../../../../functions/ai/outreach-measures';

/**
 * The user's offer as the local writer reads it from their company description and says it again in
 * its own words (outreach-offer.ts; issue 36 point 4).
 */
const DESCRIPTION =
  'We help B2B SaaS teams automate their outbound prospecting with AI-driven campaigns and clear analytics. Our customers book twice as many meetings in their first quarter.';

describe('the offer', () => {
  it('reads the offer in parts: who it is for, what it is about, what it lets them do', () => {
    expect(offerOf(DESCRIPTION)).toEqual({
      audience: 'B2B SaaS teams',
      field: 'outbound prospecting',
      outcome: 'automate their outbound prospecting',
      self: 'we',
    });
    const plant =
      'We make maintenance-planning software for plants and fleets: it reads the machines’ own sensor data and schedules repairs before a breakdown stops production.';
    expect(offerOf(plant)).toEqual({
      audience: 'plants and fleets',
      field: 'maintenance planning',
      outcome: 'schedule repairs before a breakdown stops production',
      self: 'we',
    });
    expect(offerOf('We coach B2B sales teams on founder-led and consultative selling.')).toMatchObject({
      audience: 'B2B sales teams',
      field: 'consultative selling',
    });
    expect(offerOf('I help first-time founders raise their seed round faster.').self).toBe('I');
    expect(offerOf('AI-powered outreach for agencies that want more meetings.')).toEqual({
      audience: 'agencies',
      field: 'AI-powered outreach',
      self: 'we',
    });
    expect(offerOf('Just the best. Really!')).toEqual({ self: 'we' });
  });

  it('says the offer in clauses of its own: at most 6 words of the description in a row', () => {
    const clauses = offerClauses(offerOf(DESCRIPTION), DESCRIPTION);
    expect(clauses).toContain('we work with B2B SaaS teams on outbound prospecting');
    // 'we help B2B SaaS teams automate their outbound prospecting' would repeat 9 words: never offered.
    expect(clauses.join(' ')).not.toContain('we help B2B SaaS teams automate');
    for (const clause of clauses) expect(longestSharedRun(clause, DESCRIPTION).words).toBeLessThanOrEqual(6);
  });

  it('counts the longest run of words a text shares with the description', () => {
    expect(longestSharedRun('We help plant teams, really.', 'we make software for plant teams')).toEqual({
      words: 2,
      run: 'plant teams',
    });
    expect(longestSharedRun('Nothing alike.', DESCRIPTION)).toEqual({ words: 0, run: '' });
  });
});
