import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const instagramFollowersExtractor: TemplateDefinition = {
  id: 'instagram-followers-extractor',
  displayName: 'Instagram Followers Extractor',
  summary: 'Export the followers (or following) of a public Instagram account.',
  description:
    'Collects the followers or the accounts followed by an Instagram account, with username, full name, bio, verified and private flags: understand a brand’s or creator’s audience and find accounts to work with.',
  detailedDescription: `<h3>What it does</h3>
<p>Enter an Instagram username. The trob reads its <em>Followers</em> (or <em>Following</em>) list inside your own Instagram session and saves each account with its public details.</p>
<h3>Go slow on Instagram</h3>
<p>Instagram is the strictest of the supported platforms: it shows security challenges after very little automated activity. This trob reads at a deliberately slow, human pace with long pauses, and it stops at the first sign of a challenge so you can confirm it is you in the Instagram app, then resume.</p>
<h4>Tips</h4>
<ul>
<li>Keep runs to a few hundred accounts and spread bigger exports over several days.</li>
<li>Use an account that has been active normally for a while; new accounts are challenged sooner.</li>
</ul>`,
  platform: 'instagram',
  category: 'audience-research',
  difficulty: 'advanced',
  difficultyLevel: 3,
  successRate: 78,
  estimatedTime: '15-30 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Followers or following of a public account (or a private one you follow)',
    'Username, full name, profile picture, verified and private flags',
    'Optional bio and follower counts for each account (slower)',
    'Filters for verified-only and skipping private accounts',
    'Stops cleanly on an Instagram challenge and resumes without duplicates',
  ],
  requirements: [
    'A connected Instagram account (synced with the Trobly browser extension)',
    'The target account must be public, or followed by your account if it is private',
  ],
  limitations: [
    'Instagram may stop serving very large follower lists partway; expect a few thousand accounts at most per list',
    'Runs are paced slowly (about 200 accounts in 10 minutes) to avoid Instagram challenges',
    'Instagram does not show e-mail addresses or phone numbers of personal accounts',
  ],
  defaultConfig: {
    targetSettings: { username: '', listType: 'followers' },
    filteringSettings: {
      maxProfiles: 200,
      bioKeywords: [],
      includeBio: false,
      verifiedOnly: false,
      excludePrivate: false,
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
            title: 'Instagram username',
            description: 'The account’s username, with or without the @.',
            pattern: '^@?[A-Za-z0-9._]{1,30}$',
            patternMessage: 'Instagram username must be 1-30 letters, digits, dots or underscores',
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
          maxProfiles: maxProfiles({ maximum: 2000, default: 200 }),
          includeBio: flag(
            'Collect bios and follower counts',
            'Opens each account’s profile for its bio, website and counts. Much slower; needed for bio keywords.',
            false,
          ),
          bioKeywords: keywordFilter(
            'Bio keywords',
            'With bios collected, keep only accounts whose bio contains one of these words.',
          ),
          verifiedOnly: flag('Verified accounts only', 'Keep only accounts with a verified badge.', false),
          excludePrivate: flag('Skip private accounts', 'Leave out private accounts.', false),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['targetSettings'],
  },
  examples: [
    {
      title: 'Brand audience sample',
      description: 'The first 300 followers of a competitor brand, public accounts only.',
      config: {
        targetSettings: { username: '@acme.studio', listType: 'followers' },
        filteringSettings: {
          maxProfiles: 300,
          bioKeywords: [],
          includeBio: false,
          verifiedOnly: false,
          excludePrivate: true,
        },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Creators a brand follows',
      description: 'Accounts a brand follows whose bio mentions collaborations: likely creators.',
      config: {
        targetSettings: { username: 'acme.studio', listType: 'following' },
        filteringSettings: {
          maxProfiles: 150,
          bioKeywords: ['creator', 'collab', 'ugc'],
          includeBio: true,
          verifiedOnly: false,
          excludePrivate: true,
        },
        exportSettings: { format: 'excel', skipDuplicates: true },
      },
    },
  ],
};
