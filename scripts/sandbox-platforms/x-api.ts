import type { RateWindow } from './failures';
import { avatarDataUrl, json, type Reply, type RequestContext } from './kit';
import { streamSeed } from './world-extras';
import type { SandboxComment, SandboxPerson, SandboxPost } from './world-types';
import { X } from './x-config';

/**
 * The sandbox X's GraphQL answers (`/i/api/graphql/<queryId>/<Operation>?variables=<json>&features=<json>`):
 * timelines of `instructions[]` whose TimelineAddEntries holds user or tweet entries and Top/Bottom
 * cursor entries. Users have the 2026 shape (`legacy: null`, fields in core, avatar, location,
 * privacy, profile_bio, relationship_counts, website).
 */

type Entity = Record<string, unknown>;

/** X's `created_at`: 'Sat Jan 10 11:29:44 +0000 2026' (toUTCString is 'Sat, 10 Jan 2026 11:29:44 GMT'). */
export function twitterDate(iso: string): string {
  const d = new Date(iso);
  const [wd, day, month, year, time] = d.toUTCString().replace(',', '').split(' ');
  return `${wd} ${month} ${day} ${time} +0000 ${year}`;
}

/** x-rate-limit-limit/-remaining/-reset on every JSON answer to a session. */
export function rateHeaders(rate: RateWindow): Record<string, string> {
  return {
    'x-rate-limit-limit': String(rate.limit),
    'x-rate-limit-remaining': String(rate.remaining),
    'x-rate-limit-reset': String(rate.reset),
  };
}

/** A user in the 2026 shape: `legacy` is null, its fields moved to sub-objects. */
export function xUser(ctx: RequestContext, p: SandboxPerson): Entity {
  const { world } = ctx.index;
  return {
    __typename: 'User',
    id: Buffer.from(`User:${p.id}`).toString('base64'),
    rest_id: p.id,
    is_blue_verified: p.verified,
    core: { created_at: twitterDate(p.createdAt), name: p.name, screen_name: p.handle },
    avatar: { image_url: avatarDataUrl(p) },
    location: { location: p.location },
    privacy: { protected: p.hidden },
    profile_bio: { description: p.bio },
    relationship_counts: {
      followers: world.followers[p.id]?.length ?? 0,
      following: world.following[p.id]?.length ?? 0,
    },
    ...(p.website ? { website: { url: p.website } } : {}),
    verification: { verified: p.verified },
    legacy: null,
  };
}

function tweetResult(
  ctx: RequestContext,
  tweet: { id: string; authorId: string; text: string; createdAt: string },
  extra: { replyTo?: SandboxPost; quoted?: SandboxPost; post?: SandboxPost } = {},
): Entity {
  const author = ctx.index.person(tweet.authorId)!;
  const replyAuthor = extra.replyTo ? ctx.index.person(extra.replyTo.authorId) : undefined;
  const post = extra.post;
  return {
    __typename: 'Tweet',
    rest_id: tweet.id,
    core: { user_results: { result: xUser(ctx, author) } },
    legacy: {
      id_str: tweet.id,
      user_id_str: author.id,
      full_text: tweet.text,
      created_at: twitterDate(tweet.createdAt),
      conversation_id_str: extra.replyTo?.id ?? tweet.id,
      lang: 'en',
      favorite_count: post?.likerIds.length ?? 0,
      retweet_count: post?.repostIds.length ?? 0,
      reply_count: post?.comments.length ?? 0,
      quote_count: post?.quotes.length ?? 0,
      is_quote_status: extra.quoted !== undefined,
      ...(extra.quoted ? { quoted_status_id_str: extra.quoted.id } : {}),
      ...(extra.replyTo && replyAuthor
        ? {
            in_reply_to_status_id_str: extra.replyTo.id,
            in_reply_to_user_id_str: replyAuthor.id,
            in_reply_to_screen_name: replyAuthor.handle,
          }
        : {}),
    },
  };
}

/** Descending sort indexes, as X's timelines have them. */
function sortIndex(salt: string, position: number): string {
  return String(1_900_000_000_000_000_000n - BigInt(streamSeed(salt)) * 1000n - BigInt(position));
}

/** Cursors are `<offset>|<list salt>`: opaque to a driver, which sends back what it got. */
function cursorValue(offset: number, salt: string): string {
  return `${offset}|${streamSeed('cursor', salt)}`;
}

function cursorOffset(cursor: unknown): number | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  if (typeof cursor !== 'string') return undefined;
  // The Top cursor (-1) starts again from the top.
  const offset = Number.parseInt(cursor.split('|')[0] ?? '', 10);
  return Number.isFinite(offset) ? Math.max(0, offset) : undefined;
}

function cursorEntry(kind: 'Top' | 'Bottom', value: string, index: string): Entity {
  return {
    entryId: `cursor-${kind.toLowerCase()}-${index}`,
    sortIndex: index,
    content: {
      entryType: 'TimelineTimelineCursor',
      __typename: 'TimelineTimelineCursor',
      value,
      cursorType: kind,
    },
  };
}

