import type { BrowserCookie } from '../browser';
import type { ListRow, TrobConfig, TrobDriver } from '../driver-types';
import { flagOf, keywordList, matchesAnyKeyword } from '../filters';
import { csrfOf, wallReason } from './api';
import { INSTAGRAM_API } from './endpoints';
import { engagersReader } from './engagers';
import { followersListReader } from './followers';
import { profileReader } from './profile';

const bioKeywords = (config: TrobConfig) => keywordList(config, 'filteringSettings', 'bioKeywords');

/** "Collect bios and follower counts": the profile visits the template calls much slower. */
export const includesBio = (config: TrobConfig) => flagOf(config, 'filteringSettings', 'includeBio');

/**
 * Bio keywords apply "with bios collected" (the template's words): with includeBio off they are
 * ignored, since the list shows no bio to match.
 */
export const filtersOnBio = (config: TrobConfig) => includesBio(config) && bioKeywords(config).length > 0;

/** The filters a listed row can answer: verified only. */
export function keepListed(row: ListRow, config: TrobConfig): boolean {
  return !flagOf(config, 'filteringSettings', 'verifiedOnly') || row.verified === true;
}

export function keepFollower(row: ListRow, config: TrobConfig): boolean {
  return (
    keepListed(row, config) &&
    (!filtersOnBio(config) || matchesAnyKeyword(row.description, bioKeywords(config)))
  );
}

/** Comment keywords keep only commenters whose comment has one of them; likers are not affected. */
export function keepEngager(row: ListRow, config: TrobConfig): boolean {
  if (row.engagement?.type !== 'commented') return true;
  return matchesAnyKeyword(row.engagement.text, keywordList(config, 'filteringSettings', 'commentKeywords'));
}

/**
 * The Instagram templates the engine runs, each as a driver over the session's cookies. The followers
 * extractor visits profiles only for "Collect bios and follower counts" (the enrichment phase, or the
 * list itself when bio keywords filter on what only the profile shows); the post engagers need none.
 */
export const instagramTrobs: Record<string, (cookies: readonly BrowserCookie[]) => TrobDriver> = {
  'instagram-followers-extractor': (cookies) => ({
    platform: 'instagram',
    landingPath: INSTAGRAM_API.landingPath,
    wallAt: wallReason,
    list: followersListReader(csrfOf(cookies), { filtersOnBio, listLevelKeep: keepListed }),
    profile: profileReader(csrfOf(cookies)),
    // With bio keywords every kept row was already a profile visit: nothing is left to enrich.
    wantsEnrichment: (config) => includesBio(config) && !filtersOnBio(config),
    keep: keepFollower,
  }),
  'instagram-post-engagers': (cookies) => ({
    platform: 'instagram',
    landingPath: INSTAGRAM_API.landingPath,
    wallAt: wallReason,
    list: engagersReader(csrfOf(cookies), (row, config) => row.hidden || keepEngager(row, config)),
    keep: keepEngager,
  }),
};
