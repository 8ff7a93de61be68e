import { INSTAGRAM } from './instagram-config';
import { avatarDataUrl, json, type Reply, type RequestContext, safeDecode } from './kit';
import { streamSeed } from './world-extras';
import type { SandboxPerson, SandboxPost } from './world-types';

/**
 * The sandbox Instagram's web API (`/api/v1/...`): profile info, followers and following by
 * `max_id`, a media's likers, comments and info. Shapes of platform-notes.md; ids are strings (`pk`,
 * `pk_id`), as the 2024+ web answers have them.
 */

type Entity = Record<string, unknown>;

function fail(message: string, status: number): Reply {
  return json({ message, status: 'fail' }, status);
}

/** The short user of lists. */
export function igUser(p: SandboxPerson): Entity {
  return {
    pk: p.id,
    pk_id: p.id,
    id: p.id,
    username: p.handle,
    full_name: p.name,
    is_private: p.hidden,
    is_verified: p.verified,
    profile_pic_id: `${p.id}_${p.id}`,
    profile_pic_url: avatarDataUrl(p),
    has_anonymous_profile_picture: false,
    latest_reel_media: 0,
  };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** GET /api/v1/users/web_profile_info/?username=U → data.user (404 with user null when unknown). */
function webProfileInfo(ctx: RequestContext): Reply {
  const username = (ctx.url.searchParams.get('username') ?? '').replace(/^@/, '');
  const p = ctx.index.byHandle(username);
  if (!p) return json({ data: { user: null }, status: 'ok' }, 404);
  const { world } = ctx.index;
  const posts = world.posts.filter((post) => post.authorId === p.id);
  return json({
    data: {
      user: {
        id: p.id,
        username: p.handle,
        full_name: p.name,
        biography: p.bio,
        bio_links: p.website ? [{ title: '', url: p.website, link_type: 'external' }] : [],
        external_url: p.website ?? null,
        is_private: p.hidden,
        is_verified: p.verified,
        is_business_account: false,
        category_name: null,
        profile_pic_url: avatarDataUrl(p),
        profile_pic_url_hd: avatarDataUrl(p),
        edge_followed_by: { count: world.followers[p.id]?.length ?? 0 },
        edge_follow: { count: world.following[p.id]?.length ?? 0 },
        followed_by_viewer: ctx.index.ownerFollows(p.id),
        follows_viewer: ctx.index.followsOwner(p.id),
        edge_owner_to_timeline_media: {
          count: posts.length,
          page_info: { has_next_page: false, end_cursor: null },
          edges: posts.map((post) => ({
            node: {
              __typename: 'GraphImage',
              id: post.id,
              shortcode: post.shortcode,
              taken_at_timestamp: seconds(post.createdAt),
              edge_liked_by: { count: post.likerIds.length },
              edge_media_to_comment: { count: post.comments.length },
            },
          })),
        },
      },
    },
    status: 'ok',
  });
}

function intOf(value: string | null, fallback: number): number | undefined {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * GET /api/v1/friendships/<pk>/followers/ (and following/) ?count&max_id: `next_max_id` while more
 * remain, absent on the last page. A private account's lists: only its followers see them (400).
 */
function friendships(ctx: RequestContext, pk: string, kind: 'followers' | 'following'): Reply {
  const p = ctx.index.person(pk);
  if (!p) return fail('User not found', 404);
  if (p.hidden && p.id !== ctx.me.id && !ctx.index.ownerFollows(p.id))
    return fail('Not authorized to view user', 400);
  const sizes = INSTAGRAM.pageSizes;
  const count = intOf(ctx.url.searchParams.get('count'), sizes.friendshipsCount);
  const offset = intOf(ctx.url.searchParams.get('max_id'), 0);
  if (count === undefined || offset === undefined) return fail('Invalid count or max_id', 400);
  const size = Math.max(1, Math.min(count, sizes.friendshipsCountMax));
  const ids = ctx.index.world[kind][p.id] ?? [];
  const page = ids.slice(offset, offset + size);
  const next = offset + page.length;
  return json({
    users: page.map((id) => igUser(ctx.index.person(id)!)),
    big_list: ids.length > size,
    page_size: size,
    ...(next < ids.length ? { next_max_id: String(next) } : {}),
    has_more: next < ids.length,
    should_limit_list_of_followers: false,
    status: 'ok',
  });
}

/** Comments' `max_id` is opaque on Instagram: base64 JSON here. */
function commentsCursor(offset: number): string {
  return Buffer.from(
    JSON.stringify({ server_cursor: String(offset), is_server_cursor_inverse: false }),
  ).toString('base64url');
}

function commentsOffset(maxId: string | null): number | undefined {
  if (!maxId) return 0;
  try {
    const offset = Number(
      (JSON.parse(Buffer.from(maxId, 'base64url').toString('utf8')) as { server_cursor?: string })
        .server_cursor,
    );
    return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}

function mediaItem(ctx: RequestContext, post: SandboxPost): Entity {
  const author = ctx.index.person(post.authorId)!;
  return {
    pk: post.id,
    id: `${post.id}_${author.id}`,
    code: post.shortcode,
    media_type: 1,
    taken_at: seconds(post.createdAt),
    user: igUser(author),
    caption: { text: post.text, user_id: author.id },
    like_count: post.likerIds.length,
    comment_count: post.comments.length,
    like_and_view_counts_disabled: false,
  };
}

/** GET /api/v1/media/<pk>/likers/, comments/, info/ (the pk may carry `_<owner pk>`, as media ids do). */
function media(ctx: RequestContext, mediaId: string, action: string): Reply | undefined {
  const post = ctx.index.post(mediaId.split('_')[0] ?? '');
  if (!post) return fail('Media not found or unavailable', 404);
  if (action === 'info') return json({ items: [mediaItem(ctx, post)], num_results: 1, status: 'ok' });
  if (action === 'likers')
    return json({
      users: post.likerIds.map((id) => igUser(ctx.index.person(id)!)),
      user_count: post.likerIds.length,
      status: 'ok',
    });
  if (action !== 'comments') return undefined;
  const offset = commentsOffset(ctx.url.searchParams.get('max_id'));
  if (offset === undefined) return fail('Invalid max_id', 400);
  const size = INSTAGRAM.pageSizes.comments;
  const page = post.comments.slice(offset, offset + size);
  const next = offset + page.length;
  const author = ctx.index.person(post.authorId)!;
  return json({
    comments: page.map((c) => {
      const user = ctx.index.person(c.authorId)!;
      return {
        pk: c.id,
        text: c.text,
        type: 0,
        created_at: seconds(c.createdAt),
        created_at_utc: seconds(c.createdAt),
        content_type: 'comment',
        status: 'Active',
        user_id: user.id,
        user: igUser(user),
        comment_like_count: streamSeed('comment-likes', c.id) % 40,
        child_comment_count: 0,
      };
    }),
    comment_count: post.comments.length,
    caption: { text: post.text, user: igUser(author) },
    has_more_comments: next < post.comments.length,
    ...(next < post.comments.length ? { next_max_id: commentsCursor(next) } : {}),
    status: 'ok',
  });
}

/** The /api/v1/ routes beyond accounts/current_user/ (which instagram.ts answers). */
export function instagramApi(ctx: RequestContext): Reply | undefined {
  const path = ctx.url.pathname;
  if (ctx.headers[INSTAGRAM.appIdHeader] !== INSTAGRAM.webAppId) return fail('useragent mismatch', 400);
  const parts = path.slice(INSTAGRAM.apiPrefix.length).split('/').filter(Boolean).map(safeDecode);
  const [section, id, action, ...rest] = parts;
  if (rest.length > 0) return undefined;
  if (section === 'users' && id === 'web_profile_info' && !action) return webProfileInfo(ctx);
  if (section === 'friendships' && id && (action === 'followers' || action === 'following'))
    return friendships(ctx, id, action);
  if (section === 'media' && id && action) return media(ctx, id, action);
  return undefined;
}