interface Page<T> {
  items: T[];
  offset: number;
  bottom: string;
  top: string;
}

/**
 * One page of a list by cursor. The Bottom cursor points after the page; past the end a page has no
 * items and gives back the cursor it was asked with, so both stop rules of the notes (no users, a
 * repeated cursor) end the walk.
 */
function pageOf<T>(items: readonly T[], vars: Entity, salt: string, size: number): Page<T> | undefined {
  const offset = cursorOffset(vars.cursor);
  if (offset === undefined) return undefined;
  const count = Math.max(1, Math.min(Number(vars.count) || size, X.pageSizes.timelineCountMax));
  const slice = items.slice(offset, offset + count);
  const asked = typeof vars.cursor === 'string' && vars.cursor ? vars.cursor : cursorValue(offset, salt);
  return {
    items: slice,
    offset,
    bottom: slice.length > 0 ? cursorValue(offset + slice.length, salt) : asked,
    top: `-1|${streamSeed('cursor', salt)}`,
  };
}

function userTimeline(
  ctx: RequestContext,
  ids: readonly string[],
  vars: Entity,
  salt: string,
): Entity[] | undefined {
  const page = pageOf(ids, vars, salt, X.pageSizes.timelineCount);
  if (!page) return undefined;
  const entries: Entity[] = page.items.map((id, i) => {
    const p = ctx.index.person(id)!;
    return {
      entryId: `user-${p.id}`,
      sortIndex: sortIndex(salt, page.offset + i),
      content: {
        entryType: 'TimelineTimelineItem',
        __typename: 'TimelineTimelineItem',
        itemContent: {
          itemType: 'TimelineUser',
          __typename: 'TimelineUser',
          user_results: { result: xUser(ctx, p) },
          userDisplayType: 'User',
        },
      },
    };
  });
  entries.push(
    cursorEntry('Bottom', page.bottom, sortIndex(salt, page.offset + page.items.length)),
    cursorEntry('Top', page.top, sortIndex(salt, -1)),
  );
  return [
    { type: 'TimelineClearCache' },
    { type: 'TimelineTerminateTimeline', direction: 'Top' },
    { type: 'TimelineAddEntries', entries },
  ];
}

function badRequest(message: string, code?: number): Reply {
  return json({ errors: [{ message, ...(code ? { code } : {}) }] }, 400);
}

const badCursor = () => badRequest('Invalid cursor');

function follows(ctx: RequestContext, vars: Entity, kind: 'followers' | 'following'): Reply {
  const p = ctx.index.person(String(vars.userId ?? ''));
  if (!p) return json({ data: { user: {} } });
  // A protected account's lists are visible to itself and to the people it accepted as followers.
  const visible = !p.hidden || p.id === ctx.me.id || ctx.index.ownerFollows(p.id);
  const ids = visible ? (ctx.index.world[kind][p.id] ?? []) : [];
  const instructions = userTimeline(ctx, ids, vars, `${kind}:${p.id}`);
  if (!instructions) return badCursor();
  return json({
    data: { user: { result: { __typename: 'User', timeline: { timeline: { instructions } } } } },
  });
}

function postTimeline(
  ctx: RequestContext,
  vars: Entity,
  root: 'retweeters_timeline' | 'favoriters_timeline',
): Reply {
  const post = ctx.index.post(String(vars.tweetId ?? ''));
  // Likes are private since June 2024: likers only for the viewer's own posts.
  const ids = !post
    ? []
    : root === 'retweeters_timeline'
      ? post.repostIds
      : post.authorId === ctx.me.id
        ? post.likerIds
        : [];
  const instructions = userTimeline(ctx, ids, vars, `${root}:${post?.id ?? 'none'}`);
  if (!instructions) return badCursor();
  return json({ data: { [root]: { timeline: { instructions } } } });
}

function tweetEntry(entryId: string, index: string, result: Entity): Entity {
  return {
    entryId,
    sortIndex: index,
    content: {
      entryType: 'TimelineTimelineItem',
      __typename: 'TimelineTimelineItem',
      itemContent: {
        itemType: 'TimelineTweet',
        __typename: 'TimelineTweet',
        tweet_results: { result },
        tweetDisplayType: 'Tweet',
      },
    },
  };
}

