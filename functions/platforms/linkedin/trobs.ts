import type { BrowserCookie } from '../browser';
import type { TrobDriver } from '../driver-types';
import {
  flagOf,
  keywordList,
  listOf,
  looksOpenToWork,
  matchesAnyKeyword,
  onOrAfterDay,
  textOf,
} from '../filters';
import { connectionsReader } from './connections';
import { LINKEDIN_API } from './endpoints';
import { followersReader } from './followers';
import { peopleSearchReader } from './people-search';
import { postEngagersReader } from './post-engagers';
import { profileReader } from './profile';
import { profileCollector } from './profile-collector';
import { csrfOf, wallReason } from './voyager';

/**
 * The LinkedIn templates the engine runs, each as a driver over the session's cookies.
 *
 * Post leads scraper: how each person engaged is the lead's `engagement` (DECISIONS 26): 'commented'
 * with the comment's text and time, or 'reacted'.
 */
export const linkedinTrobs: Record<string, (cookies: readonly BrowserCookie[]) => TrobDriver> = {
  'linkedin-follower-extractor': (cookies) => ({
    platform: 'linkedin',
    landingPath: LINKEDIN_API.landingPath,
    wallAt: wallReason,
    list: followersReader(csrfOf(cookies)),
    keep: (row, config) =>
      matchesAnyKeyword(row.headline, keywordList(config, 'filteringSettings', 'headlineKeywords')) &&
      !(flagOf(config, 'filteringSettings', 'excludeOpenToWork') && looksOpenToWork(row)),
  }),
  'linkedin-connections-export': (cookies) => ({
    platform: 'linkedin',
    landingPath: LINKEDIN_API.landingPath,
    wallAt: wallReason,
    list: connectionsReader(csrfOf(cookies)),
    profile: profileReader(csrfOf(cookies)),
    wantsEnrichment: (config) => flagOf(config, 'filteringSettings', 'enrichProfiles'),
    keep: (row, config) =>
      matchesAnyKeyword(row.headline, keywordList(config, 'filteringSettings', 'headlineKeywords')) &&
      // The reader stops at the first older connection in the recently-added order; in the name
      // orders the date is checked here, row by row.
      onOrAfterDay(
        row.context?.connectedAt as string | undefined,
        textOf(config, 'connectionSettings', 'connectedAfter'),
      ),
  }),
  'linkedin-post-leads-scraper': (cookies) => ({
    platform: 'linkedin',
    landingPath: LINKEDIN_API.landingPath,
    wallAt: wallReason,
    list: postEngagersReader(csrfOf(cookies)),
    keep: (row, config) => {
      if (row.context?.postAuthor === true && !flagOf(config, 'filteringSettings', 'includePostAuthor'))
        return false;
      const types = listOf(config, 'postSettings', 'reactionTypes');
      if (
        row.engagement?.type === 'reacted' &&
        types.length &&
        !types.includes(String(row.context?.reactionType))
      )
        return false;
      return matchesAnyKeyword(row.headline, keywordList(config, 'filteringSettings', 'headlineKeywords'));
    },
  }),
  'linkedin-search-export': (cookies) => ({
    platform: 'linkedin',
    landingPath: LINKEDIN_API.landingPath,
    wallAt: wallReason,
    list: peopleSearchReader(csrfOf(cookies)),
    keep: (row, config) =>
      matchesAnyKeyword(row.headline, keywordList(config, 'filteringSettings', 'headlineKeywords')),
  }),
  'linkedin-profile-collector': (cookies) => {
    const collector = profileCollector(csrfOf(cookies));
    return {
      platform: 'linkedin',
      landingPath: LINKEDIN_API.landingPath,
      wallAt: wallReason,
      list: collector.list,
      profile: collector.profile,
      wantsEnrichment: collector.wantsEnrichment,
      keep: (row, config) =>
        !(flagOf(config, 'filteringSettings', 'skipOutOfNetwork') && row.connectionDegree === '3rd+'),
    };
  },
};
