import type { PlatformPage } from '../browser';
import { asRecord, type EngagersCursor, parseEngagersCursor } from '../driver-helpers';
import type { ListReader, ListRow, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { flagOf, listOf, packIds, textOf, unpackIds } from '../filters';
import { igGet } from './api';
import { INSTAGRAM_API, mediaIdOf } from './endpoints';
import { type IgUser, igRow, igUserOf } from './users';

/**
 * The post engagers' list: the post's commenters (media/<id>/comments/, paged with next_max_id), then
 * its likers (media/<id>/likers/, one answer, no cursor). Commenters come first so a person who
 * commented and liked is kept with the comment. Each person is listed once per job: the ids already
 * settled travel in the cursor, so a continued segment lists no one twice either. A commenter the
 * comment keywords leave out is not settled: if they also liked, they come back as a liker ("likers
 * are not affected").
 */
export const ENGAGER_KINDS = ['commenters', 'likers'] as const;
export type EngagerKind = (typeof ENGAGER_KINDS)[number];

export function selectedKinds(config: TrobConfig): EngagerKind[] {
  const chosen = new Set(listOf(config, 'postSettings', 'extractionTypes'));
  return ENGAGER_KINDS.filter((kind) => chosen.has(kind));
}

export interface Comment {
  user: IgUser;
  text: string;
  at?: string;
  likes?: number;
}

export function commentOf(value: unknown): Comment | undefined {
  const c = asRecord(value);
  const user = igUserOf(c.user);
  if (!user) return undefined;
  const seconds = Number(c.created_at_utc ?? c.created_at);
  return {
    user,
    text: typeof c.text === 'string' ? c.text : '',
    ...(Number.isFinite(seconds) && seconds > 0 ? { at: new Date(seconds * 1000).toISOString() } : {}),
    ...(typeof c.comment_like_count === 'number' ? { likes: c.comment_like_count } : {}),
  };
}

/**
 * A commenter as a row: the comment's text and time are the engagement (DECISIONS 26), never the
 * description, which stays the bio. The comment's like count has no lead field; it stays in the row's
 * context.
 */
export function commenterRow(comment: Comment, skipPrivate: boolean): ListRow {
  const text = comment.text.trim();
  return igRow(comment.user, skipPrivate, {
    engagement: { type: 'commented', ...(text ? { text } : {}), ...(comment.at ? { at: comment.at } : {}) },
    ...(comment.likes === undefined ? {} : { context: { commentLikes: comment.likes } }),
  });
}

async function commentsPage(page: PlatformPage, mediaId: string, maxId: string | undefined, csrf: string) {
  const body = await igGet(page, INSTAGRAM_API.comments(mediaId, maxId), csrf);
  if (!Array.isArray(body.comments))
    throw new PlatformStop('changed', 'Instagram answered the comments without a comment list');
  const comments = body.comments.flatMap((c) => commentOf(c) ?? []);
  const next = body.next_max_id === undefined || body.next_max_id === null ? '' : String(body.next_max_id);
  return { comments, next: next && next !== maxId && body.comments.length > 0 ? next : undefined };
}

async function likers(page: PlatformPage, mediaId: string, csrf: string): Promise<IgUser[]> {
  const body = await igGet(page, INSTAGRAM_API.likers(mediaId), csrf);
  if (!Array.isArray(body.users))
    throw new PlatformStop('changed', 'Instagram answered the likers without a user list');
  return body.users.flatMap((u) => igUserOf(u) ?? []);
}

/**
 * `settles(row, config)`: whether a row decides the person for good (hidden, or kept by the
 * template's filters); a row it answers false for leaves the person open for a later list.
 */
export function engagersReader(
  csrf: string,
  settles: (row: ListRow, config: TrobConfig) => boolean,
): ListReader {
  return {
    action: 'list-pages',
    noun: 'post engagers',
    async read(page, cursor, config) {
      const mediaId = mediaIdOf(textOf(config, 'postSettings', 'instagramPostUrl'));
      if (!mediaId) throw new PlatformStop('not-found', 'the post link holds no Instagram shortcode');
      const skipPrivate = flagOf(config, 'filteringSettings', 'excludePrivate');
      const kinds = selectedKinds(config);
      const state = parseEngagersCursor(cursor);
      const kind = kinds[state.k];
      if (!kind) return { rows: [] };
      const settled = unpackIds(state.s);
      const rows: ListRow[] = [];
      let nextComments: string | undefined;
      if (kind === 'commenters') {
        const { comments, next } = await commentsPage(page, mediaId, state.c, csrf);
        nextComments = next;
        // A person once a page: the first of their comments that settles them, else their first.
        const byUser = new Map<string, ListRow>();
        for (const comment of comments) {
          if (settled.has(comment.user.id)) continue;
          const row = commenterRow(comment, skipPrivate);
          const before = byUser.get(row.id);
          if (!before || (!settles(before, config) && settles(row, config))) byUser.set(row.id, row);
        }
        for (const row of byUser.values()) {
          if (settles(row, config)) settled.add(row.id);
          rows.push(row);
        }
      } else {
        for (const user of await likers(page, mediaId, csrf)) {
          if (settled.has(user.id)) continue;
          settled.add(user.id);
          rows.push(igRow(user, skipPrivate, { engagement: { type: 'liked' } }));
        }
      }
      const next: EngagersCursor | undefined = nextComments
        ? { k: state.k, c: nextComments, s: packIds(settled) }
        : state.k + 1 < kinds.length
          ? { k: state.k + 1, s: packIds(settled) }
          : undefined;
      return { rows, ...(next ? { next: JSON.stringify(next) } : {}) };
    },
  };
}
