import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSite, startSandboxSite } from '../../../../scripts/sandbox-platforms';
import { avatarDataUrl } from '../../../../scripts/sandbox-platforms/kit';
import type { SandboxPerson } from '../../../../scripts/sandbox-platforms/world-types';
import { twitterDate } from '../../../../scripts/sandbox-platforms/x-api';
import { X } from '../../../../scripts/sandbox-platforms/x-config';
import { appMayShowImage, client, type Json, type SandboxClient } from './support';

/** The sandbox X's GraphQL, checked against the world's own data. */

let site: SandboxSite;
let api: SandboxClient;

beforeAll(async () => {
  site = await startSandboxSite({ platform: 'x', size: { followers: 200 } });
  api = client(site);
});

afterAll(async () => {
  await site?.stop();
});

const FEATURES = JSON.stringify({
  rweb_video_screen_enabled: false,
  responsive_web_graphql_timeline_navigation_enabled: true,
});

function gqlPath(
  operation: keyof typeof X.queryIds,
  variables: Record<string, unknown>,
  queryId?: string,
): string {
  return `/i/api/graphql/${queryId ?? X.queryIds[operation]}/${operation}?variables=${encodeURIComponent(JSON.stringify(variables))}&features=${encodeURIComponent(FEATURES)}`;
}

const person = (id: string) => site.world.people.find((p) => p.id === id)!;

/** The user and cursor entries of a timeline's TimelineAddEntries. */
function entriesOf(instructions: Json[]): { users: Json[]; bottom?: string; top?: string; tweets: Json[] } {
  const entries = instructions.find((i) => i.type === 'TimelineAddEntries')?.entries ?? [];
  const cursor = (kind: string) =>
    entries.find((e: Json) => e.content.cursorType === kind || e.content.itemContent?.cursorType === kind);
  const bottom = cursor('Bottom');
  return {
    users: entries
      .filter((e: Json) => e.entryId.startsWith('user-'))
      .map((e: Json) => e.content.itemContent.user_results.result),
    tweets: entries
      .filter((e: Json) => e.entryId.startsWith('tweet-'))
      .map((e: Json) => e.content.itemContent.tweet_results.result),
    bottom: bottom?.content.value ?? bottom?.content.itemContent?.value,
    top: cursor('Top')?.content.value,
  };
}

/** Pages a user timeline with its Bottom cursor, stopping as the notes say (no users, or a repeated cursor). */
async function walk(
  operation: 'Followers' | 'Following' | 'Retweeters' | 'Favoriters',
  variables: Record<string, unknown>,
  path: (body: Json) => Json[],
): Promise<{ users: Json[]; calls: number; lastCursor?: string; repeated: boolean }> {
  const users: Json[] = [];
  let cursor: string | undefined;
  let calls = 0;
  for (;;) {
    const { status, body, response } = await api.json(
      gqlPath(operation, { ...variables, count: 20, ...(cursor ? { cursor } : {}) }),
    );
    calls++;
    expect(status).toBe(200);
    expect(response.headers.get('x-rate-limit-limit')).toMatch(/^\d+$/);
    const page = entriesOf(path(body));
    if (page.users.length === 0)
      return { users, calls, lastCursor: cursor, repeated: page.bottom === cursor };
    users.push(...page.users);
    cursor = page.bottom;
    if (calls > 1000) throw new Error('the timeline did not end');
  }
}

function expectUserOf(user: Json, p: SandboxPerson) {
  expect(user).toMatchObject({
    __typename: 'User',
    rest_id: p.id,
    core: { screen_name: p.handle, name: p.name },
    location: { location: p.location },
    privacy: { protected: p.hidden },
    profile_bio: { description: p.bio },
    relationship_counts: {
      followers: site.world.followers[p.id]!.length,
      following: site.world.following[p.id]!.length,
    },
    legacy: null,
  });
  // Inline, as the app's CSP allows (X's image host is https, a sandbox site is not).
  expect(user.avatar.image_url).toBe(avatarDataUrl(p));
  expect(appMayShowImage(user.avatar.image_url)).toBe(true);
  if (p.website) expect(user.website).toEqual({ url: p.website });
  else expect(user.website).toBeUndefined();
}