/** A post and its replies: the focal tweet first (first page only), one conversation module a reply. */
function tweetDetail(ctx: RequestContext, vars: Entity): Reply {
  const post = ctx.index.post(String(vars.focalTweetId ?? ''));
  if (!post)
    return json({ data: {}, errors: [{ message: '_Missing: No status found with that ID.', code: 144 }] });
  const salt = `detail:${post.id}`;
  const page = pageOf<SandboxComment>(
    post.comments,
    { ...vars, count: X.pageSizes.replies },
    salt,
    X.pageSizes.replies,
  );
  if (!page) return badCursor();
  const entries: Entity[] = [];
  if (page.offset === 0)
    entries.push(tweetEntry(`tweet-${post.id}`, sortIndex(salt, -1), tweetResult(ctx, post, { post })));
  page.items.forEach((reply, i) => {
    entries.push({
      entryId: `conversationthread-${reply.id}`,
      sortIndex: sortIndex(salt, page.offset + i),
      content: {
        entryType: 'TimelineTimelineModule',
        __typename: 'TimelineTimelineModule',
        displayType: 'VerticalConversation',
        items: [
          {
            entryId: `conversationthread-${reply.id}-tweet-${reply.id}`,
            item: {
              itemContent: {
                itemType: 'TimelineTweet',
                __typename: 'TimelineTweet',
                tweet_results: { result: tweetResult(ctx, reply, { replyTo: post }) },
              },
            },
          },
        ],
      },
    });
  });
  if (page.offset + page.items.length < post.comments.length)
    entries.push({
      entryId: `cursor-bottom-${sortIndex(salt, page.offset + page.items.length)}`,
      sortIndex: sortIndex(salt, page.offset + page.items.length),
      content: {
        entryType: 'TimelineTimelineItem',
        __typename: 'TimelineTimelineItem',
        itemContent: {
          itemType: 'TimelineTimelineCursor',
          __typename: 'TimelineTimelineCursor',
          value: page.bottom,
          cursorType: 'Bottom',
        },
      },
    });
  return json({
    data: {
      threaded_conversation_with_injections_v2: {
        instructions: [
          { type: 'TimelineAddEntries', entries },
          { type: 'TimelineTerminateTimeline', direction: 'Top' },
        ],
      },
    },
  });
}

/** Search, for what the templates need: `quoted_tweet_id:<id>` lists the quotes of a post. */
function searchTimeline(ctx: RequestContext, vars: Entity): Reply {
  const raw = String(vars.rawQuery ?? '');
  const quoted = /quoted_tweet_id:(\d+)/.exec(raw)?.[1];
  const post = quoted ? ctx.index.post(quoted) : undefined;
  const salt = `search:${raw}`;
  const page = pageOf(post?.quotes ?? [], vars, salt, X.pageSizes.timelineCount);
  if (!page) return badCursor();
  const entries: Entity[] = page.items.map((q, i) =>
    tweetEntry(`tweet-${q.id}`, sortIndex(salt, page.offset + i), tweetResult(ctx, q, { quoted: post })),
  );
  entries.push(
    cursorEntry('Top', page.top, sortIndex(salt, -1)),
    cursorEntry('Bottom', page.bottom, sortIndex(salt, page.offset + page.items.length)),
  );
  return json({
    data: {
      search_by_raw_query: {
        search_timeline: { timeline: { instructions: [{ type: 'TimelineAddEntries', entries }] } },
      },
    },
  });
}

function userByScreenName(ctx: RequestContext, vars: Entity): Reply {
  const p = ctx.index.byHandle(String(vars.screen_name ?? '').replace(/^@/, ''));
  return json(p ? { data: { user: { result: xUser(ctx, p) } } } : { data: {} });
}

const OPERATIONS: Record<keyof typeof X.queryIds, (ctx: RequestContext, vars: Entity) => Reply> = {
  UserByScreenName: userByScreenName,
  Followers: (ctx, vars) => follows(ctx, vars, 'followers'),
  Following: (ctx, vars) => follows(ctx, vars, 'following'),
  Retweeters: (ctx, vars) => postTimeline(ctx, vars, 'retweeters_timeline'),
  Favoriters: (ctx, vars) => postTimeline(ctx, vars, 'favoriters_timeline'),
  TweetDetail: tweetDetail,
  SearchTimeline: searchTimeline,
};

function jsonParam(url: URL, name: string): Entity | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Entity) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /i/api/graphql/<queryId>/<Operation>. A query id other than X.queryIds' for the operation
 * answers 400 (a stale id); missing `features` answer 400 with code 336, as X does.
 */
export function graphql(ctx: RequestContext): Reply | undefined {
  const [queryId, operation, ...rest] = ctx.url.pathname.slice(X.paths.graphql.length).split('/');
  if (!queryId || !operation || rest.length > 0) return undefined;
  const known = (X.queryIds as Record<string, string>)[operation];
  if (!known || known !== queryId) return badRequest('Query not found');
  const vars = jsonParam(ctx.url, 'variables');
  if (!vars) return badRequest('variables must be a JSON object');
  if (!jsonParam(ctx.url, 'features'))
    return badRequest(
      'The following features cannot be null: (features were not sent)',
      X.errorCodes.missingFeatures,
    );
  return OPERATIONS[operation as keyof typeof X.queryIds](ctx, vars);
}
