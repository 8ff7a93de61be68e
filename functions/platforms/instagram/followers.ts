import type { PlatformPage } from '../browser';
import type { ListPage, ListReader, ListRow, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { flagOf, handleOf, textOf } from '../filters';
import { igGet, type Json } from './api';
import { INSTAGRAM_API } from './endpoints';
import { type IgUser, igRow, igUserOf } from './users';

/**
 * The followers extractor's list: web_profile_info resolves the username to its pk (first page only:
 * the pk then travels in the cursor), then friendships/<pk>/followers/ (or following/) with
 * `next_max_id`, absent on the last page.
 */
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

export interface FollowsCursor {
  /** The target's pk. */
  u: string;
  /** The next page's max_id; absent before the first page. */
  m?: string;
  /** The list has no page left. */
  e?: 1;
  /** Profile mode: listed people still to visit, as [pk, username]. */
  q?: Array<[string, string]>;
}

function parseCursor(cursor: string | undefined): FollowsCursor | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(cursor) as FollowsCursor;
    return typeof parsed.u === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** web_profile_info of a username; undefined when Instagram has no such account. */
export async function profileInfo(
  page: PlatformPage,
  username: string,
  csrf: string,
): Promise<IgUser | undefined> {
  try {
    const body = await igGet(page, INSTAGRAM_API.webProfileInfo(username), csrf);
    return igUserOf(obj(obj(body.data).user));
  } catch (error) {
    if (error instanceof PlatformStop && error.reason === 'not-found') return undefined;
    throw error;
  }
}

function listSettings(config: TrobConfig) {
  return {
    kind: textOf(config, 'targetSettings', 'listType') === 'following' ? 'following' : 'followers',
    skipPrivate: flagOf(config, 'filteringSettings', 'excludePrivate'),
  } as const;
}

/** The target on the first page: its pk and the list's size. */
async function start(page: PlatformPage, config: TrobConfig, csrf: string) {
  const username = handleOf(config, 'targetSettings', 'username');
  if (!username) throw new PlatformStop('not-found', 'no Instagram username to read');
  const target = await profileInfo(page, username, csrf);
  if (!target) throw new PlatformStop('not-found', `Instagram has no account @${username}`);
  const total = listSettings(config).kind === 'following' ? target.following : target.followers;
  return { state: { u: target.id } as FollowsCursor, total };
}

async function friendshipsPage(page: PlatformPage, state: FollowsCursor, config: TrobConfig, csrf: string) {
  const { kind } = listSettings(config);
  const body = await igGet(
    page,
    INSTAGRAM_API.friendships(state.u, kind, INSTAGRAM_API.friendshipsCount, state.m),
    csrf,
  );
  if (!Array.isArray(body.users))
    throw new PlatformStop('changed', `Instagram answered its ${kind} list without users`);
  const seen = new Set<string>();
  const users = body.users.flatMap((u) => {
    const user = igUserOf(u);
    if (!user || seen.has(user.id)) return [];
    seen.add(user.id);
    return [user];
  });
  const nextMaxId =
    body.next_max_id === undefined || body.next_max_id === null ? '' : String(body.next_max_id);
  return { users, nextMaxId: nextMaxId && users.length > 0 ? nextMaxId : undefined };
}

export function followsReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'accounts',
    async read(page, cursor, config): Promise<ListPage> {
      const { skipPrivate } = listSettings(config);
      let state = parseCursor(cursor);
      let total: number | undefined;
      if (!state) ({ state, total } = await start(page, config, csrf));
      const { users, nextMaxId } = await friendshipsPage(page, state, config, csrf);
      return {
        rows: users.map((user) => igRow(user, skipPrivate)),
        ...(nextMaxId ? { next: JSON.stringify({ u: state.u, m: nextMaxId } satisfies FollowsCursor) } : {}),
        ...(total === undefined ? {} : { total }),
      };
    },
  };
}

/**
 * Bio keywords need the bio, which only the profile shows, and the engine filters listed rows before
 * its enrichment phase. So with bio keywords set (and bios asked for), the list is walked one profile
 * visit per read: a read either takes the next page of the list (its people queue in the cursor;
 * those a list-level filter already leaves out, private or unverified, come back at once as rows for
 * the engine to count) or visits the next queued person and lists them with bio, website and counts.
 */
export function profileByProfileReader(
  csrf: string,
  listLevelKeep: (row: ListRow, config: TrobConfig) => boolean,
): ListReader {
  return {
    action: 'profile-views',
    noun: 'accounts',
    async read(page, cursor, config): Promise<ListPage> {
      const { skipPrivate } = listSettings(config);
      let state = parseCursor(cursor);
      let total: number | undefined;
      if (!state) ({ state, total } = await start(page, config, csrf));
      const queue = state.q ?? [];
      const encode = (next: FollowsCursor) =>
        next.e && !next.q?.length ? {} : { next: JSON.stringify(next) };
      if (queue.length === 0) {
        if (state.e) return { rows: [] };
        const { users, nextMaxId } = await friendshipsPage(page, state, config, csrf);
        const rows: ListRow[] = [];
        const visit: Array<[string, string]> = [];
        for (const user of users) {
          const row = igRow(user, skipPrivate);
          if (row.hidden || !listLevelKeep(row, config)) rows.push(row);
          else visit.push([user.id, user.username]);
        }
        return {
          rows,
          ...encode({ u: state.u, ...(nextMaxId ? { m: nextMaxId } : { e: 1 }), q: visit }),
          ...(total === undefined ? {} : { total }),
        };
      }
      const [[, username], ...rest] = queue as [[string, string], ...Array<[string, string]>];
      const user = await profileInfo(page, username, csrf);
      // Gone since it was listed: nothing to list.
      return { rows: user ? [igRow(user, skipPrivate)] : [], ...encode({ ...state, q: rest }) };
    },
  };
}

/** Whether the read at `cursor` visits a profile (profile mode with people queued). */
export function visitsAt(cursor: string | undefined): boolean {
  return (parseCursor(cursor)?.q?.length ?? 0) > 0;
}

/**
 * The followers extractor's list in both modes, picked per read (the config comes with each read). Its
 * budget follows what the read at the cursor does: a list page takes 'list-pages', a queued profile
 * visit 'profile-views' (`actionAt`, asked by the engine before each read).
 */
export function followersListReader(
  csrf: string,
  options: {
    filtersOnBio: (config: TrobConfig) => boolean;
    listLevelKeep: (row: ListRow, config: TrobConfig) => boolean;
  },
): ListReader {
  const listed = followsReader(csrf);
  const visited = profileByProfileReader(csrf, options.listLevelKeep);
  return {
    action: 'list-pages',
    actionAt: (cursor, config) =>
      options.filtersOnBio(config) && visitsAt(cursor) ? 'profile-views' : 'list-pages',
    noun: 'accounts',
    read(page, cursor, config) {
      return options.filtersOnBio(config)
        ? visited.read(page, cursor, config)
        : listed.read(page, cursor, config);
    },
  };
}
