import type { LeadEngagement } from '../../../shared/leads';
import type { PlatformPage } from '../browser';
import { asRecord, type EngagersCursor, type Json, parseEngagersCursor } from '../driver-helpers';
import type { ListReader, ListRow, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { flagOf, listOf, packIds, textOf, unpackIds } from '../filters';
import { TWITTER_API } from './endpoints';
import { errorCodes, twitterGraphql } from './graphql';
import {
  bottomCursor,
  timelineEntries,
  timelineTweets,
  timelineUsers,
  tweetAuthor,
  tweetIdOf,
  tweetText,
  tweetTime,
} from './timeline';
import { type TwitterUser, twitterRow } from './users';

/**
 * The post engagers' list: the post's repliers (TweetDetail's conversation), quoters (SearchTimeline
 * `quoted_tweet_id:<id>`), reposters (Retweeters) and, on the account's own posts, likers
 * (Favoriters), one list after the other, each paged with its Bottom cursor. Lists that carry text
 * come first, so a person who replied and reposted is kept with the reply. Each person is listed
 * once per job: the ids already settled travel in the cursor, so a continued segment lists no one
 * twice either.
 */
export const ENGAGER_KINDS = ['repliers', 'quoters', 'retweeters', 'likers'] as const;
export type EngagerKind = (typeof ENGAGER_KINDS)[number];

export function postIdOf(url: string | undefined): string | undefined {
  return TWITTER_API.postIdPattern.exec(url ?? '')?.[1];
}

export function selectedKinds(config: TrobConfig): EngagerKind[] {
  const chosen = new Set(listOf(config, 'postSettings', 'extractionTypes'));
  return ENGAGER_KINDS.filter((kind) => chosen.has(kind));
}

interface Engaged {
  user: TwitterUser;
  engagement: LeadEngagement;
}

interface KindPage {
  people: Engaged[];
  /** Whether the page held any item at all (an empty page ends the list). */
  items: number;
  bottom?: string;
}

/** DECISIONS 26's words: a reply is a comment. */
const ENGAGED: Record<EngagerKind, LeadEngagement['type']> = {
  repliers: 'commented',
  quoters: 'quoted',
  retweeters: 'reposted',
  likers: 'liked',
};

/** A reply or a quote: its text and time. */
export function postedEngagement(type: 'commented' | 'quoted', tweet: Json): LeadEngagement {
  const text = tweetText(tweet);
  const at = tweetTime(tweet);
  return { type, ...(text ? { text } : {}), ...(at ? { at } : {}) };
}

async function readKind(
  page: PlatformPage,
  kind: EngagerKind,
  postId: string,
  cursor: string | undefined,
  csrf: string,
): Promise<KindPage> {
  const paging = { count: TWITTER_API.pageSize, ...(cursor ? { cursor } : {}) };
  if (kind === 'retweeters' || kind === 'likers') {
    const root = kind === 'retweeters' ? 'retweeters_timeline' : 'favoriters_timeline';
    const body = await twitterGraphql(
      page,
      kind === 'retweeters' ? 'Retweeters' : 'Favoriters',
      { tweetId: postId, includePromotedContent: false, ...paging },
      csrf,
    );
    const timeline = asRecord(asRecord(body.data)[root]);
    const instructions = asRecord(timeline.timeline).instructions;
    if (!Array.isArray(instructions)) {
      if (body.data && !(root in asRecord(body.data))) return { people: [], items: 0 };
      throw new PlatformStop('changed', `X answered ${kind} without timeline instructions`);
    }
    const entries = timelineEntries(instructions);
    const users = timelineUsers(entries);
    return {
      people: users.map((user) => ({ user, engagement: { type: ENGAGED[kind] } })),
      items: users.length,
      bottom: bottomCursor(entries),
    };
  }
  if (kind === 'quoters') {
    const body = await twitterGraphql(
      page,
      'SearchTimeline',
      { rawQuery: `quoted_tweet_id:${postId}`, querySource: 'tdqt', product: 'Latest', ...paging },
      csrf,
    );
    const instructions = asRecord(
      asRecord(asRecord(asRecord(body.data).search_by_raw_query).search_timeline).timeline,
    ).instructions;
    if (!Array.isArray(instructions))
      throw new PlatformStop('changed', 'X answered the quotes search without timeline instructions');
    const entries = timelineEntries(instructions);
    const tweets = timelineTweets(entries);
    return {
      people: tweets.flatMap((tweet) => {
        const user = tweetAuthor(tweet);
        return user ? [{ user, engagement: postedEngagement('quoted', tweet) }] : [];
      }),
      items: tweets.length,
      bottom: bottomCursor(entries),
    };
  }
  const body = await twitterGraphql(
    page,
    'TweetDetail',
    {
      focalTweetId: postId,
      with_rux_injections: false,
      includePromotedContent: false,
      withCommunity: true,
      withVoice: true,
      ...(cursor ? { cursor, referrer: 'tweet' } : {}),
    },
    csrf,
  );
  const instructions = asRecord(asRecord(body.data).threaded_conversation_with_injections_v2).instructions;
  if (!Array.isArray(instructions)) {
    if (errorCodes(body).includes(TWITTER_API.errorCodes.notFound))
      throw new PlatformStop('not-found', 'X has no such post (or it is not visible to this account)');
    throw new PlatformStop('changed', 'X answered the post without its conversation');
  }
  const entries = timelineEntries(instructions);
  // The focal post itself is not a reply; every other post of the conversation is.
  const replies = timelineTweets(entries).filter((tweet) => tweetIdOf(tweet) !== postId);
  return {
    people: replies.flatMap((tweet) => {
      const user = tweetAuthor(tweet);
      return user ? [{ user, engagement: postedEngagement('commented', tweet) }] : [];
    }),
    items: replies.length,
    bottom: bottomCursor(entries),
  };
}

export function engagersReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'post engagers',
    async read(page, cursor, config) {
      const postId = postIdOf(textOf(config, 'postSettings', 'postUrl'));
      if (!postId) throw new PlatformStop('not-found', 'the post link holds no X post id');
      const kinds = selectedKinds(config);
      const skipProtected = flagOf(config, 'filteringSettings', 'excludeProtected');
      const state = parseEngagersCursor(cursor);
      const kind = kinds[state.k];
      if (!kind) return { rows: [] };
      const settled = unpackIds(state.s);
      const listed = await readKind(page, kind, postId, state.c, csrf);
      const rows: ListRow[] = [];
      for (const { user, engagement } of listed.people) {
        // X's filters (protected, followers) are about the person, so a row settles them for good.
        if (settled.has(user.id)) continue;
        settled.add(user.id);
        rows.push(twitterRow(user, skipProtected, engagement));
      }
      const more = listed.items > 0 && listed.bottom !== undefined && listed.bottom !== state.c;
      const next: EngagersCursor | undefined = more
        ? { k: state.k, c: listed.bottom, s: packIds(settled) }
        : state.k + 1 < kinds.length
          ? { k: state.k + 1, s: packIds(settled) }
          : undefined;
      return { rows, ...(next ? { next: JSON.stringify(next) } : {}) };
    },
  };
}
