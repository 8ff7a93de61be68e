import { describe, expect, it } from 'vitest';
import type { PageResponse, PlatformPage } from '../../../../functions/platforms/browser';
import type { ListReader, ListRow, TrobConfig } from '../../../../functions/platforms/driver-types';
import {
  commenterRow,
  commentOf,
  engagersReader as igEngagersReader,
} from '../../../../functions/platforms/instagram/engagers';
import { followsReader as igFollowsReader } from '../../../../functions/platforms/instagram/followers';
import { profileReader as igProfileReader } from '../../../../functions/platforms/instagram/profile';
import { instagramTrobs } from '../../../../functions/platforms/instagram/trobs';
import { igRow, igUserOf, profileFields } from '../../../../functions/platforms/instagram/users';
import { engagersReader as twitterEngagersReader } from '../../../../functions/platforms/twitter/engagers';
import { followsReader as twitterFollowsReader } from '../../../../functions/platforms/twitter/followers';
import { keepEngager, keepFollower } from '../../../../functions/platforms/twitter/trobs';
import { twitterRow, twitterUserOf } from '../../../../functions/platforms/twitter/users';
import type { Lead } from '../../../../shared/leads';

/**
 * DECISIONS 26: what X and Instagram lists show beyond the prototype's fields (handle, counts,
 * verified, private, how a post engager engaged) are row fields of their own, never folded into the
 * headline or the description. Each reader's mapping, from payloads in the platforms' shapes.
 */

/** A page whose requests `answer` serves by path, as JSON. */
function fakePage(base: string, answer: (path: string) => unknown) {
  const asked: string[] = [];
  const page: PlatformPage = {
    baseUrl: base,
    landedAt: `${base}/`,
    landingStatus: 200,
    async request(path) {
      asked.push(path);
      const json = answer(path);
      const res: PageResponse = {
        status: json === undefined ? 404 : 200,
        url: `${base}${path}`,
        contentType: 'application/json',
        headers: {},
        json: json ?? { message: 'Not found', status: 'fail' },
      };
      return res;
    },
    async close() {},
  };
  return { page, asked };
}

async function walk(reader: ListReader, page: PlatformPage, config: TrobConfig): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const listed = await reader.read(page, cursor, config);
    rows.push(...listed.rows);
    cursor = listed.next;
    if (!cursor) break;
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------- X

/** An X user in the 2026 shape: `legacy` null, the fields in core, relationship_counts, ... */
const twitterUser2026 = (id: string, handle: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'User',
  rest_id: id,
  is_blue_verified: false,
  core: { name: `${handle} name`, screen_name: handle },
  avatar: { image_url: `https://pbs.x.test/${handle}.jpg` },
  location: { location: 'London' },
  privacy: { protected: false },
  profile_bio: { description: `bio of ${handle}` },
  relationship_counts: { followers: 1234, following: 56 },
  legacy: null,
  ...extra,
});

/** The same in the older shape: everything in `legacy`. */
const twitterUserLegacy = (id: string, handle: string, legacy: Record<string, unknown> = {}) => ({
  __typename: 'User',
  rest_id: id,
  legacy: {
    screen_name: handle,
    name: `${handle} name`,
    description: `bio of ${handle}`,
    followers_count: 0,
    friends_count: 7,
    verified: false,
    protected: false,
    ...legacy,
  },
});

const userEntry = (user: unknown) => ({
  entryId: 'user-x',
  content: { itemContent: { user_results: { result: user } } },
});
const tweet = (id: string, author: unknown, text: string, createdAt: string) => ({
  __typename: 'Tweet',
  rest_id: id,
  core: { user_results: { result: author } },
  legacy: { id_str: id, full_text: text, created_at: createdAt },
});
const tweetEntry = (t: unknown) => ({
  entryId: 'tweet-x',
  content: { itemContent: { tweet_results: { result: t } } },
});
const timeline = (entries: unknown[]) => ({ instructions: [{ type: 'TimelineAddEntries', entries }] });

