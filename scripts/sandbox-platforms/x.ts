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
  redirect,
  safeDecode,
} from './kit';
import type { WorldIndex } from './world-index';
import type { SandboxPerson, SandboxPost } from './world-types';
import { graphql, rateHeaders, twitterDate } from './x-api';
import { X } from './x-config';

export { X } from './x-config';

const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#fff;color:#0f1419}
nav[role=navigation]{position:fixed;left:0;top:0;width:200px;padding:16px}main{margin-left:220px;max-width:600px;border-left:1px solid #eff3f4;border-right:1px solid #eff3f4;min-height:100vh}
article,[data-testid=UserCell],section{padding:12px 16px;border-bottom:1px solid #eff3f4}a{color:#1d9bf0;text-decoration:none}.muted{color:#536471}
.avatar{display:inline-block;width:40px;height:40px;border-radius:50%;background:#0f1419;color:#fff;text-align:center;line-height:40px;margin-right:8px}`;

function shell(title: string, body: string, me?: SandboxPerson): string {
  const nav = me
    ? `<nav role="navigation" aria-label="Primary"><a href="${X.paths.home}" data-testid="AppTabBar_Home_Link">Home</a><br>
<a href="/${esc(me.handle)}" data-testid="AppTabBar_Profile_Link">Profile</a><br>
<div data-testid="SideNav_AccountSwitcher_Button"><span>${esc(me.name)}</span> <span class="muted">@${esc(me.handle)}</span></div>
<a href="${X.paths.logout}">Log out</a></nav>`
    : '';
  return document(`${title} / X`, CSS, `${nav}<main role="main" data-testid="primaryColumn">${body}</main>`);
}

const LOCK =
  '<svg data-testid="icon-lock" aria-label="Protected account" viewBox="0 0 24 24" width="14" height="14"><path d="M7 10V7a5 5 0 0 1 10 0v3h1v11H6V10zm2 0h6V7a3 3 0 0 0-6 0z"/></svg>';
const VERIFIED =
  '<svg data-testid="icon-verified" aria-label="Verified account" viewBox="0 0 24 24" width="14" height="14"><circle cx="12" cy="12" r="10"/></svg>';

function userCell(p: SandboxPerson): string {
  return `<div data-testid="UserCell" data-user-id="${esc(p.id)}"${p.hidden ? ' data-protected="true"' : ''}><span class="avatar">${esc(initials(p.name))}</span>
<a href="/${esc(p.handle)}" role="link"><span class="user-name">${esc(p.name)}</span></a>${p.hidden ? LOCK : ''}${p.verified ? VERIFIED : ''} <span class="muted user-handle">@${esc(p.handle)}</span>
<div dir="auto" class="user-bio">${esc(p.bio)}</div></div>`;
}

function tweet(index: WorldIndex, post: SandboxPost): string {
  const author = index.person(post.authorId)!;
  return `<article data-testid="tweet" data-tweet-id="${esc(post.id)}"><div data-testid="User-Name"><a href="/${esc(author.handle)}">${esc(author.name)}</a> <span class="muted">@${esc(author.handle)}</span></div>
<a href="/${esc(author.handle)}/status/${esc(post.id)}"><time datetime="${esc(post.createdAt)}">${esc(post.createdAt.slice(0, 10))}</time></a>
<div data-testid="tweetText" lang="en">${esc(post.text)}</div>
<div role="group"><span data-testid="reply">${post.comments.length}</span> replies · <span data-testid="like">${post.likerIds.length}</span> likes</div></article>`;
}

function home(ctx: RequestContext): Reply {
  const page = paginate(ctx.index.world.posts, ctx.url.searchParams.get('page'), X.pageSizes.home);
  return html(
    shell(
      'Home',
      `<h1 role="heading">Home</h1><div aria-label="Timeline: Your Home Timeline">${page.items.map((p) => tweet(ctx.index, p)).join('')}</div>${pager(ctx.url, page)}`,
      ctx.me,
    ),
  );
}

function profile(ctx: RequestContext, p: SandboxPerson): Reply {
  const posts = ctx.index.world.posts.filter((post) => post.authorId === p.id);
  return html(
    shell(
      `${p.name} (@${p.handle})`,
      `<section data-testid="UserProfileHeader_Items" data-user-id="${esc(p.id)}"><img data-testid="UserAvatar-Container" src="${esc(p.imageUrl)}" alt="" width="80" height="80">
<div data-testid="UserName"><h2 role="heading"><span class="user-name">${esc(p.name)}</span>${p.hidden ? LOCK : ''}${p.verified ? VERIFIED : ''}</h2><span class="muted">@${esc(p.handle)}</span></div>
<div data-testid="UserDescription">${esc(p.bio)}</div><span data-testid="UserLocation">${esc(p.location)}</span>${p.website ? ` <a data-testid="UserUrl" href="${esc(p.website)}" rel="nofollow">${esc(p.website.replace(/^https?:\/\//, ''))}</a>` : ''}
<div><a href="/${esc(p.handle)}/following"><span class="following-count">${ctx.index.world.following[p.id]?.length ?? 0}</span> Following</a>
<a href="/${esc(p.handle)}/followers"><span class="followers-count">${ctx.index.world.followers[p.id]?.length ?? 0}</span> Followers</a></div>
${p.id === ctx.me.id ? '' : `<button data-testid="${ctx.index.world.following[ctx.me.id]?.includes(p.id) ? `${p.id}-unfollow">Following` : `${p.id}-follow">Follow`}</button>`}</section>
${posts.map((post) => tweet(ctx.index, post)).join('')}`,
      ctx.me,
    ),
  );
}

function follows(ctx: RequestContext, p: SandboxPerson, kind: 'followers' | 'following'): Reply {
  const ids = ctx.index.world[kind][p.id] ?? [];
  const page = paginate(ids, ctx.url.searchParams.get('page'), X.pageSizes.follows);
  return html(
    shell(
      `People ${kind === 'followers' ? 'following' : 'followed by'} ${p.name}`,
      `<h1>${kind === 'followers' ? 'Followers' : 'Following'}</h1><div aria-label="Timeline: ${kind === 'followers' ? 'Followers' : 'Following'}" data-total="${ids.length}">${page.items
        .map((id) => userCell(ctx.index.person(id)!))
        .join('')}</div>${pager(ctx.url, page)}`,
      ctx.me,
    ),
  );
}

/** Likes are private on X since June 2024: likers are listed only on the viewer's own posts. */
function status(ctx: RequestContext, author: SandboxPerson, id: string): Reply | undefined {
  const post = ctx.index.post(id);
  if (!post || post.authorId !== author.id) return undefined;
  const likers =
    author.id === ctx.me.id
      ? `<section aria-label="Timeline: Liked by" data-testid="likers" data-total="${post.likerIds.length}"><h2>Liked by</h2>${post.likerIds
          .map((l) => userCell(ctx.index.person(l)!))
          .join('')}</section>`
      : '<section data-testid="likers-private"><p class="muted">Only the author can see who liked this post.</p></section>';
  const replies = post.comments
    .map((c) => {
      const a = ctx.index.person(c.authorId)!;
      return `<article data-testid="tweet" data-tweet-id="${esc(c.id)}" class="reply"><div data-testid="User-Name"><a href="/${esc(a.handle)}">${esc(a.name)}</a> <span class="muted">@${esc(a.handle)}</span></div>
<time datetime="${esc(c.createdAt)}"></time><div data-testid="tweetText">${esc(c.text)}</div></article>`;
    })
    .join('');
  return html(
    shell(
      `${author.name} on X`,
      `${tweet(ctx.index, post)}${likers}<section aria-label="Timeline: Conversation" data-total="${post.comments.length}">${replies}</section>`,
      ctx.me,
    ),
  );
}

function verifyCredentials(ctx: RequestContext): Reply {
  const p = ctx.me;
  return json({
    id_str: p.id,
    name: p.name,
    screen_name: p.handle,
    location: p.location,
    description: p.bio,
    protected: false,
    verified: false,
    followers_count: ctx.index.world.followers[p.id]?.length ?? 0,
    friends_count: ctx.index.world.following[p.id]?.length ?? 0,
    statuses_count: ctx.index.world.posts.filter((post) => post.authorId === p.id).length,
    created_at: twitterDate(p.createdAt),
    profile_image_url_https: `${ctx.baseUrl}${p.imageUrl}`,
  });
}

export function xSpec(_index: WorldIndex): PlatformSpec {
  const { paths } = X;
  return {
    platform: 'x',
    label: 'X',
    sessionCookie: X.sessionCookie,
    csrfCookie: X.csrfCookie,
    csrfCookieHttpOnly: false,
    csrfHeader: X.csrfHeader,
    csrfHeaderValue: (cookie) => cookie,
    loginPaths: [paths.login, '/login'],
    logoutPaths: [paths.logout],
    loginFields: { username: 'username', password: 'password' },
    homePath: paths.home,
    challengePath: paths.challenge,
    isApi: (path) => path.startsWith(X.apiPrefix),
    apiFailure: (kind): Reply => {
      switch (kind) {
        case 'unauthenticated':
          return json({ errors: [{ code: 32, message: 'Could not authenticate you.' }] }, 401);
        case 'csrf':
          return json(
            { errors: [{ code: 353, message: 'This request requires a matching csrf cookie and header.' }] },
            403,
          );
        case 'challenge':
          return json(
            {
              errors: [
                {
                  code: 326,
                  message:
                    'To protect our users from spam and other malicious activity, this account is temporarily locked.',
                  bounce_location: paths.challenge,
                },
              ],
            },
            403,
          );
        case 'not_found':
          return json({ errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] }, 404);
        case 'expired':
          return json({ errors: [{ code: 32, message: 'Could not authenticate you.' }] }, 401);
        case 'rate_limited':
          return json({ errors: [{ code: 88, message: 'Rate limit exceeded.' }] }, 429);
      }
    },
    apiHeaders: rateHeaders,
    profilePath: (p) => `/${p.handle}`,
    loginPage: (error, redirectTo) =>
      shell(
        'Log in',
        `<section><h1>Sign in to X</h1>${loginForm(paths.login, { username: 'username', password: 'password' }, { username: 'Phone, email, or username', submit: 'Log in' }, error, redirectTo)}</section>`,
      ),
    challengePage: () =>
      shell(
        'Account access',
        `<section id="challenge"><h1>Your account has been locked.</h1><p>We've temporarily limited some of your account features. Verify your identity to continue.</p><button type="button" disabled>Start</button></section>`,
      ),
    notFoundPage: () => shell('Page not found', "<section><h1>Hmm...this page doesn't exist.</h1></section>"),
    rateLimitedPage: () =>
      shell(
        'Rate limit exceeded',
        '<section id="rate-limited"><h1>Something went wrong.</h1><p>Rate limit exceeded. Try again in a few minutes.</p></section>',
      ),
    route: (ctx) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined;
      const path = ctx.url.pathname;
      if (path === '/') return redirect(paths.home);
      if (path === paths.home) return home(ctx);
      if (path === paths.verifyCredentials) return verifyCredentials(ctx);
      if (path.startsWith(paths.graphql)) return graphql(ctx);
      const [handle, section, id, extra] = path.split('/').filter(Boolean).map(safeDecode);
      if (!handle || X.reserved.has(handle)) return undefined;
      const person = ctx.index.byHandle(handle);
      if (!person) return undefined;
      if (!section) return profile(ctx, person);
      if ((section === 'followers' || section === 'following') && !id) return follows(ctx, person, section);
      if (section === 'status' && id && (!extra || extra === 'likes')) return status(ctx, person, id);
      return undefined;
    },
  };
}
