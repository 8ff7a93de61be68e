import { esc, html, pager, paginate, type Reply, type RequestContext } from './kit';
import { profileHref } from './linkedin-api';
import { postAge } from './linkedin-flow-api';
import { shell } from './linkedin-shell';
import type { LinkedInState } from './linkedin-state';

/**
 * The sandbox LinkedIn's pages of what flows wrote: the Sent invitations tab (each card with its
 * sent time) and the account's message threads.
 */

/** The account's pending invitations (LinkedIn's Sent tab), newest first: withdrawn ones are gone. */
export function sentInvitationsPage(ctx: RequestContext, state: LinkedInState): Reply {
  const all = state.pendingInvitations(ctx.me.id);
  const page = paginate(all, ctx.url.searchParams.get('page'), 10);
  const now = state.now();
  const rows = page.items
    .map((i) => {
      const p = ctx.index.person(i.personId)!;
      return `<li class="invitation-card" data-urn="urn:li:fsd_profile:${esc(p.id)}" data-invitation-id="${esc(i.id)}" data-invitation-state="PENDING">
<a class="invitation-card__link" href="${profileHref(p)}"><span class="invitation-card__title">${esc(p.name)}</span></a>
<span class="invitation-card__subtitle">${esc(p.headline)}</span>
<time class="time-badge" datetime="${esc(new Date(i.sentAt).toISOString())}">Sent ${esc(postAge(i.sentAt, now))} ago</time>
${i.note ? `<p class="invitation-card__custom-message">${esc(i.note)}</p>` : ''}</li>`;
    })
    .join('');
  return html(
    shell(
      'Sent invitations',
      `<section class="mn-invitation-manager" data-total="${all.length}"><h1>Sent (${all.length})</h1><ul class="mn-invitation-list">${rows || '<li class="muted">No pending invitations.</li>'}</ul>${pager(ctx.url, page)}</section>`,
      ctx.me,
    ),
  );
}

/** The account's message threads, each with its messages oldest first. */
export function messagingPage(ctx: RequestContext, state: LinkedInState): Reply {
  const threads = state.threads(ctx.me.id);
  const body = threads
    .map((t) => {
      const p = ctx.index.person(t.personId)!;
      return `<section class="msg-thread" data-participant-id="${esc(p.id)}"><h2 class="msg-thread__title"><a href="${profileHref(p)}">${esc(p.name)}</a></h2><ul class="msg-s-message-list">${t.messages
        .map(
          (m) =>
            `<li class="msg-s-message-list__event" data-sender-id="${esc(m.fromId)}"><time datetime="${esc(new Date(m.at).toISOString())}"></time><p class="msg-s-event-listitem__body">${esc(m.text)}</p></li>`,
        )
        .join('')}</ul></section>`;
    })
    .join('');
  return html(
    shell('Messaging', `<h1>Messaging</h1>${body || '<p class="muted">No messages yet.</p>'}`, ctx.me),
  );
}