describe('X users as rows', () => {
  it('reads handle, counts, verified and protected from the 2026 shape, with the bio as description and no headline', () => {
    const user = twitterUserOf(
      twitterUser2026('11', 'ada', { is_blue_verified: true, website: { url: 'https://ada.example' } }),
    )!;
    expect(twitterRow(user, false)).toEqual({
      id: '11',
      name: 'ada name',
      hidden: false,
      profileUrl: '/ada',
      handle: 'ada',
      verified: true,
      isPrivate: false,
      followersCount: 1234,
      followingCount: 56,
      profileImage: 'https://pbs.x.test/ada.jpg',
      description: 'bio of ada',
      location: 'London',
      website: 'https://ada.example',
    });
  });

  it('reads legacy.followers_count, friends_count, verified and protected from the older shape, 0 kept', () => {
    const user = twitterUserOf(twitterUserLegacy('12', 'bob', { verified: true, protected: true }))!;
    const row = twitterRow(user, false);
    expect(row).toMatchObject({
      handle: 'bob',
      followersCount: 0,
      followingCount: 7,
      verified: true,
      isPrivate: true,
      hidden: false,
    });
    expect(row).not.toHaveProperty('headline');
    // "Skip protected accounts" hides them.
    expect(twitterRow(user, true).hidden).toBe(true);
  });

  it('leaves the counts out when X does not give them', () => {
    const user = twitterUserOf({ ...twitterUser2026('13', 'cy'), relationship_counts: {} })!;
    const row = twitterRow(user, false);
    expect(row).not.toHaveProperty('followersCount');
    expect(row).not.toHaveProperty('followingCount');
    expect(row).toMatchObject({ handle: 'cy', verified: false, isPrivate: false });
  });

  it('the followers reader lists the fields, and the filters read them', async () => {
    const { page } = fakePage('https://x.test', (path) => {
      if (path.includes('/UserByScreenName?'))
        return {
          data: {
            user: { result: twitterUser2026('1', 'target', { relationship_counts: { followers: 2 } }) },
          },
        };
      if (path.includes('/Followers?'))
        return {
          data: {
            user: {
              result: {
                timeline: {
                  timeline: timeline([
                    userEntry(twitterUser2026('21', 'ann', { is_blue_verified: true })),
                    userEntry(twitterUserLegacy('22', 'ben', { followers_count: 3, verified: false })),
                  ]),
                },
              },
            },
          },
        };
      return undefined;
    });
    const config = { targetSettings: { username: '@target', listType: 'followers' }, filteringSettings: {} };
    const rows = await walk(twitterFollowsReader('csrf'), page, config);
    expect(rows.map((r) => [r.handle, r.followersCount, r.followingCount, r.verified])).toEqual([
      ['ann', 1234, 56, true],
      ['ben', 3, 7, false],
    ]);
    for (const row of rows) expect(row.headline).toBeUndefined();
    const filters = (f: Record<string, unknown>) => ({ filteringSettings: f });
    expect(rows.filter((r) => keepFollower(r, filters({ minFollowers: 1000 }))).map((r) => r.id)).toEqual([
      '21',
    ]);
    expect(rows.filter((r) => keepFollower(r, filters({ verifiedOnly: true }))).map((r) => r.id)).toEqual([
      '21',
    ]);
    expect(rows.filter((r) => keepEngager(r, filters({ minFollowers: 3 }))).map((r) => r.id)).toEqual([
      '21',
      '22',
    ]);
  });
});

