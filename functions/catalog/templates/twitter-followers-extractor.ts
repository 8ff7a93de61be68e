import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const twitterFollowersExtractor: TemplateDefinition = {
  id: 'twitter-followers-extractor',
  displayName: 'X (Twitter) Followers Extractor',
  summary: 'Export the followers (or following) of any public X account.',
  description:
    'Collects the followers or the accounts followed by any public X (Twitter) account, with handle, name, bio, location, follower counts and website: study a competitor’s audience or find the people an expert listens to.',
  detailedDescription: `<h3>What it does</h3>
<p>Enter an X handle. The trob reads that account's <em>Followers</em> (or <em>Following</em>) list inside your own X session, 20 accounts a page, and saves each profile with its public details.</p>
<h3>Ideas</h3>
<ul>
<li>Export a competitor's followers to find people already interested in your category.</li>
<li>Export who an industry expert follows to find the accounts that matter in a niche.</li>
<li>Keep only accounts with a minimum follower count or a bio keyword to focus on influencers.</li>
</ul>
<h4>Good to know</h4>
<p>X limits how fast lists can be read. When X answers with a rate limit, the run waits until the limit resets (usually 15 minutes) and continues on its own.</p>`,
  platform: 'twitter',
  category: 'audience-research',
  difficulty: 'beginner',
  difficultyLevel: 1,
  successRate: 89,
  estimatedTime: '10-20 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Followers or following of any public account',
    'Handle, display name, bio, location, website, follower and following counts',
    'Filters on minimum followers, bio keywords and verified accounts',
    'Skips protected accounts on request',
    'Waits out X rate limits and continues automatically',
  ],
  requirements: [
    'A connected X (Twitter) account (synced with the Trobly browser extension)',
    'The target account must be public, or followed by your account if it is protected',
  ],
  limitations: [
    'X serves follower lists 20 accounts at a time and rate-limits reads, so about 1,000 followers take 10-15 minutes',
    'Suspended or deactivated accounts cannot be read',
    'X does not show e-mail addresses or phone numbers',
  ],
  defaultConfig: {
    targetSettings: { username: '', listType: 'followers' },
    filteringSettings: {
      maxProfiles: 500,
      minFollowers: 0,
      bioKeywords: [],
      verifiedOnly: false,
      excludeProtected: true,
    },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      targetSettings: {
        type: 'object',
        title: 'Account',
        properties: {
          username: {
            type: 'string',
            title: 'X username',
            description: 'The handle of the account, with or without the @.',
            pattern: '^@?[A-Za-z0-9_]{1,15}$',
            patternMessage: 'X username must be 1-15 letters, digits or underscores, like @trobly',
            placeholder: '@username',
          },
          listType: {
            type: 'string',
            title: 'List',
            enum: ['followers', 'following'],
            default: 'followers',
            'ui:options': { widget: 'radio', labels: { followers: 'Followers', following: 'Following' } },
          },
        },
        required: ['username'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 5000, default: 500 }),
          minFollowers: {
            type: 'integer',
            title: 'Minimum followers',
            description: 'Keep only accounts with at least this many followers.',
            minimum: 0,
            maximum: 100000000,
            default: 0,
          },
          bioKeywords: keywordFilter(
            'Bio keywords',
            'Keep only accounts whose bio contains at least one of these words. Empty keeps everyone.',
          ),
          verifiedOnly: flag('Verified accounts only', 'Keep only accounts with a verified badge.', false),
          excludeProtected: flag(
            'Skip protected accounts',
            'Leave out accounts whose posts are protected: you cannot see their posts or reply to them.',
            true,
          ),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['targetSettings'],
  },
  examples: [
    {
      title: 'Competitor’s audience',
      description: 'Followers of a competitor with a real audience of their own.',
      config: {
        targetSettings: { username: '@acmeanalytics', listType: 'followers' },
        filteringSettings: {
          maxProfiles: 2000,
          minFollowers: 100,
          bioKeywords: [],
          verifiedOnly: false,
          excludeProtected: true,
        },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Who an expert follows',
      description: 'The accounts an industry expert follows, founders and investors only.',
      config: {
        targetSettings: { username: 'paulg', listType: 'following' },
        filteringSettings: {
          maxProfiles: 500,
          minFollowers: 0,
          bioKeywords: ['founder', 'investor', 'vc'],
          verifiedOnly: false,
          excludeProtected: true,
        },
        exportSettings: { format: 'json', skipDuplicates: false },
      },
    },
  ],
};
