import type { SandboxAccount } from './accounts';
import type { SimulatedClock } from './clock';
import {
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
import {
  companiesApi,
  connectionsApi,
  degreeLabel,
  graphql,
  me,
  postIdOf,
  postSharePath,
  profileApi,
  profileHref,
  searchPeople,
} from './linkedin-api';
import { LINKEDIN } from './linkedin-config';
import {
  createComment,
  createMessage,
  createReaction,
  messagingGraphql,
  profileUpdates,
} from './linkedin-flow-api';
import { messagingPage, sentInvitationsPage } from './linkedin-flow-pages';
import { createInvitation, sentInvitations, withdrawInvitation } from './linkedin-invitation-api';
import { shell } from './linkedin-shell';
import { LinkedInState } from './linkedin-state';
import type { WorldIndex } from './world-index';
import type { SandboxPerson, SandboxPost } from './world-types';

export { keywordMatcher, postIdOf, searchPeople } from './linkedin-api';
export { LINKEDIN } from './linkedin-config';

/** What the LinkedIn site is built with besides its world: the clock, its accounts, the state file. */
export interface LinkedInSiteServices {
  clock: SimulatedClock;
  accounts: readonly SandboxAccount[];
  /** state-linkedin.json under the state dir; absent: the state lives in memory only. */
  stateFile?: string;
}

/** A hidden person's row links to a headless search, not to their profile. */
function listLink(p: SandboxPerson): { href: string; name: string } {
  return p.hidden
    ? {
        href: `${LINKEDIN.paths.headlessSearch}?origin=OTHER&keywords=${encodeURIComponent(LINKEDIN.hiddenName)}`,
        name: LINKEDIN.hiddenName,
      }
    : { href: profileHref(p), name: p.name };
}

function entityResult(index: WorldIndex, p: SandboxPerson): string {
  const link = listLink(p);
  return `<li class="reusable-search__result-container" data-view-name="search-entity-result-universal-template" data-urn="urn:li:fsd_profile:${esc(p.id)}"${p.hidden ? ' data-hidden="true"' : ''}>
<span class="avatar">${esc(p.hidden ? '' : initials(p.name))}</span>
<span class="entity-result__title-text"><a class="app-aware-link" href="${esc(link.href)}">${esc(link.name)}</a></span>
<span class="entity-result__badge-text">• ${degreeLabel(index.distance(p.id))}</span>
<div class="entity-result__primary-subtitle">${esc(p.headline)}</div>
<div class="entity-result__secondary-subtitle">${esc(p.location)}</div></li>`;
}

function reactorRow(index: WorldIndex, p: SandboxPerson, type: string): string {
  const link = listLink(p);
  return `<li class="social-details-reactors-tab-body-list-item" data-urn="urn:li:fsd_profile:${esc(p.id)}" data-reaction-type="${esc(type)}"${p.hidden ? ' data-hidden="true"' : ''}>
<a href="${esc(link.href)}" class="reactor-link"><span class="artdeco-entity-lockup__title">${esc(link.name)}</span></a>
<span class="artdeco-entity-lockup__badge">${degreeLabel(index.distance(p.id))}</span>
<div class="artdeco-entity-lockup__caption">${esc(p.headline)}</div></li>`;
}

function postCard(index: WorldIndex, post: SandboxPost, viewerId?: string): string {
  const author = index.person(post.authorId)!;
  const liked = viewerId !== undefined && post.likerIds.includes(viewerId);
  return `<div class="feed-shared-update-v2 card" data-urn="urn:li:activity:${esc(post.id)}" data-share-url="${esc(postSharePath(post, author))}"${liked ? ' data-liked-by-viewer="true"' : ''}>
<a class="update-components-actor__name" href="${profileHref(author)}">${esc(author.name)}</a>
<div class="update-components-actor__description muted">${esc(author.headline)}</div>
<time datetime="${esc(post.createdAt)}" class="muted">${esc(post.createdAt.slice(0, 10))}</time>
<div class="update-components-text">${esc(post.text)}</div>
<a class="social-details-social-counts__reactions-count" href="${LINKEDIN.paths.post}${esc(post.id)}/">${post.likerIds.length} reactions</a>
· <span class="social-details-social-counts__comments">${post.comments.length} comments</span>
<button class="react-button__trigger" aria-pressed="${liked}">${liked ? 'Liked' : 'Like'}</button></div>`;
}

function feed(ctx: RequestContext): Reply {
  const { index, url } = ctx;
  const page = paginate(index.world.posts, url.searchParams.get('page'), 10);
  return html(
    shell(
      'Feed',
      `<h1 class="visually-hidden">Feed</h1>${page.items.map((p) => postCard(index, index.post(p.id) ?? p, ctx.me.id)).join('')}${pager(url, page)}`,
      ctx.me,
    ),
  );
}

function postPage(ctx: RequestContext, id: string): Reply | undefined {
  const post = ctx.index.post(id);
  if (!post) return undefined;
  const comments = post.comments
    .map((c) => {
      const author = ctx.index.person(c.authorId)!;
      return `<article class="comments-comment-entity" data-id="urn:li:comment:(activity:${esc(post.id)},${esc(c.id)})" data-commenter-id="${esc(author.id)}">
<a class="comments-comment-meta__description-title" href="${profileHref(author)}">${esc(author.name)}</a>
<div class="comments-comment-meta__description-subtitle muted">${esc(author.headline)}</div>
<time datetime="${esc(c.createdAt)}"></time><span class="comments-comment-item__main-content">${esc(c.text)}</span></article>`;
    })
    .join('');
  return html(
    shell(
      'Post',
      `${postCard(ctx.index, post, ctx.me.id)}
<section class="social-details-reactors-modal__content" data-total="${post.likerIds.length}"><h2>Reactions</h2><ul>${post.likerIds
        .map((id, i) => reactorRow(ctx.index, ctx.index.person(id)!, post.reactionTypes[i] ?? 'LIKE'))
        .join('')}</ul></section>
<section class="comments-comments-list" data-total="${post.comments.length}"><h2>Comments</h2>${comments}</section>`,
      ctx.me,
    ),
  );
}

function profilePage(ctx: RequestContext, state: LinkedInState, handle: string): Reply | undefined {
  const p = ctx.index.byHandle(handle);
  if (!p) return undefined;
  const company = ctx.index.company(p.companyId);
  const connections = state.connectionsOf(p.id).length;
  const distance = ctx.index.distance(p.id);
  const pending = distance > 1 ? state.pendingInvitation(ctx.me.id, p.id) : undefined;
  const posts = [
    ...state.recentPosts(p.id),
    ...ctx.index.world.posts
      .filter((post) => post.authorId === p.id)
      .map((post) => ctx.index.post(post.id) ?? post),
  ];
  return html(
    shell(
      p.name,
      `<section class="pv-top-card" data-view-name="profile-card" data-member-id="${esc(p.id)}" data-public-identifier="${esc(p.handle)}">
<img class="pv-top-card-profile-picture__image" src="${esc(p.imageUrl)}" alt="${esc(p.name)}" width="80" height="80">
<h1 class="text-heading-xlarge">${esc(p.name)}</h1>
<span class="dist-value">${degreeLabel(distance)}</span>
<div class="text-body-medium">${esc(p.headline)}</div>
<span class="text-body-small pv-top-card--location">${esc(p.location)}</span>
${p.website ? `<a class="pv-contact-info__contact-link website" href="${esc(p.website)}" rel="nofollow">${esc(p.website)}</a>` : ''}
<div class="pv-top-card--connections"><span class="t-bold">${connections > 500 ? '500+' : connections}</span> connections · <span class="followers-count">${ctx.index.world.followers[p.id]?.length ?? 0}</span> followers</div>
${distance === 1 ? '<button class="message-anywhere-button">Message</button>' : distance === 0 ? '' : pending ? `<button class="pvs-profile-actions__action" aria-label="Pending, click to withdraw invitation" data-invitation-state="PENDING" data-invitation-id="${esc(pending.id)}">Pending</button>` : '<button class="pvs-profile-actions__action" aria-label="Invite to connect">Connect</button>'}
</section>
<section data-view-name="profile-card" id="about"><h2>About</h2><div class="inline-show-more-text">${esc(p.bio)}</div></section>
<section data-view-name="profile-card" id="experience"><h2>Experience</h2><ul><li class="experience-item">
<span class="t-bold position-title">${esc(p.title)}</span><span class="company-name">${company ? `<a href="${LINKEDIN.paths.company}${esc(company.slug)}/">${esc(company.name)}</a>` : esc(p.company)}</span>
<span class="muted industry">${esc(p.industry)}</span></li>${p.positions
        .slice(1)
        .map(
          (pos) =>
            `<li class="experience-item"><span class="t-bold position-title">${esc(pos.title)}</span><span class="company-name">${esc(pos.company)}</span> <span class="muted date-range">${esc(pos.start)} – ${esc(pos.end ?? 'Present')}</span></li>`,
        )
        .join('')}</ul></section>
<section data-view-name="profile-card" id="education"><h2>Education</h2><ul>${
        p.educations
          .map(
            (e) =>
              `<li class="education-item"><span class="t-bold school-name">${esc(e.school)}</span> <span class="degree-name">${esc(e.degree)}, ${esc(e.fieldOfStudy)}</span> <span class="muted">${e.startYear} – ${e.endYear}</span></li>`,
          )
          .join('') || '<li class="muted">Nothing to see for now.</li>'
      }</ul></section>
<section data-view-name="profile-card" id="skills"><h2>Skills</h2><ul>${
        p.skills.map((skill) => `<li class="skill-item">${esc(skill)}</li>`).join('') ||
        '<li class="muted">Nothing to see for now.</li>'
      }</ul></section>
<section data-view-name="profile-card" id="activity"><h2>Activity</h2>${posts.map((post) => postCard(ctx.index, post, ctx.me.id)).join('') || '<p class="muted">No posts yet.</p>'}</section>`,
      ctx.me,
    ),
  );
}

function companyPage(ctx: RequestContext, slug: string): Reply | undefined {
  const c = ctx.index.companyBySlug(slug);
  if (!c) return undefined;
  const staff = ctx.index.world.people.filter((p) => p.companyId === c.id);
  return html(
    shell(
      c.name,
      `<section class="org-top-card" data-company-id="${esc(c.id)}"><h1 class="org-top-card-summary__title">${esc(c.name)}</h1>
<div class="org-top-card-summary-info-list__info-item industry">${esc(c.industry)}</div>
<div class="org-top-card-summary-info-list__info-item location">${esc(c.location)}</div>
<div class="employees">${c.employees} employees</div>
<div class="org-top-card-summary-info-list__info-item followers">${c.followers.length} followers</div>
${c.adminIds.includes(ctx.me.id) ? '<span class="org-admin-badge" data-viewer-is-admin="true">You are an admin of this page</span>' : ''}</section>
<section><h2>People</h2><ul>${staff.map((p) => entityResult(ctx.index, p)).join('')}</ul></section>`,
      ctx.me,
    ),
  );
}

function connectionsPage(ctx: RequestContext, state: LinkedInState): Reply {
  const all = state.connectionsOf(ctx.me.id);
  const page = paginate(all, ctx.url.searchParams.get('page'), LINKEDIN.pageSizes.connections);
  const rows = page.items
    .map((c) => {
      const p = ctx.index.person(c.personId)!;
      return `<li class="mn-connection-card" data-urn="urn:li:fsd_profile:${esc(p.id)}">
<a class="mn-connection-card__link" href="${profileHref(p)}"><span class="mn-connection-card__name">${esc(p.name)}</span></a>
<span class="mn-connection-card__occupation">${esc(p.headline)}</span>
<time class="time-badge" datetime="${esc(c.connectedAt)}">Connected on ${esc(c.connectedAt.slice(0, 10))}</time></li>`;
    })
    .join('');
  return html(
    shell(
      'Connections',
      `<section><h1 class="mn-connections__header">${all.length} Connections</h1><ul class="mn-connections__list">${rows}</ul>${pager(ctx.url, page)}</section>`,
      ctx.me,
    ),
  );
}

function followersPage(ctx: RequestContext): Reply {
  const all = ctx.index.world.followers[ctx.me.id] ?? [];
  const page = paginate(all, ctx.url.searchParams.get('page'), LINKEDIN.pageSizes.followers);
  return html(
    shell(
      'Followers',
      `<section><h1>${all.length} followers</h1><ul class="followers-list">${page.items
        .map((id) => entityResult(ctx.index, ctx.index.person(id)!))
        .join('')}</ul>${pager(ctx.url, page)}</section>`,
      ctx.me,
    ),
  );
}

function searchPage(ctx: RequestContext): Reply {
  const keywords = ctx.url.searchParams.get('keywords') ?? '';
  const found = searchPeople(ctx.index, keywords).slice(
    0,
    LINKEDIN.pageSizes.search * LINKEDIN.pageSizes.searchMaxPages,
  );
  const page = paginate(found, ctx.url.searchParams.get('page'), LINKEDIN.pageSizes.search);
  return html(
    shell(
      `${keywords} - Search`,
      `<section class="search-results-container"><h2 class="pb2 t-black--light">About ${found.length} results</h2>
<ul class="reusable-search__entity-result-list">${page.items.map((p) => entityResult(ctx.index, p)).join('')}</ul>
${page.items.length === 0 ? '<div class="search-reusable-search-no-results">No results found</div>' : ''}${pager(ctx.url, page)}</section>`,
      ctx.me,
    ),
  );
}

/**
 * The LinkedIn site: its pages and JSON over the world, and what its accounts did (likes, comments,
 * invitations, messages) in its state, read on the site's clock.
 */
export function linkedInSpec(index: WorldIndex, services: LinkedInSiteServices): PlatformSpec {
  const { paths } = LINKEDIN;
  const { accounts } = services;
  const state = new LinkedInState(index, services.clock, accounts, services.stateFile);
  const accountOf = (me: SandboxPerson): SandboxAccount =>
    accounts.find((a) => a.person.id === me.id) ?? { name: 'member', person: me, premium: false, logins: [] };
  return {
    platform: 'linkedin',
    label: 'LinkedIn',
    sessionCookie: LINKEDIN.sessionCookie,
    csrfCookie: LINKEDIN.csrfCookie,
    csrfCookieHttpOnly: false,
    csrfHeader: LINKEDIN.csrfHeader,
    csrfHeaderValue: (cookie) => cookie.replace(/^"|"$/g, ''),
    loginPaths: [paths.login, '/uas/login'],
    logoutPaths: [paths.logout, '/logout'],
    loginFields: { username: 'session_key', password: 'session_password' },
    homePath: paths.feed,
    challengePath: paths.challenge,
    isApi: (path) => path.startsWith(LINKEDIN.apiPrefix),
    apiFailure: (kind) => {
      switch (kind) {
        case 'unauthenticated':
          return json({ status: 401, message: 'Unauthorized' }, 401);
        case 'csrf':
          return json({ status: 403, message: 'CSRF check failed.' }, 403);
        case 'challenge':
          // A fetch follows this and ends as HTML: drivers check the final URL and the content type.
          return redirect(paths.challenge);
        case 'not_found':
          return json({ status: 404, message: 'Not Found' }, 404);
        case 'expired':
          return json({ status: 401, message: 'Unauthorized' }, 401);
        case 'rate_limited':
          return json({ status: 429, message: 'Too Many Requests' }, 429);
      }
    },
    profilePath: profileHref,
    loginPage: (error, redirectTo) =>
      shell(
        'Sign In',
        `<section><h1>Sign in</h1><p class="muted">Stay updated on your professional world.</p>${loginForm(
          paths.login,
          { username: 'session_key', password: 'session_password' },
          { username: 'Email or phone', submit: 'Sign in' },
          error,
          redirectTo,
        )}</section>`,
      ),
    challengePage: () =>
      shell(
        'Security Verification',
        `<section id="challenge" class="challenge"><h1>Let's do a quick security check</h1><p>We want to make sure it's really you.</p><form><button type="button" disabled>Verify</button></form></section>`,
      ),
    notFoundPage: () => shell('Page not found', '<section><h1>This page doesn’t exist</h1></section>'),
    rateLimitedPage: () =>
      shell(
        'Too many requests',
        '<section id="rate-limited"><h1>Too many requests</h1><p>You’ve made too many requests. Please try again later.</p></section>',
      ),
    route: (request) => {
      // Every request sees the world from its account, on the clock as it is now.
      const ctx: RequestContext = { ...request, index: state.view(request.me) };
      const path = ctx.url.pathname;
      if (ctx.method === 'GET' || ctx.method === 'HEAD') {
        if (path === '/') return redirect(paths.feed);
        if (path === paths.feed || path === '/feed') return feed(ctx);
        if (path.startsWith('/feed/update/') || path.startsWith(paths.postShare)) {
          const id = postIdOf(path);
          return id ? postPage(ctx, id) : undefined;
        }
        if (path.startsWith(paths.profile))
          return profilePage(ctx, state, safeDecode(path.slice(paths.profile.length).replace(/\/$/, '')));
        if (path.startsWith(paths.company))
          return companyPage(ctx, path.slice(paths.company.length).replace(/\/$/, ''));
        if (path === paths.connections || path === paths.connections.slice(0, -1))
          return connectionsPage(ctx, state);
        if (path === paths.followers || path === paths.followers.slice(0, -1)) return followersPage(ctx);
        if (path === paths.peopleSearch || path === paths.peopleSearch.slice(0, -1)) return searchPage(ctx);
        if (path === paths.sentInvitations || path === paths.sentInvitations.slice(0, -1))
          return sentInvitationsPage(ctx, state);
        if (path === paths.messaging || path === paths.messaging.slice(0, -1))
          return messagingPage(ctx, state);
        if (path === paths.me) return me(ctx, accountOf(ctx.me).premium);
        if (path === paths.connectionsApi) return connectionsApi(ctx, state.connectionsOf(ctx.me.id));
        if (path === paths.graphql) return graphql(ctx, { profileUpdates: profileUpdates(state) });
        if (path === paths.profilesApi)
          return profileApi(ctx, (personId) => state.pendingInvitation(ctx.me.id, personId));
        if (path === paths.companiesApi) return companiesApi(ctx);
        if (path === paths.sentInvitationsApi) return sentInvitations(ctx, state);
        if (path === paths.messagingGraphql) return messagingGraphql(ctx, state);
      }
      if (ctx.method === 'POST') {
        if (path === paths.reactionsCreateApi) return createReaction(ctx, state);
        if (path === paths.commentsCreateApi) return createComment(ctx, state);
        if (path === paths.invitationsCreateApi) return createInvitation(ctx, state, accountOf(ctx.me));
        if (path.startsWith(`${paths.invitationsApi}/`)) return withdrawInvitation(ctx, state);
        if (path === paths.messagesCreateApi) return createMessage(ctx, state);
      }
      return undefined;
    },
  };
}
