import { document, esc } from './kit';
import { LINKEDIN } from './linkedin-config';
import type { SandboxPerson } from './world-types';

/** The sandbox LinkedIn's page frame, shared by linkedin.ts and linkedin-flow-pages.ts. */

const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f2ee;color:#191919}
header.global-nav{background:#fff;border-bottom:1px solid #ddd;padding:8px 24px;display:flex;gap:16px;align-items:center}
header .logo{color:#0a66c2;font-weight:700;font-size:22px}main{max-width:860px;margin:16px auto;padding:0 16px}
section,.card{background:#fff;border:1px solid #ddd;border-radius:8px;padding:16px;margin-bottom:12px}
ul{list-style:none;padding:0}li{padding:8px 0;border-bottom:1px solid #eee}.avatar{display:inline-block;width:40px;height:40px;border-radius:50%;background:#0a66c2;color:#fff;text-align:center;line-height:40px;margin-right:8px}
a{color:#0a66c2;text-decoration:none}.muted{color:#666}`;

/** A page of the site: its title, the signed-in account's navigation (or the signed-out header), the body. */
export function shell(title: string, body: string, me?: SandboxPerson): string {
  const nav = me
    ? `<header class="global-nav"><span class="logo">in</span>
<a class="global-nav__primary-link" href="${LINKEDIN.paths.feed}">Home</a>
<a class="global-nav__primary-link" href="${LINKEDIN.paths.connections}">My Network</a>
<form action="${LINKEDIN.paths.peopleSearch}" class="search-global-typeahead"><input name="keywords" placeholder="Search" aria-label="Search"></form>
<a class="global-nav__me" href="${LINKEDIN.paths.profile}${esc(me.handle)}/" data-member-id="${esc(me.id)}">Me</a>
<a href="${LINKEDIN.paths.logout}">Sign out</a></header>`
    : `<header class="global-nav"><span class="logo">Linked<b>in</b></span></header>`;
  return document(`${title} | LinkedIn`, CSS, `${nav}<main>${body}</main>`);
}
