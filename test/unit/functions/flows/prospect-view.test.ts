import { describe, expect, it } from 'vitest';
import type { ProspectEvent } from '../../../../functions/flows/activity-repository';
import { prospectSummaryOf } from '../../../../functions/flows/flow-list-repository';
import type { ProspectPost, StoredProspect } from '../../../../functions/flows/prospect-repository';
import {
  prospectCompanies,
  prospectDetailOf,
  roleOfHeadline,
} from '../../../../functions/flows/prospect-view';

const post = (id: string, overrides: Partial<ProspectPost> = {}): ProspectPost => ({
  id,
  url: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
  text: `Post ${id}`,
  postedAt: '2026-11-20T09:00:00.000Z',
  likes: 4,
  comments: 1,
  shares: 0,
  // As read before the flow engaged: nothing of the account's on it yet.
  likedByMe: false,
  commentedByMe: false,
  ...overrides,
});

const event = (type: ProspectEvent['type'], overrides: Partial<ProspectEvent> = {}): ProspectEvent => ({
  type,
  timestamp: '2026-11-21T10:00:00.000Z',
  wasSuccessful: true,
  description: type,
  ...overrides,
});

const stored = (overrides: Partial<StoredProspect> = {}): StoredProspect => ({
  id: 'ACoAAgrace',
  name: 'Grace Hopper',
  headline: 'VP Engineering at Navy Labs | Compilers',
  profileUrl: 'https://www.linkedin.com/in/grace-hopper/',
  jobId: 'job-1',
  status: 'CONTACTED',
  discoveredAt: '2026-11-19T08:00:00.000Z',
  recentPosts: [post('101'), post('102'), post('103')],
  ...overrides,
});

const detailOf = (prospect: StoredProspect, targeting?: { companySize?: string[] }) =>
  prospectDetailOf(
    prospect,
    prospectSummaryOf(prospect as unknown as Record<string, unknown>),
    targeting as never,
  );

const engagementOf = (detail: { recentPosts: Array<{ id: string; engagement: unknown }> }) =>
  Object.fromEntries(detail.recentPosts.map((p) => [p.id, p.engagement]));

describe("a prospect's recent posts", () => {
  it('show the flow’s done like and comment on the post they answered, read before the flow engaged', () => {
    const prospect = stored({
      events: [
        event('PROFILE_VIEWED'),
        event('POST_LIKED', { postId: '101', postUrl: post('101').url }),
        event('POST_COMMENTED', { postId: '101', postUrl: post('101').url, comment: 'Well said.' }),
        // Recorded before events named their post: found by its address.
        event('POST_LIKED', { postUrl: post('102').url }),
        // A like the platform refused is no like.
        event('POST_LIKED', { postId: '103', wasSuccessful: false }),
      ],
    });
    const detail = detailOf(prospect);
    expect(engagementOf(detail)).toEqual({
      '101': { liked: true, commented: true },
      '102': { liked: true, commented: false },
      '103': { liked: false, commented: false },
    });
    // The prospects list shows the same posts the same way.
    expect(engagementOf(prospectSummaryOf(prospect as unknown as Record<string, unknown>))).toEqual(
      engagementOf(detail),
    );
  });

  it('keep what the platform showed of the account’s own like or comment', () => {
    const detail = detailOf(stored({ recentPosts: [post('201', { likedByMe: true })], events: [] }));
    expect(engagementOf(detail)).toEqual({ '201': { liked: true, commented: false } });
  });
});

describe("a prospect's company", () => {
  it('is the one their headline names when the search gave none, with the size the search was narrowed to', () => {
    const detail = detailOf(stored(), { companySize: ['D'] });
    expect(detail.companies).toEqual([{ name: 'Navy Labs', size: '51-200 employees' }]);
    expect(detail).toMatchObject({ title: 'VP Engineering', company: 'Navy Labs' });
  });

  it('is the one found, with its industry; no size when the search took several', () => {
    expect(
      prospectCompanies({ company: 'Acme', industry: 'Software Development' }, { companySize: ['B', 'C'] }),
    ).toEqual([{ name: 'Acme', industry: 'Software Development' }]);
  });

  it('is none when neither the search nor the headline names one', () => {
    expect(detailOf(stored({ headline: 'Helping founders grow' })).companies).toEqual([]);
  });
});

describe("a headline's role", () => {
  it.each([
    ['VP Engineering at Navy Labs', { title: 'VP Engineering', company: 'Navy Labs' }],
    ['Head of Growth at Acme Robotics | Speaker', { title: 'Head of Growth', company: 'Acme Robotics' }],
    ['Writer · Founder at Acme · Dad', { title: 'Founder', company: 'Acme' }],
    ['Helping founders grow', {}],
    ['', {}],
  ])('%j reads as %j', (headline, role) => {
    expect(roleOfHeadline(headline)).toEqual(role);
  });
});

describe("a prospect's connection", () => {
  it('says when the flow withdrew the invitation', () => {
    const detail = detailOf(
      stored({
        status: 'PENDING',
        events: [
          event('CONNECTION_SENT', { timestamp: '2026-11-01T10:00:00.000Z' }),
          event('CONNECTION_WITHDRAWN', { timestamp: '2026-11-22T10:00:00.000Z' }),
        ],
      }),
    );
    expect(detail.connection).toEqual({
      sentAt: '2026-11-01T10:00:00.000Z',
      withdrawnAt: '2026-11-22T10:00:00.000Z',
    });
  });
});
