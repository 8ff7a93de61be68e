import { instagramApi } from './instagram-api';
import { INSTAGRAM } from './instagram-config';
import {
  document,
  esc,
  html,
  initials,
  json,
  loginForm,
  type PlatformSpec,
  pager,
  paginate,
  type Reply,
  type RequestContext,
  safeDecode,
} from './kit';
import { instagramMediaId } from './world-extras';
import type { WorldIndex } from './world-index';
import type { SandboxPerson, SandboxPost } from './world-types';

export { INSTAGRAM } from './instagram-config';
export { instagramMediaId, instagramShortcode } from './world-extras';

const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#fff;color:#000}
nav{border-bottom:1px solid #dbdbdb;padding:10px 24px;display:flex;gap:16px}main{max-width:760px;margin:16px auto;padding:0 16px}
header.profile{display:flex;gap:24px;align-items:center;padding-bottom:16px;border-bottom:1px solid #dbdbdb}
ul{list-style:none;padding:0}li,article{padding:8px 0;border-bottom:1px solid #efefef}a{color:#00376b;text-decoration:none}.muted{color:#737373}
.avatar{display:inline-block;width:44px;height:44px;border-radius:50%;background:linear-gradient(45deg,#f09433,#bc1888);color:#fff;text-align:center;line-height:44px;margin-right:8px}`;

function shell(title: string, body: string, me?: SandboxPerson): string {
  const nav = me
    ? `<nav role="navigation"><a href="/" aria-label="Home">Instagram</a><a href="/${esc(me.handle)}/" aria-label="Profile" class="nav-profile">${esc(me.handle)}</a><a href="${INSTAGRAM.paths.logout}">Log out</a></nav>`
    : '<nav><span>Instagram</span></nav>';
  return document(`${title} • Instagram`, CSS, `${nav}<main role="main">${body}</main>`);
}

function userRow(p: SandboxPerson): string {
  return `<li class="user-row" data-user-pk="${esc(p.id)}"${p.hidden ? ' data-private="true"' : ''}${p.verified ? ' data-verified="true"' : ''}><span class="avatar">${esc(initials(p.name))}</span>
<a href="/${esc(p.handle)}/" class="user-username">${esc(p.handle)}</a> <span class="muted user-full-name">${esc(p.name)}</span></li>`;
}

function postCard(index: WorldIndex, post: SandboxPost): string {
  const author = index.person(post.authorId)!;
  return `<article class="media" data-media-id="${esc(post.id)}" data-shortcode="${esc(post.shortcode)}"><a href="/${esc(author.handle)}/" class="media-author">${esc(author.handle)}</a>
<time datetime="${esc(post.createdAt)}" class="muted">${esc(post.createdAt.slice(0, 10))}</time>
<h1 class="media-caption">${esc(post.text)}</h1>
<a href="/p/${esc(post.shortcode)}/liked_by/" class="like-count"><span>${post.likerIds.length}</span> likes</a> · <a href="/p/${esc(post.shortcode)}/" class="comment-count">${post.comments.length} comments</a></article>`;
}

function feed(ctx: RequestContext): Reply {
  const page = paginate(ctx.index.world.posts, ctx.url.searchParams.get('page'), INSTAGRAM.pageSizes.feed);
  return html(
    shell('Home', `${page.items.map((p) => postCard(ctx.index, p)).join('')}${pager(ctx.url, page)}`, ctx.me),
  );
}

function profile(ctx: RequestContext, p: SandboxPerson): Reply {
  const posts = ctx.index.world.posts.filter((post) => post.authorId === p.id);
  return html(
    shell(
      `${p.name} (@${p.handle})`,
      `<header class="profile" data-user-pk="${esc(p.id)}"${p.hidden ? ' data-private="true"' : ''}><img class="profile-pic" src="${esc(p.imageUrl)}" alt="${esc(p.handle)}'s profile picture" width="80" height="80"><section>
<h2 class="profile-username">${esc(p.handle)}</h2>
<ul class="profile-stats"><li><span class="posts-count">${posts.length}</span> posts</li>
<li><a href="/${esc(p.handle)}/followers/"><span class="followers-count" title="${ctx.index.world.followers[p.id]?.length ?? 0}">${ctx.index.world.followers[p.id]?.length ?? 0}</span> followers</a></li>
<li><a href="/${esc(p.handle)}/following/"><span class="following-count">${ctx.index.world.following[p.id]?.length ?? 0}</span> following</a></li></ul>
<h1 class="profile-full-name">${esc(p.name)}</h1><div class="profile-bio">${esc(p.bio)}</div>${p.website ? `<a class="profile-external-url" href="${esc(p.website)}" rel="nofollow">${esc(p.website.replace(/^https?:\/\//, ''))}</a>` : ''}</section></header>
<div class="profile-posts">${posts.map((post) => postCard(ctx.index, post)).join('')}</div>`,
      ctx.me,
    ),
  );
}

function follows(ctx: RequestContext, p: SandboxPerson, kind: 'followers' | 'following'): Reply {
  const ids = ctx.index.world[kind][p.id] ?? [];
  const page = paginate(ids, ctx.url.searchParams.get('page'), INSTAGRAM.pageSizes.follows);
  return html(
    shell(
      `${kind === 'followers' ? 'Followers' : 'Following'} • ${p.handle}`,
      `<div role="dialog" aria-label="${kind === 'followers' ? 'Followers' : 'Following'}"><h1>${kind === 'followers' ? 'Followers' : 'Following'}</h1>
<ul class="follow-list" data-total="${ids.length}">${page.items.map((id) => userRow(ctx.index.person(id)!)).join('')}</ul>${pager(ctx.url, page)}</div>`,
      ctx.me,
    ),
  );
}

/** /p/<shortcode>/ (or the media id, the sandbox's earlier links) → the post. */
function postOf(ctx: RequestContext, code: string): SandboxPost | undefined {
  return (
    ctx.index.postByShortcode(code) ?? ctx.index.post(code) ?? ctx.index.post(instagramMediaId(code) ?? '')
  );
}

function postPage(ctx: RequestContext, code: string, likersOnly: boolean): Reply | undefined {
  const post = postOf(ctx, code);
  if (!post) return undefined;
  const likers = `<section role="dialog" aria-label="Likes" class="likers" data-total="${post.likerIds.length}"><h2>Likes</h2><ul>${post.likerIds
    .map((l) => userRow(ctx.index.person(l)!))
    .join('')}</ul></section>`;
  const comments = `<section class="comments" data-total="${post.comments.length}"><ul>${post.comments
    .map((c) => {
      const a = ctx.index.person(c.authorId)!;
      return `<li class="comment" data-comment-pk="${esc(c.id)}"><a href="/${esc(a.handle)}/" class="comment-author">${esc(a.handle)}</a> <span class="comment-text">${esc(c.text)}</span> <time datetime="${esc(c.createdAt)}"></time></li>`;
    })
    .join('')}</ul></section>`;
  // The media id as the real page exposes it, for the /api/v1/media/<id>/ calls.
  const meta = `<meta property="al:ios:url" content="instagram://media?id=${esc(post.id)}"><meta property="instapp:shortcode" content="${esc(post.shortcode)}">`;
  return html(
    shell(
      'Post',
      `${meta}${postCard(ctx.index, post)}${likersOnly ? likers : `${comments}${likers}`}`,
      ctx.me,
    ),
  );
}

function currentUser(ctx: RequestContext): Reply {
  const p = ctx.me;
  return json({
    user: {
      pk: Number(p.id),
      pk_id: p.id,
      username: p.handle,
      full_name: p.name,
      biography: p.bio,
      is_private: false,
      is_verified: p.verified,
      profile_pic_url: `${ctx.baseUrl}${p.imageUrl}`,
      email: p.email,
    },
    status: 'ok',
  });
}

export function instagramSpec(_index: WorldIndex): PlatformSpec {
  const { paths } = INSTAGRAM;
  return {
    platform: 'instagram',
    label: 'Instagram',
    sessionCookie: INSTAGRAM.sessionCookie,
    csrfCookie: INSTAGRAM.csrfCookie,
    csrfCookieHttpOnly: false,
    csrfHeader: INSTAGRAM.csrfHeader,
    csrfHeaderValue: (cookie) => cookie,
    loginPaths: [paths.login, '/accounts/login', '/login'],
    logoutPaths: [paths.logout, '/logout'],
    loginFields: { username: 'username', password: 'password' },
    homePath: paths.home,
    challengePath: paths.challenge,
    isApi: (path) => path.startsWith(INSTAGRAM.apiPrefix),
    apiFailure: (kind): Reply => {
      switch (kind) {
        case 'unauthenticated':
          return json({ message: 'login_required', status: 'fail' }, 401);
        case 'csrf':
          return json({ message: 'CSRF token missing or incorrect', status: 'fail' }, 403);
        case 'challenge':
          return json(
            {
              message: 'challenge_required',
              challenge: { url: paths.challenge, api_path: paths.challenge },
              status: 'fail',
            },
            400,
          );
        case 'not_found':
          return json({ message: 'Page not found', status: 'fail' }, 404);
        case 'expired':
          return json({ message: 'login_required', logout_reason: 2, status: 'fail' }, 403);
        case 'rate_limited':
          return json(
            {
              message: 'Please wait a few minutes before you try again.',
              require_login: false,
              status: 'fail',
            },
            429,
          );
      }
    },
    profilePath: (p) => `/${p.handle}/`,
    loginPage: (error, redirectTo) =>
      shell(
        'Login',
        `<section><h1>Instagram</h1>${loginForm(paths.login, { username: 'username', password: 'password' }, { username: 'Phone number, username, or email', submit: 'Log in' }, error, redirectTo)}</section>`,
      ),
    challengePage: () =>
      shell(
        'Challenge',
        `<section id="challenge"><h1>We Detected An Unusual Login Attempt</h1><p>To secure your account, we'll send you a security code.</p><button type="button" disabled>Send Security Code</button></section>`,
      ),
    notFoundPage: () =>
      shell('Page not found', "<section><h1>Sorry, this page isn't available.</h1></section>"),
    rateLimitedPage: () =>
      shell(
        'Please wait',
        '<section id="rate-limited"><h1>Please wait a few minutes before you try again.</h1></section>',
      ),
    route: (ctx) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined;
      const path = ctx.url.pathname;
      if (path === paths.home) return feed(ctx);
      if (path === paths.currentUser || path === paths.currentUser.slice(0, -1)) return currentUser(ctx);
      if (path.startsWith(INSTAGRAM.apiPrefix)) return instagramApi(ctx);
      const [first, second, third] = path.split('/').filter(Boolean).map(safeDecode);
      if ((first === 'p' || first === 'reel' || first === 'reels') && second)
        return postPage(ctx, second, third === 'liked_by');
      if (!first || INSTAGRAM.reserved.has(first)) return undefined;
      const person = ctx.index.byHandle(first);
      if (!person) return undefined;
      if (!second) return profile(ctx, person);
      if ((second === 'followers' || second === 'following') && !third) return follows(ctx, person, second);
      return undefined;
    },
  };
}