describe('X post engagers', () => {
  const author = twitterUser2026('1', 'owner');
  const replier = twitterUser2026('31', 'rita', { relationship_counts: { followers: 10, following: 2 } });
  const quoter = twitterUserLegacy('32', 'quinn', { followers_count: 5 });
  const reposter = twitterUser2026('33', 'rex');
  const liker = twitterUser2026('34', 'lia');

  function site() {
    return fakePage('https://x.test', (path) => {
      if (path.includes('/TweetDetail?'))
        return {
          data: {
            threaded_conversation_with_injections_v2: timeline([
              tweetEntry(tweet('100', author, 'the post', 'Fri Jan 09 08:00:00 +0000 2026')),
              tweetEntry(tweet('101', replier, '  Great   post!\n', 'Sat Jan 10 09:30:00 +0000 2026')),
            ]),
          },
        };
      if (path.includes('/SearchTimeline?'))
        return {
          data: {
            search_by_raw_query: {
              search_timeline: {
                timeline: timeline([tweetEntry(tweet('102', quoter, 'Worth reading', 'not a date'))]),
              },
            },
          },
        };
      if (path.includes('/Retweeters?'))
        return { data: { retweeters_timeline: { timeline: timeline([userEntry(reposter)]) } } };
      if (path.includes('/Favoriters?'))
        return {
          data: { favoriters_timeline: { timeline: timeline([userEntry(liker), userEntry(replier)]) } },
        };
      return undefined;
    });
  }

  it('gives each engager the engagement type, the reply or quote text and its time, besides the account fields', async () => {
    const { page } = site();
    const rows = await walk(twitterEngagersReader('csrf'), page, {
      postSettings: {
        postUrl: 'https://x.com/owner/status/100',
        extractionTypes: ['repliers', 'quoters', 'retweeters', 'likers'],
      },
      filteringSettings: {},
    });
    const byHandle = new Map(rows.map((r) => [r.handle, r]));
    expect([...byHandle.keys()]).toEqual(['rita', 'quinn', 'rex', 'lia']);
    // A reply is a comment (DECISIONS 26's words); X's created_at is read as ISO 8601.
    expect(byHandle.get('rita')).toMatchObject({
      engagement: { type: 'commented', text: 'Great   post!', at: '2026-01-10T09:30:00.000Z' },
      followersCount: 10,
      followingCount: 2,
    });
    // A time X gives in no readable shape is left out, not made up.
    expect(byHandle.get('quinn')?.engagement).toEqual({ type: 'quoted', text: 'Worth reading' });
    expect(byHandle.get('quinn')).toMatchObject({ followersCount: 5, followingCount: 7, verified: false });
    expect(byHandle.get('rex')?.engagement).toEqual({ type: 'reposted' });
    expect(byHandle.get('lia')?.engagement).toEqual({ type: 'liked' });
    for (const row of rows) {
      expect(row.headline).toBeUndefined();
      expect(row.description).toBe(`bio of ${row.handle}`);
    }
  });
});

// -------------------------------------------------------------------------------------- Instagram

/** The short user of Instagram's lists. */
const igListUser = (pk: string, username: string, extra: Record<string, unknown> = {}) => ({
  pk,
  pk_id: pk,
  id: pk,
  username,
  full_name: `${username} name`,
  is_private: false,
  is_verified: false,
  profile_pic_url: `https://cdn.ig.test/${username}.jpg`,
  ...extra,
});

describe('Instagram users as rows', () => {
  it('a listed user: handle, verified and private flags, no counts (the list has none), no headline', () => {
    const row = igRow(igUserOf(igListUser('41', 'ivy', { is_verified: true, is_private: true }))!, false);
    expect(row).toEqual({
      id: '41',
      name: 'ivy name',
      hidden: false,
      profileUrl: '/ivy/',
      handle: 'ivy',
      verified: true,
      isPrivate: true,
      profileImage: 'https://cdn.ig.test/ivy.jpg',
    });
  });

  it('web_profile_info: counts from edge_followed_by and edge_follow, the bio as description', () => {
    const user = igUserOf({
      id: '42',
      username: 'jo',
      full_name: 'Jo',
      biography: 'Maker of things',
      external_url: 'https://jo.example',
      is_private: false,
      is_verified: false,
      edge_followed_by: { count: 0 },
      edge_follow: { count: 12 },
    })!;
    expect(igRow(user, false)).toMatchObject({
      handle: 'jo',
      followersCount: 0,
      followingCount: 12,
      verified: false,
      isPrivate: false,
      description: 'Maker of things',
      website: 'https://jo.example',
    });
    const fields: Partial<Lead> = profileFields(user);
    expect(fields).toEqual({
      name: 'Jo',
      handle: 'jo',
      verified: false,
      isPrivate: false,
      followersCount: 0,
      followingCount: 12,
      description: 'Maker of things',
      website: 'https://jo.example',
    });
    expect(fields).not.toHaveProperty('headline');
  });

  it('follower_count and following_count of the newer answers are read too', () => {
    const user = igUserOf(igListUser('43', 'kim', { follower_count: 99, following_count: 1 }))!;
    expect(igRow(user, false)).toMatchObject({ followersCount: 99, followingCount: 1 });
  });

  it('the followers reader lists the flags; the profile visit adds the counts', async () => {
    const { page } = fakePage('https://ig.test', (path) => {
      const url = new URL(path, 'https://ig.test');
      if (url.pathname.endsWith('/web_profile_info/')) {
        const username = url.searchParams.get('username');
        return {
          data: {
            user: {
              id: username === 'target' ? '1' : '51',
              username,
              full_name: `${username} name`,
              is_verified: username !== 'target',
              edge_followed_by: { count: 321 },
              edge_follow: { count: 4 },
            },
          },
          status: 'ok',
        };
      }
      if (url.pathname.includes('/friendships/1/followers/'))
        return { users: [igListUser('51', 'lu', { is_verified: true })], status: 'ok' };
      return undefined;
    });
    const config = { targetSettings: { username: 'target', listType: 'followers' }, filteringSettings: {} };
    const [row] = await walk(igFollowsReader('csrf'), page, config);
    expect(row).toMatchObject({ handle: 'lu', verified: true, isPrivate: false });
    expect(row).not.toHaveProperty('followersCount');
    // Verified only reads the field.
    const driver = instagramTrobs['instagram-followers-extractor']!([]);
    expect(driver.keep!(row!, { filteringSettings: { verifiedOnly: true } })).toBe(true);
    expect(driver.keep!({ ...row!, verified: false }, { filteringSettings: { verifiedOnly: true } })).toBe(
      false,
    );

    const lead: Lead = {
      id: '51',
      profileId: '51',
      name: 'lu name',
      profileUrl: 'https://ig.test/lu/',
      extractedAt: '2026-01-01T00:00:00.000Z',
    };
    const visited = await igProfileReader('csrf').read(page, lead, {});
    expect(visited).toMatchObject({ handle: 'lu', followersCount: 321, followingCount: 4, verified: true });
    expect(visited).not.toHaveProperty('headline');
  });
});

