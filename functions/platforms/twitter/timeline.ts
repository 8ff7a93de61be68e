import { asRecord } from '../driver-helpers';
import type { Json } from './graphql';
import { type TwitterUser, twitterUserOf } from './users';

/**
 * X's timelines: `instructions[]` whose TimelineAddEntries (and TimelineReplaceEntry, which later
 * search pages use for their cursors) hold user entries (`user-<id>`), tweet entries (`tweet-<id>`),
 * conversation modules (`conversationthread-<id>`, replies) and Top/Bottom cursor entries.
 */

export function timelineEntries(instructions: unknown): Json[] {
  if (!Array.isArray(instructions)) return [];
  const out: Json[] = [];
  for (const instruction of instructions.map(asRecord)) {
    if (Array.isArray(instruction.entries)) out.push(...instruction.entries.map(asRecord));
    if (instruction.entry) out.push(asRecord(instruction.entry));
  }
  return out;
}

/** The Bottom cursor's value: on the entry's content (user timelines) or in its itemContent (replies). */
export function bottomCursor(entries: readonly Json[]): string | undefined {
  for (const entry of entries) {
    const content = asRecord(entry.content);
    const cursor = content.cursorType ? content : asRecord(content.itemContent);
    if (cursor.cursorType === 'Bottom' && typeof cursor.value === 'string' && cursor.value)
      return cursor.value;
  }
  return undefined;
}

/** The users of a user timeline (followers, following, reposters, likers), in order. */
export function timelineUsers(entries: readonly Json[]): TwitterUser[] {
  const users: TwitterUser[] = [];
  for (const entry of entries) {
    const item = asRecord(asRecord(entry.content).itemContent);
    const user = item.user_results ? twitterUserOf(asRecord(item.user_results).result) : undefined;
    if (user) users.push(user);
  }
  return users;
}

/** A tweet result without its visibility wrapper; undefined for a tombstone. */
function unwrapTweet(result: unknown): Json | undefined {
  const r = asRecord(result);
  if (r.__typename === 'TweetWithVisibilityResults') return unwrapTweet(r.tweet);
  return r.rest_id || asRecord(r.legacy).id_str ? r : undefined;
}

/** The tweets of tweet entries and of conversation modules, in order. */
export function timelineTweets(entries: readonly Json[]): Json[] {
  const tweets: Json[] = [];
  const add = (itemContent: unknown) => {
    const results = asRecord(itemContent).tweet_results;
    const tweet = results ? unwrapTweet(asRecord(results).result) : undefined;
    if (tweet) tweets.push(tweet);
  };
  for (const entry of entries) {
    const content = asRecord(entry.content);
    add(content.itemContent);
    if (Array.isArray(content.items))
      for (const item of content.items) add(asRecord(asRecord(item).item).itemContent);
  }
  return tweets;
}

export function tweetIdOf(tweet: Json): string | undefined {
  const id = tweet.rest_id ?? asRecord(tweet.legacy).id_str;
  return typeof id === 'string' ? id : undefined;
}

export function tweetAuthor(tweet: Json): TwitterUser | undefined {
  return twitterUserOf(asRecord(asRecord(tweet.core).user_results).result);
}

/** The full text: a long post's note text, else `legacy.full_text`. */
export function tweetText(tweet: Json): string | undefined {
  const note = asRecord(asRecord(asRecord(tweet.note_tweet).note_tweet_results).result).text;
  const text = typeof note === 'string' && note ? note : asRecord(tweet.legacy).full_text;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}

/** When a post was posted, as ISO 8601: `legacy.created_at` ('Wed Oct 10 20:19:24 +0000 2018'). */
export function tweetTime(tweet: Json): string | undefined {
  const created = asRecord(tweet.legacy).created_at;
  const at = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}
