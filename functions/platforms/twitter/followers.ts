import type { PlatformPage } from '../browser';
import { asRecord } from '../driver-helpers';
import type { ListReader, ListRow, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { flagOf, handleOf, textOf } from '../filters';
import { TWITTER_API } from './endpoints';
import { twitterGraphql } from './graphql';
import { bottomCursor, timelineEntries, timelineUsers } from './timeline';
import { type TwitterUser, twitterRow, twitterUserOf } from './users';

/**
 * The followers extractor's list: UserByScreenName resolves the handle to its rest_id (first page
 * only: the id then travels in the cursor), then Followers or Following pages with the Bottom cursor,
 * 20 a page, until a page has no users or gives back the cursor it was asked with.
 */

interface FollowsCursor {
  /** The target's rest_id. */
  u: string;
  /** X's Bottom cursor of the page read last. */
  c?: string;
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

/** The account behind a handle; PlatformStop not-found when X has none (or it is suspended). */
export async function userByScreenName(
  page: PlatformPage,
  handle: string,
  csrf: string,
): Promise<TwitterUser> {
  const body = await twitterGraphql(page, 'UserByScreenName', { screen_name: handle }, csrf);
  const result = asRecord(asRecord(asRecord(body.data).user).result);
  if (result.__typename === 'UserUnavailable')
    throw new PlatformStop('not-found', `X shows @${handle} as unavailable (suspended or deactivated)`);
  const user = twitterUserOf(result);
  if (!user) throw new PlatformStop('not-found', `X has no account @${handle}`);
  return user;
}

export function followsReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'accounts',
    async read(page, cursor, config: TrobConfig) {
      const following = textOf(config, 'targetSettings', 'listType') === 'following';
      const skipProtected = flagOf(config, 'filteringSettings', 'excludeProtected');
      let state = parseCursor(cursor);
      let target: TwitterUser | undefined;
      if (!state) {
        const handle = handleOf(config, 'targetSettings', 'username');
        if (!handle) throw new PlatformStop('not-found', 'no X username to read');
        target = await userByScreenName(page, handle, csrf);
        state = { u: target.id };
      }
      const body = await twitterGraphql(
        page,
        following ? 'Following' : 'Followers',
        {
          userId: state.u,
          count: TWITTER_API.pageSize,
          includePromotedContent: false,
          ...(state.c ? { cursor: state.c } : {}),
        },
        csrf,
      );
      const user = asRecord(asRecord(body.data).user);
      if (!('result' in user)) {
        if (body.data && 'user' in asRecord(body.data))
          throw new PlatformStop('not-found', 'X has no such account any more');
        throw new PlatformStop('changed', 'X answered its follower list without data.user');
      }
      const instructions = asRecord(asRecord(asRecord(user.result).timeline).timeline).instructions;
      if (!Array.isArray(instructions))
        throw new PlatformStop('changed', 'X answered its follower list without timeline instructions');
      const entries = timelineEntries(instructions);
      const users = timelineUsers(entries);
      const total = target ? (following ? target.following : target.followers) : undefined;
      // A protected account's lists are empty to anyone it has not accepted as a follower.
      if (target?.protected && users.length === 0 && (total ?? 0) > 0)
        throw new PlatformStop(
          'not-found',
          `@${target.handle} is protected: X shows its lists only to the followers it accepted`,
        );
      const seen = new Set<string>();
      const rows: ListRow[] = [];
      for (const person of users) {
        if (seen.has(person.id)) continue;
        seen.add(person.id);
        rows.push(twitterRow(person, skipProtected));
      }
      const bottom = bottomCursor(entries);
      const more = users.length > 0 && bottom !== undefined && bottom !== state.c;
      return {
        rows,
        ...(more ? { next: JSON.stringify({ u: state.u, c: bottom } satisfies FollowsCursor) } : {}),
        ...(total === undefined ? {} : { total }),
      };
    },
  };
}