describe('Instagram post engagers', () => {
  const comment = (pk: string, user: unknown, text: string, at?: number) => ({
    pk,
    text,
    ...(at === undefined ? {} : { created_at: at, created_at_utc: at }),
    user,
    comment_like_count: 3,
  });

  it('a commenter: engagement commented with the text and the time, never as description', () => {
    const parsed = commentOf(
      comment('c1', igListUser('61', 'mo'), 'Love this!', Date.parse('2026-01-10T09:30:00Z') / 1000),
    )!;
    const row = commenterRow(parsed, false);
    expect(row).toMatchObject({
      handle: 'mo',
      engagement: { type: 'commented', text: 'Love this!', at: '2026-01-10T09:30:00.000Z' },
    });
    expect(row).not.toHaveProperty('description');
    expect(row).not.toHaveProperty('headline');
    // A comment without a time has none.
    expect(commenterRow(commentOf(comment('c2', igListUser('62', 'ned'), 'ok'))!, false).engagement).toEqual({
      type: 'commented',
      text: 'ok',
    });
  });

  it('the reader lists commenters then likers with how each engaged; comment keywords read the engagement', async () => {
    const { page } = fakePage('https://ig.test', (path) => {
      if (path.includes('/comments/'))
        return {
          comments: [
            comment('c1', igListUser('61', 'mo'), 'What is the price?', 1_768_037_400),
            comment('c2', igListUser('62', 'ned', { is_private: true }), 'nice'),
          ],
          status: 'ok',
        };
      if (path.includes('/likers/'))
        return {
          users: [igListUser('61', 'mo'), igListUser('63', 'oz', { is_verified: true })],
          status: 'ok',
        };
      return undefined;
    });
    const config = {
      postSettings: {
        instagramPostUrl: 'https://www.instagram.com/p/DAbCdEfGhIj/',
        extractionTypes: ['commenters', 'likers'],
      },
      filteringSettings: { commentKeywords: [] },
    };
    const rows = await walk(
      igEngagersReader('csrf', () => true),
      page,
      config,
    );
    expect(rows.map((r) => [r.handle, r.engagement?.type])).toEqual([
      ['mo', 'commented'],
      ['ned', 'commented'],
      ['oz', 'liked'],
    ]);
    expect(rows[0]?.engagement).toEqual({
      type: 'commented',
      text: 'What is the price?',
      at: new Date(1_768_037_400_000).toISOString(),
    });
    expect(rows[1]).toMatchObject({ isPrivate: true });
    expect(rows[2]).toMatchObject({ engagement: { type: 'liked' }, verified: true });
    const driver = instagramTrobs['instagram-post-engagers']!([]);
    const priced = { ...config, filteringSettings: { commentKeywords: ['PRICE'] } };
    expect(rows.filter((r) => driver.keep!(r, priced)).map((r) => r.handle)).toEqual(['mo', 'oz']);
  });
});
