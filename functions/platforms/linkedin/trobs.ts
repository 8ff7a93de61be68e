import type { BrowserCookie } from '../browser';
import type { TrobDriver } from '../driver-types';
import { flagOf, keywordList, looksOpenToWork, matchesAnyKeyword } from '../filters';
import { connectionsReader } from './connections';
import { LINKEDIN_API } from './endpoints';
import { followersReader } from './followers';
import { profileReader } from './profile';
import { csrfOf, wallReason } from './voyager';

/** The LinkedIn templates the engine runs, each as a driver over the session's cookies. */
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
      matchesAnyKeyword(row.headline, keywordList(config, 'filteringSettings', 'headlineKeywords')),
  }),
};
