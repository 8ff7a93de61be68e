import { describe, expect, it } from 'vitest';
import type { PageResponse } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { igGet, readFailure, wallReason } from '../../../../functions/platforms/instagram/api';
import { INSTAGRAM_API, mediaIdOf } from '../../../../functions/platforms/instagram/endpoints';

/** Instagram's answers (platform-notes.md) read into the engine's PlatformStop reasons. */
const BASE = 'https://ig.test';
const answer = (over: Partial<PageResponse>): PageResponse => ({
  status: 200,
  url: `${BASE}/api/v1/friendships/1/followers/`,
  contentType: 'application/json',
  headers: {},
  json: { users: [], status: 'ok' },
  ...over,
});
const fail = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  status: 'fail',
  ...extra,
});

describe('Instagram failures', () => {
  it('challenge_required and checkpoint_required are a challenge (a /suspended/ URL says so)', () => {
    expect(
      readFailure(
        answer({ status: 400, json: fail('challenge_required', { challenge: { url: '/challenge/' } }) }),
      )?.reason,
    ).toBe('challenge');
    expect(readFailure(answer({ status: 400, json: fail('checkpoint_required') }))?.reason).toBe('challenge');
    const suspended = readFailure(
      answer({
        status: 400,
        json: fail('challenge_required', { challenge: { url: '/accounts/suspended/' } }),
      }),
    );
    expect(suspended?.reason).toBe('challenge');
    expect(suspended?.detail).toMatch(/suspended/);
  });

  it('feedback_required is a rate limit, even with 200', () => {
    expect(readFailure(answer({ status: 400, json: fail('feedback_required') }))?.reason).toBe(
      'rate-limited',
    );
    expect(
      readFailure(answer({ status: 200, json: fail('feedback_required', { spam: true }) }))?.reason,
    ).toBe('rate-limited');
  });

  it('429 and "Please wait a few minutes" are a rate limit', () => {
    expect(
      readFailure(answer({ status: 429, json: fail('Please wait a few minutes before you try again.') }))
        ?.reason,
    ).toBe('rate-limited');
    expect(readFailure(answer({ status: 429, json: undefined, text: '' }))?.reason).toBe('rate-limited');
    expect(
      readFailure(answer({ status: 400, json: fail('Please wait a few minutes before you try again.') }))
        ?.reason,
    ).toBe('rate-limited');
  });

  it('403 (and 401) login_required are an expired session', () => {
    expect(readFailure(answer({ status: 403, json: fail('login_required') }))?.reason).toBe('expired');
    expect(readFailure(answer({ status: 401, json: fail('login_required') }))?.reason).toBe('expired');
  });

  it('a redirect to /accounts/login/ is expired, to /challenge/ a challenge; HTML where JSON was expected is expired', () => {
    expect(
      readFailure(answer({ url: `${BASE}/accounts/login/?next=/api/v1/x`, json: undefined, text: '<html>' }))
        ?.reason,
    ).toBe('expired');
    expect(readFailure(answer({ url: `${BASE}/challenge/`, json: undefined, text: '<html>' }))?.reason).toBe(
      'challenge',
    );
    expect(readFailure(answer({ json: undefined, contentType: 'text/html', text: '<html>' }))?.reason).toBe(
      'expired',
    );
    expect(wallReason(`${BASE}/`)).toBeUndefined();
  });

  it('an unknown or private target is not-found; any other 400 means Instagram changed', () => {
    expect(readFailure(answer({ status: 404, json: { data: { user: null }, status: 'ok' } }))?.reason).toBe(
      'not-found',
    );
    expect(readFailure(answer({ status: 400, json: fail('Not authorized to view user') }))?.reason).toBe(
      'not-found',
    );
    expect(readFailure(answer({ status: 400, json: fail('useragent mismatch') }))?.reason).toBe('changed');
  });

  it('5xx is no PlatformStop: the request helper throws a plain error the engine retries', async () => {
    expect(readFailure(answer({ status: 500, json: undefined, text: 'oops' }))).toBeUndefined();
    const page = {
      baseUrl: BASE,
      landedAt: `${BASE}/`,
      landingStatus: 200,
      request: async () => answer({ status: 503, json: undefined, text: 'down' }),
      close: async () => undefined,
    };
    const error = await igGet(page, '/api/v1/x/', 'csrf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PlatformStop);
  });

  it('a good answer is no failure', () => {
    expect(readFailure(answer({}))).toBeUndefined();
  });
});

describe('Instagram requests', () => {
  it('send the web app id, the csrf pair and XMLHttpRequest', async () => {
    let sent: Record<string, string> = {};
    const page = {
      baseUrl: BASE,
      landedAt: `${BASE}/`,
      landingStatus: 200,
      request: async (_path: string, init?: { headers?: Record<string, string> }) => {
        sent = init?.headers ?? {};
        return answer({});
      },
      close: async () => undefined,
    };
    await igGet(page, INSTAGRAM_API.friendships('1', 'followers', 12), 'csrf-value');
    expect(sent).toMatchObject({
      'X-IG-App-ID': '936619743392459',
      'X-CSRFToken': 'csrf-value',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('a post link’s shortcode decodes to its media id (first 11 characters of a long one)', () => {
    // 'B' is 1 in Instagram's alphabet, 'BA' 64.
    expect(mediaIdOf('https://www.instagram.com/p/BA/')).toBe('64');
    expect(mediaIdOf('https://www.instagram.com/reel/Cj9Z0cV7Ggl/?igsh=x')).toBe(
      mediaIdOf('https://instagram.com/p/Cj9Z0cV7Ggl'),
    );
    expect(mediaIdOf('https://www.instagram.com/p/Cj9Z0cV7GglEXTRA/')).toBe(
      mediaIdOf('https://www.instagram.com/p/Cj9Z0cV7Ggl/'),
    );
    expect(mediaIdOf('https://www.instagram.com/someone/')).toBeUndefined();
  });
});

describe('the followers list in profile mode (bio keywords)', () => {
  const people = Array.from({ length: 3 }, (_, i) => ({
    pk: `${100 + i}`,
    username: `person${i}`,
    full_name: `Person ${i}`,
    is_private: false,
    is_verified: i === 1,
  }));
  const fakePage = () => {
    const asked: string[] = [];
    return {
      asked,
      page: {
        baseUrl: BASE,
        landedAt: `${BASE}/`,
        landingStatus: 200,
        async request(path: string) {
          asked.push(path);
          const url = new URL(path, BASE);
          if (url.pathname.includes('web_profile_info')) {
            const username = url.searchParams.get('username');
            const person =
              username === 'target'
                ? { pk: '1', username: 'target' }
                : people.find((p) => p.username === username);
            return answer({
              json: {
                data: {
                  user: {
                    ...person,
                    id: person?.pk,
                    biography: `bio of ${username}`,
                    edge_followed_by: { count: 3 },
                  },
                },
              },
            });
          }
          return answer({ json: { users: people, status: 'ok' } });
        },
        close: async () => undefined,
      },
    };
  };
  const config = {
    targetSettings: { username: 'target', listType: 'followers' },
    filteringSettings: {
      includeBio: true,
      bioKeywords: ['person'],
      verifiedOnly: false,
      excludePrivate: false,
    },
  };

  it('takes a list page as a list read, then visits one queued person per read as a profile view', async () => {
    const { instagramTrobs } = await import('../../../../functions/platforms/instagram/trobs');
    const driver = instagramTrobs['instagram-followers-extractor']!([]);
    const { page, asked } = fakePage();
    expect(driver.list.actionAt?.(undefined, config)).toBe('list-pages');
    const first = await driver.list.read(page, undefined, config);
    expect(first.rows).toEqual([]);
    expect(first.total).toBe(3);
    expect(asked.map((p) => new URL(p, BASE).pathname)).toEqual([
      '/api/v1/users/web_profile_info/',
      '/api/v1/friendships/1/followers/',
    ]);
    const visits: string[] = [];
    let cursor = first.next;
    while (cursor) {
      expect(driver.list.actionAt?.(cursor, config)).toBe('profile-views');
      const out = await driver.list.read(page, cursor, config);
      visits.push(...out.rows.map((r) => `${r.id}:${r.description}`));
      cursor = out.next;
    }
    expect(visits).toEqual(['100:bio of person0', '101:bio of person1', '102:bio of person2']);
    expect(driver.wantsEnrichment?.(config)).toBe(false);
  });

  it('a continued segment whose first read is a visit takes a profile view for it, with no read spent on the cursor', async () => {
    const { instagramTrobs } = await import('../../../../functions/platforms/instagram/trobs');
    const earlier = instagramTrobs['instagram-followers-extractor']!([]);
    const { page } = fakePage();
    const { next } = await earlier.list.read(page, undefined, config);
    // A new segment: a new driver, the checkpointed cursor.
    const resumed = instagramTrobs['instagram-followers-extractor']!([]);
    const fresh = fakePage();
    expect(resumed.list.actionAt?.(next, config)).toBe('profile-views');
    const visit = await resumed.list.read(fresh.page, next, config);
    expect(visit.rows.map((r) => r.id)).toEqual(['100']);
  });

  it('without bio keywords the list is read page by page and bios come from the enrichment phase', async () => {
    const { instagramTrobs } = await import('../../../../functions/platforms/instagram/trobs');
    const driver = instagramTrobs['instagram-followers-extractor']!([]);
    const { page } = fakePage();
    const plain = { ...config, filteringSettings: { ...config.filteringSettings, bioKeywords: [] } };
    const out = await driver.list.read(page, undefined, plain);
    expect(out.rows.map((r) => r.id)).toEqual(['100', '101', '102']);
    // DECISIONS 26: the username and flags are fields; the list shows no counts; no headline is made up.
    expect(out.rows[1]).toMatchObject({ handle: 'person1', verified: true, isPrivate: false });
    expect(out.rows[1]).not.toHaveProperty('headline');
    expect(out.rows[1]).not.toHaveProperty('followersCount');
    expect(driver.list.actionAt?.(out.next, plain)).toBe('list-pages');
    expect(driver.wantsEnrichment?.(plain)).toBe(true);
  });
});
