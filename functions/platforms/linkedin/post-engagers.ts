import type { PlatformPage } from '../browser';
import type { ListPage, ListReader, ListRow, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { flagOf, listOf } from '../filters';
import { graphqlPath, LINKEDIN_API, restliValue } from './endpoints';
import { findImage } from './search-results';
import {
  byUrn,
  handleOf,
  LinkedInServerError,
  type Normalized,
  profileIdIn,
  readFailure,
  textOf,
  voyagerGet,
  wallReason,
} from './voyager';

/**
 * The post leads scraper's list: the people who commented on a post (voyagerSocialDashComments), then
 * the people who reacted to it (voyagerSocialDashReactions), both 10 a page with a total.
 *
 * - Each person once per job: commenters come first, and their ids travel in the cursor so a
 *   commenter who also reacted, or commented again on a later page, is not listed again (past
 *   SEEN_CAP commenters the store's dedupe by id is what is left). Within one page no id appears twice.
 * - How each person engaged is the row's `engagement` (DECISIONS 26): 'commented' with the comment's
 *   text and time, or 'reacted'; never the description. Rows also carry `context.reactionType` and
 *   `context.postAuthor`; the driver's keep() applies reactionTypes and includePostAuthor, so what they
 *   leave out is counted as filtered.
 * - The post's author: from a share link's handle (/posts/<handle>_...), else from the post's own page
 *   (its actor link; one light page read at the start, only when reactors are read and the author is
 *   to be left out), and from the comments' own `commenter.author` flag.
 */

export type PostUrnKind = 'activity' | 'share' | 'ugcPost';

export interface PostRef {
  kind: PostUrnKind;
  id: string;
  /** The author's public identifier, when the link is a share link. */
  authorHandle?: string;
}

/**
 * The post of any link the template accepts: /feed/update/urn:li:(activity|share|ugcPost):<id>/ (the
 * URN may be percent-encoded) or a share link /posts/<handle>_<words>-(activity|ugcPost|share)-<id>-xxxx.
 */
export function postRefOf(url: string | undefined): PostRef | undefined {
  if (!url) return undefined;
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // keep the raw text
  }
  const urn = /urn:li:(activity|share|ugcPost):(\d+)/.exec(text);
  if (urn) return { kind: urn[1] as PostUrnKind, id: urn[2]! };
  const share = /\/posts\/([^/?#]+)/.exec(text)?.[1];
  if (!share) return undefined;
  const id = /-(activity|ugcPost|share)-(\d+)(?:-|$)/.exec(share);
  if (!id) return undefined;
  const underscore = share.indexOf('_');
  return {
    kind: id[1] as PostUrnKind,
    id: id[2]!,
    ...(underscore > 0 ? { authorHandle: share.slice(0, underscore) } : {}),
  };
}

export function postUrn(post: PostRef): string {
  return `urn:li:${post.kind}:${post.id}`;
}

export function reactionsPath(post: PostRef, start: number, count: number): string {
  return graphqlPath(
    LINKEDIN_API.queryIds.reactions,
    `(count:${count},start:${start},threadUrn:${restliValue(postUrn(post))})`,
  );
}

export function commentsPath(post: PostRef, start: number, count: number): string {
  const urn = postUrn(post);
  const socialDetail = `urn:li:fsd_socialDetail:(${urn},${urn},urn:li:highlightedReply:-)`;
  return graphqlPath(
    LINKEDIN_API.queryIds.comments,
    `(count:${count},numReplies:${LINKEDIN_API.commentReplies},socialDetailUrn:${restliValue(socialDetail)},sortOrder:CHRONOLOGICAL,start:${start})`,
  );
}

/** At most this many commenter ids travel in the cursor (about 40 KB). */
export const SEEN_CAP = 1000;

/** Where the walk is: phase c(omments) or r(eactions), the offset, what is known of the author. */
export interface PostCursor {
  p: 'c' | 'r';
  s: number;
  /** The author's handle; null: looked for and not found. */
  a?: string | null;
  /** The author's profile id, once a comment flagged it. */
  i?: string;
  /** Ids of the commenters listed so far (at most SEEN_CAP): not listed again. */
  seen?: string[];
  /** Distinct commenters listed (for the total). */
  n?: number;
}

function settings(config: TrobConfig) {
  const chosen = listOf(config, 'postSettings', 'extractionTypes');
  const types = chosen.length ? chosen : ['likers', 'commenters'];
  return {
    url: (config.postSettings as { linkedinPostUrl?: string } | undefined)?.linkedinPostUrl,
    likers: types.includes('likers'),
    commenters: types.includes('commenters'),
    includeAuthor: flagOf(config, 'filteringSettings', 'includePostAuthor'),
  };
}

function cursorOf(cursor: string | undefined, commenters: boolean): PostCursor {
  if (cursor) {
    try {
      const parsed = JSON.parse(cursor) as PostCursor;
      if ((parsed.p === 'c' || parsed.p === 'r') && typeof parsed.s === 'number') return parsed;
    } catch {
      // an unreadable cursor starts the walk again; the store keeps each person once
    }
  }
  return { p: commenters ? 'c' : 'r', s: 0 };
}

const DEGREE = /(1st|2nd|3rd)/;
function degreeOf(label: string | undefined): string | undefined {
  const match = DEGREE.exec(label ?? '')?.[1];
  return match === '3rd' ? '3rd+' : match;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A comment's `createdAt` (epoch milliseconds) as ISO 8601. */
function timeOf(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

/** The author's handle on the post's own page (the update card's actor link), if the page shows it. */
async function authorOnPostPage(page: PlatformPage, post: PostRef): Promise<string | null> {
  const res = await page.request(`${LINKEDIN_API.postPage}${postUrn(post)}/`, {
    headers: { accept: 'text/html' },
  });
  if (res.status === 200 && !wallReason(res.url)) {
    const handle = LINKEDIN_API.postActorLink.exec(res.text ?? '')?.[1];
    return handle ? decodeURIComponent(handle) : null;
  }
  const stop = readFailure(res);
  if (stop) {
    if (stop.reason === 'not-found') throw new PlatformStop('not-found', 'LinkedIn has no such post');
    throw stop;
  }
  if (res.status >= 500) throw new LinkedInServerError(res.status);
  return null;
}

function collectionOf(body: Normalized, root: string) {
  const inner = (body.data?.data as Record<string, unknown> | undefined)?.[root] as
    | { paging?: { total?: number; count?: number }; '*elements'?: unknown[] }
    | undefined;
  if (!inner) throw new PlatformStop('changed', `LinkedIn answered without ${root}`);
  return {
    refs: (inner['*elements'] ?? []).map(String),
    total: typeof inner.paging?.total === 'number' ? inner.paging.total : undefined,
  };
}

function isAuthor(row: ListRow, cursor: PostCursor): boolean {
  if (cursor.i && row.id === cursor.i) return true;
  return !!cursor.a && handleOf(row.profileUrl)?.toLowerCase() === cursor.a.toLowerCase();
}

/** One page of comments (replies the answer brings along included) as rows, each person once. */
export function readComments(body: Normalized, cursor: PostCursor): { rows: ListRow[]; refs: string[] } {
  const { refs } = collectionOf(body, LINKEDIN_API.graphqlRoots.comments);
  const included = byUrn(body);
  // Top-level comments in the list's order, then any reply the answer carries.
  const comments = [
    ...refs.map((ref) => included.get(ref)).filter((c): c is Record<string, unknown> => !!c),
    ...(body.included ?? []).filter(
      (item) => String(item.$type ?? '').endsWith('.Comment') && !refs.includes(String(item.entityUrn)),
    ),
  ];
  const rows: ListRow[] = [];
  const ids = new Set<string>();
  for (const comment of comments) {
    const commenter = (comment.commenter ?? {}) as Record<string, unknown>;
    const actor = (commenter.actor ?? {}) as Record<string, unknown>;
    const id = profileIdIn(actor['*profileUrn'] ?? actor.profileUrn ?? actor['*profile']);
    // A company commenting as its page is not a person.
    if (!id || ids.has(id)) continue;
    ids.add(id);
    const profile = included.get(`urn:li:fsd_profile:${id}`);
    const profileName = profile
      ? [str(profile.firstName), str(profile.lastName)].filter(Boolean).join(' ')
      : undefined;
    const name = textOf(commenter.title) ?? (profileName || undefined);
    const handle = str(profile?.publicIdentifier);
    const url = str(commenter.navigationUrl) ?? (handle ? `/in/${encodeURIComponent(handle)}/` : undefined);
    const hidden = !name || name === LINKEDIN_API.hiddenName || !url || !url.includes('/in/');
    const text = textOf(comment.commentary);
    const at = timeOf(comment.createdAt);
    const row: ListRow = {
      id,
      name: name ?? LINKEDIN_API.hiddenName,
      hidden,
      headline: textOf(commenter.subtitle) ?? str(commenter.subtitle) ?? str(profile?.headline),
      ...(hidden ? {} : { profileUrl: url!.split('?')[0] }),
      profileImage: findImage(commenter.image) ?? findImage(profile?.profilePicture),
      engagement: { type: 'commented', ...(text ? { text } : {}), ...(at ? { at } : {}) },
      context: {},
    };
    if (commenter.author === true) cursor.i = id;
    row.context!.postAuthor = commenter.author === true || isAuthor(row, cursor);
    rows.push(row);
  }
  return { rows, refs };
}

/** One page of reactions as rows: persons only (a company may react), each once. */
export function readReactions(body: Normalized, cursor: PostCursor): { rows: ListRow[]; refs: string[] } {
  const { refs } = collectionOf(body, LINKEDIN_API.graphqlRoots.reactions);
  const included = byUrn(body);
  const seen = new Set(cursor.seen ?? []);
  const rows: ListRow[] = [];
  const ids = new Set<string>();
  for (const ref of refs) {
    const reaction = included.get(ref);
    const id = profileIdIn(reaction?.actorUrn ?? reaction?.['*actor']);
    if (!reaction || !id || ids.has(id) || seen.has(id)) continue;
    ids.add(id);
    const lockup = (reaction.reactorLockup ?? {}) as Record<string, unknown>;
    const name = textOf(lockup.title);
    const url = str(lockup.navigationUrl);
    const hidden = !name || name === LINKEDIN_API.hiddenName || !url || !url.includes('/in/');
    const degree = degreeOf(textOf(lockup.label));
    const row: ListRow = {
      id,
      name: name ?? LINKEDIN_API.hiddenName,
      hidden,
      headline: textOf(lockup.subtitle),
      ...(hidden ? {} : { profileUrl: url!.split('?')[0] }),
      profileImage: findImage(lockup.image),
      ...(degree ? { connectionDegree: degree } : {}),
      engagement: { type: 'reacted' },
      context: { reactionType: String(reaction.reactionType ?? 'LIKE') },
    };
    row.context!.postAuthor = isAuthor(row, cursor);
    rows.push(row);
  }
  return { rows, refs };
}

export function postEngagersReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'post engagers',
    async read(page, rawCursor, config): Promise<ListPage> {
      const { url, likers, commenters, includeAuthor } = settings(config);
      const post = postRefOf(url);
      if (!post) throw new PlatformStop('not-found', 'the post link names no LinkedIn post');
      if (!likers && !commenters) return { rows: [] };
      const cursor = cursorOf(rawCursor, commenters);
      if (cursor.a === undefined) {
        cursor.a = post.authorHandle ?? null;
        if (!cursor.a && likers && !includeAuthor) cursor.a = await authorOnPostPage(page, post);
      }

      if (cursor.p === 'c') {
        const count = LINKEDIN_API.pageSizes.comments;
        const body = await voyagerGet(page, commentsPath(post, cursor.s, count), csrf);
        const { rows, refs } = readComments(body, cursor);
        const { total } = collectionOf(body, LINKEDIN_API.graphqlRoots.comments);
        const seen = new Set(cursor.seen ?? []);
        const fresh = rows.filter((row) => !seen.has(row.id));
        cursor.n = (cursor.n ?? 0) + fresh.length;
        for (const row of fresh) if (seen.size < SEEN_CAP) seen.add(row.id);
        const end = cursor.s + refs.length;
        const more = refs.length > 0 && (total === undefined ? refs.length >= count : end < total);
        const next: PostCursor | undefined = more
          ? { ...cursor, s: end, seen: [...seen] }
          : likers
            ? { ...cursor, p: 'r', s: 0, seen: [...seen] }
            : undefined;
        return {
          rows: fresh,
          ...(next ? { next: JSON.stringify(next) } : {}),
          ...(total !== undefined && !likers ? { total } : {}),
        };
      }

      const count = LINKEDIN_API.pageSizes.reactions;
      const body = await voyagerGet(page, reactionsPath(post, cursor.s, count), csrf);
      const { rows, refs } = readReactions(body, cursor);
      const { total } = collectionOf(body, LINKEDIN_API.graphqlRoots.reactions);
      const end = cursor.s + refs.length;
      const more = refs.length > 0 && (total === undefined ? refs.length >= count : end < total);
      return {
        rows,
        ...(more ? { next: JSON.stringify({ ...cursor, s: end }) } : {}),
        // About: a commenter who also reacted is in both counts.
        ...(total !== undefined ? { total: total + (cursor.n ?? 0) } : {}),
      };
    },
  };
}