describe('sandbox X: UserByScreenName', () => {
  it('answers the user in the 2026 shape, and data:{} for an unknown name', async () => {
    const owner = site.world.owner;
    const { status, body } = await api.json(gqlPath('UserByScreenName', { screen_name: owner.handle }));
    expect(status).toBe(200);
    expectUserOf(body.data.user.result, owner);
    expect(body.data.user.result.relationship_counts.followers).toBe(200);
    const avatar = await fetch(body.data.user.result.avatar.image_url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect((await api.json(gqlPath('UserByScreenName', { screen_name: 'nobody_here_1' }))).body).toEqual({
      data: {},
    });
  });
});

describe('sandbox X: Followers and Following', () => {
  const timeline = (body: Json) => body.data.user.result.timeline.timeline.instructions;

  it('pages the owner’s followers 20 at a time to the end, in order, protected people marked', async () => {
    const owner = site.world.owner;
    const { users, calls, repeated } = await walk(
      'Followers',
      { userId: owner.id, includePromotedContent: false },
      timeline,
    );
    const expected = site.world.followers[owner.id]!;
    expect(users.map((u) => u.rest_id)).toEqual(expected);
    expect(calls).toBe(Math.ceil(expected.length / 20) + 1);
    // The page past the end has no users and gives back the cursor it was asked with.
    expect(repeated).toBe(true);
    for (const u of users) expectUserOf(u, person(u.rest_id));
    expect(users.some((u) => u.privacy.protected)).toBe(true);
  });

  it('pages who someone follows, and the Top cursor starts again', async () => {
    const someone = site.world.people.find((p) => !p.hidden && site.world.following[p.id]!.length > 20)!;
    const { users } = await walk('Following', { userId: someone.id }, timeline);
    expect(users.map((u) => u.rest_id)).toEqual(site.world.following[someone.id]);
    const first = await api.json(gqlPath('Following', { userId: someone.id, count: 20 }));
    const top = entriesOf(timeline(first.body)).top!;
    const again = await api.json(gqlPath('Following', { userId: someone.id, count: 20, cursor: top }));
    expect(entriesOf(timeline(again.body)).users.map((u) => u.rest_id)).toEqual(
      site.world.following[someone.id]!.slice(0, 20),
    );
  });
});

describe('sandbox X: post engagers', () => {
  const ownPost = () =>
    site.world.posts.find((p) => p.authorId === site.world.owner.id && p.quotes.length > 0)!;
  const othersPost = () =>
    site.world.posts.find((p) => p.authorId !== site.world.owner.id && p.likerIds.length > 0)!;

  it('lists retweeters (Retweeters) of Json post', async () => {
    const post = ownPost();
    const { users } = await walk(
      'Retweeters',
      { tweetId: post.id },
      (b) => b.data.retweeters_timeline.timeline.instructions,
    );
    expect(users.map((u) => u.rest_id)).toEqual(post.repostIds);
  });

  it('lists likers (Favoriters) of the viewer’s own posts only', async () => {
    const path = (b: Json) => b.data.favoriters_timeline.timeline.instructions;
    const own = await walk('Favoriters', { tweetId: ownPost().id }, path);
    expect(own.users.map((u) => u.rest_id)).toEqual(ownPost().likerIds);
    const other = await walk('Favoriters', { tweetId: othersPost().id }, path);
    expect(other.users).toEqual([]);
  });

  it('lists the replies (TweetDetail) with their authors, the post first', async () => {
    const post = site.world.posts.find((p) => p.comments.length > 0)!;
    const { body } = await api.json(
      gqlPath('TweetDetail', { focalTweetId: post.id, with_rux_injections: false }),
    );
    const entries = body.data.threaded_conversation_with_injections_v2.instructions.find(
      (i: Json) => i.type === 'TimelineAddEntries',
    ).entries;
    expect(entries[0].entryId).toBe(`tweet-${post.id}`);
    const replies = entries
      .filter((e: Json) => e.entryId.startsWith('conversationthread-'))
      .map((e: Json) => e.content.items[0].item.itemContent.tweet_results.result);
    expect(replies.map((r: Json) => r.rest_id)).toEqual(post.comments.map((c) => c.id));
    expect(replies.map((r: Json) => r.core.user_results.result.rest_id)).toEqual(
      post.comments.map((c) => c.authorId),
    );
    expect(replies.map((r: Json) => r.legacy.full_text)).toEqual(post.comments.map((c) => c.text));
    for (const r of replies) expect(r.legacy.in_reply_to_status_id_str).toBe(post.id);
    // X's created_at shape ('Sat Jan 10 11:29:44 +0000 2026'), the reply's own time.
    expect(replies.map((r: Json) => r.legacy.created_at)).toEqual(
      post.comments.map((c) => twitterDate(c.createdAt)),
    );
    for (const [i, r] of replies.entries()) {
      expect(r.legacy.created_at).toMatch(
        /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} \+0000 \d{4}$/,
      );
      expect(Date.parse(r.legacy.created_at)).toBe(
        Math.floor(Date.parse(post.comments[i]!.createdAt) / 1000) * 1000,
      );
    }
  });

  it('lists quotes (SearchTimeline quoted_tweet_id:) with their authors', async () => {
    const post = ownPost();
    const { body } = await api.json(
      gqlPath('SearchTimeline', {
        rawQuery: `quoted_tweet_id:${post.id}`,
        count: 20,
        querySource: 'tdqt',
        product: 'Top',
      }),
    );
    const { tweets } = entriesOf(body.data.search_by_raw_query.search_timeline.timeline.instructions);
    expect(tweets.map((t) => t.core.user_results.result.rest_id)).toEqual(post.quotes.map((q) => q.authorId));
    for (const t of tweets) expect(t.legacy.quoted_status_id_str).toBe(post.id);
  });
});

describe('sandbox X: transport', () => {
  it('answers 400 to a stale query id and code 336 without features, with rate headers every time', async () => {
    const stale = await api.json(
      gqlPath('Followers', { userId: site.world.owner.id }, 'AAAAAAAAAAAAAAAAAAAAAA'),
    );
    expect(stale.status).toBe(400);
    expect(stale.response.headers.get('x-rate-limit-remaining')).toMatch(/^\d+$/);
    const noFeatures = await api.json(
      `/i/api/graphql/${X.queryIds.Followers}/Followers?variables=${encodeURIComponent(JSON.stringify({ userId: '1' }))}`,
    );
    expect(noFeatures.status).toBe(400);
    expect(noFeatures.body.errors[0].code).toBe(336);
    const ok = await api.json(gqlPath('UserByScreenName', { screen_name: site.world.owner.handle }));
    const reset = Number(ok.response.headers.get('x-rate-limit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(Number(ok.response.headers.get('x-rate-limit-remaining'))).toBeLessThan(
      Number(ok.response.headers.get('x-rate-limit-limit')),
    );
  });

  it('marks protected people with a lock on the list pages', async () => {
    const html = await (await api.get(`/${site.world.owner.handle}/followers?page=1`)).text();
    const cells = [...html.matchAll(/data-testid="UserCell" data-user-id="(\d+)"( data-protected="true")?/g)];
    expect(cells).toHaveLength(20);
    for (const [, id, protectedMark] of cells) expect(Boolean(protectedMark)).toBe(person(id!).hidden);
  });
});
