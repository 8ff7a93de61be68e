import type { BrowserCookie } from '../browser';
import type { ListRow, TrobConfig, TrobDriver } from '../driver-types';
import { flagOf, keywordList, matchesAnyKeyword, meetsMinimum, numberOf } from '../filters';
import { TWITTER_API } from './endpoints';
import { engagersReader } from './engagers';
import { followsReader } from './followers';
import { csrfOf, wallReason } from './graphql';

/**
 * The X templates the engine runs, each as a driver over the session's cookies. X's lists show every
 * field the templates promise (bio, location, website, counts, verified, protected), so no template
 * needs a profile visit: there is no enrichment phase on X.
 */
export function keepFollower(row: ListRow, config: TrobConfig): boolean {
  return (
    meetsMinimum(row.followersCount, numberOf(config, 'filteringSettings', 'minFollowers')) &&
    matchesAnyKeyword(row.description, keywordList(config, 'filteringSettings', 'bioKeywords')) &&
    (!flagOf(config, 'filteringSettings', 'verifiedOnly') || row.verified === true)
  );
}

export function keepEngager(row: ListRow, config: TrobConfig): boolean {
  return meetsMinimum(row.followersCount, numberOf(config, 'filteringSettings', 'minFollowers'));
}

export const twitterTrobs: Record<string, (cookies: readonly BrowserCookie[]) => TrobDriver> = {
  'twitter-followers-extractor': (cookies) => ({
    platform: 'twitter',
    landingPath: TWITTER_API.landingPath,
    wallAt: wallReason,
    list: followsReader(csrfOf(cookies)),
    keep: keepFollower,
  }),
  'twitter-post-engagers': (cookies) => ({
    platform: 'twitter',
    landingPath: TWITTER_API.landingPath,
    wallAt: wallReason,
    list: engagersReader(csrfOf(cookies)),
    keep: keepEngager,
  }),
};
