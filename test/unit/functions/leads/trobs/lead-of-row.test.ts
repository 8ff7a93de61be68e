import { describe, expect, it } from 'vitest';
import { leadOf } from '../../../../../functions/leads/trobs/lead-of-row';
import type { ListRow } from '../../../../../functions/platforms/driver-types';

const BASE = 'https://x.test';
const AT = '2026-02-01T10:00:00.000Z';
const row = (extra: Partial<ListRow> = {}): ListRow => ({ id: '7', name: 'Ada', hidden: false, ...extra });

describe('leadOf (a listed row as a stored lead)', () => {
  it('keeps the id twice, makes the URLs absolute and stamps the extraction time', () => {
    expect(leadOf(row({ profileUrl: '/ada', profileImage: '/img/ada.jpg' }), BASE, AT)).toEqual({
      id: '7',
      profileId: '7',
      name: 'Ada',
      profileUrl: 'https://x.test/ada',
      profileImage: 'https://x.test/img/ada.jpg',
      extractedAt: AT,
    });
    expect(leadOf(row(), BASE, AT).profileUrl).toBe('#');
  });

  it('copies the fields of DECISIONS 26 as the list gave them, a 0 and a false included', () => {
    const lead = leadOf(
      row({
        profileUrl: '/ada',
        handle: 'ada',
        followersCount: 0,
        followingCount: 12,
        verified: false,
        isPrivate: true,
        engagement: { type: 'commented', text: 'Great post!', at: '2026-01-10T09:30:00.000Z' },
      }),
      BASE,
      AT,
    );
    expect(lead).toEqual({
      id: '7',
      profileId: '7',
      name: 'Ada',
      profileUrl: 'https://x.test/ada',
      extractedAt: AT,
      handle: 'ada',
      followersCount: 0,
      followingCount: 12,
      verified: false,
      isPrivate: true,
      engagement: { type: 'commented', text: 'Great post!', at: '2026-01-10T09:30:00.000Z' },
    });
    // Never folded into the headline or the description.
    expect(lead).not.toHaveProperty('headline');
    expect(lead).not.toHaveProperty('description');
  });

  it('leaves out what the row lacks: no field at all rather than an undefined one', () => {
    const lead = leadOf(row({ handle: '', engagement: { type: 'liked' } }), BASE, AT);
    expect(Object.keys(lead).sort()).toEqual(
      ['engagement', 'extractedAt', 'id', 'name', 'profileId', 'profileUrl'].sort(),
    );
    expect(lead.engagement).toEqual({ type: 'liked' });
  });

  it('drops a blank engagement text and a count that is no count', () => {
    const lead = leadOf(
      row({ followersCount: Number.NaN, followingCount: -1, engagement: { type: 'quoted', text: '   ' } }),
      BASE,
      AT,
    );
    expect(lead).not.toHaveProperty('followersCount');
    expect(lead).not.toHaveProperty('followingCount');
    expect(lead.engagement).toEqual({ type: 'quoted' });
  });

  it('keeps the list’s other fields as before', () => {
    const lead = leadOf(
      row({
        headline: 'CTO at Acme',
        location: 'Berlin',
        connectionDegree: '2nd',
        website: 'https://ada.example',
        description: 'About Ada',
        title: 'CTO',
        company: 'Acme',
        skills: 'Go • Rust',
      }),
      BASE,
      AT,
    );
    expect(lead).toMatchObject({
      headline: 'CTO at Acme',
      location: 'Berlin',
      connectionDegree: '2nd',
      website: 'https://ada.example',
      description: 'About Ada',
      title: 'CTO',
      company: 'Acme',
      skills: 'Go • Rust',
    });
  });
});
