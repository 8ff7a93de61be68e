import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, maxProfiles } from './settings';

export const twitterPostEngagers: TemplateDefinition = {
  id: 'twitter-post-engagers',
  displayName: 'X (Twitter) Post Engagers',
  summary: 'Collect the people who reposted, quoted, replied to or liked a post on X.',
  description:
    'Turns the engagement on an X (Twitter) post into a lead list: the accounts that reposted, quoted or replied, and for your own posts the accounts that liked them, with handle, bio and follower counts.',
  detailedDescription: `<h3>What it does</h3>
<p>Paste the link of a post on X. The trob reads the post's reposts, quotes and replies inside your own X session and saves each account once, noting how it engaged. Reply and quote text is kept so you can answer in context.</p>
<h3>About likes</h3>
<p>Since June 2024 X keeps likes private: the list of likers is visible only to the post's author. <strong>Likers</strong> therefore works only on posts written by the connected account.</p>
<h4>Ideas</h4>
<ul>
<li>Collect everyone who replied to a viral post in your niche.</li>
<li>Find the accounts that quoted a competitor's launch announcement.</li>
<li>Thank and follow up with the people who liked your own post.</li>
</ul>`,
  platform: 'twitter',
  category: 'lead-generation',
  difficulty: 'intermediate',
  difficultyLevel: 2,
  successRate: 85,
  estimatedTime: '5-15 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Reposters, quoters and repliers of any visible post',
    'Likers of your own posts',
    'Reply and quote text saved with each account',
    'Handle, name, bio, location and follower counts for each account',
    'Each account saved once with every way it engaged',
  ],
  requirements: [
    'A connected X (Twitter) account (synced with the Trobly browser extension)',
    'The link of a post your account can see',
  ],
  limitations: [
    'Likes are private on X: likers can be collected only for posts of the connected account',
    'X shows about the latest 1,000 reposts of a post',
    'Replies hidden by the author or from protected accounts are not visible',
  ],
  defaultConfig: {
    postSettings: { postUrl: '', extractionTypes: ['retweeters', 'repliers'] },
    filteringSettings: { maxProfiles: 300, minFollowers: 0, excludeProtected: true },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      postSettings: {
        type: 'object',
        title: 'Post',
        properties: {
          postUrl: {
            type: 'string',
            title: 'Post URL',
            description: 'The post’s link, from "Copy link" in its share menu.',
            format: 'url',
            pattern: '^https?://(www\\.|mobile\\.)?(x|twitter)\\.com/[A-Za-z0-9_]{1,15}/status/\\d+',
            patternMessage: 'Post URL must look like https://x.com/username/status/1234567890',
            placeholder: 'https://x.com/username/status/1800000000000000000',
          },
          extractionTypes: {
            type: 'array',
            title: 'Who to collect',
            description: 'Likers only work on your own posts.',
            items: { type: 'string', enum: ['retweeters', 'quoters', 'repliers', 'likers'] },
            minItems: 1,
            default: ['retweeters', 'repliers'],
            'ui:options': {
              widget: 'checkboxes',
              labels: {
                retweeters: 'Reposts',
                quoters: 'Quotes',
                repliers: 'Replies',
                likers: 'Likes (own posts)',
              },
            },
          },
        },
        required: ['postUrl', 'extractionTypes'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 2000, default: 300 }),
          minFollowers: {
            type: 'integer',
            title: 'Minimum followers',
            description: 'Keep only accounts with at least this many followers.',
            minimum: 0,
            maximum: 100000000,
            default: 0,
          },
          excludeProtected: flag(
            'Skip protected accounts',
            'Leave out accounts whose posts are protected.',
            true,
          ),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['postSettings'],
  },
  examples: [
    {
      title: 'Everyone engaging with a viral post',
      description: 'Reposts, quotes and replies of a popular post in your niche.',
      config: {
        postSettings: {
          postUrl: 'https://x.com/acmeanalytics/status/1800000000000000001',
          extractionTypes: ['retweeters', 'quoters', 'repliers'],
        },
        filteringSettings: { maxProfiles: 1000, minFollowers: 0, excludeProtected: true },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Likers of my launch post',
      description: 'Everyone who liked your own announcement, to thank them personally.',
      config: {
        postSettings: {
          postUrl: 'https://x.com/trobly/status/1800000000000000002',
          extractionTypes: ['likers'],
        },
        filteringSettings: { maxProfiles: 500, minFollowers: 0, excludeProtected: false },
        exportSettings: { format: 'excel', skipDuplicates: false },
      },
    },
    {
      title: 'Influential repliers',
      description: 'Repliers with at least 1,000 followers: potential partners.',
      config: {
        postSettings: {
          postUrl: 'https://twitter.com/someexpert/status/1800000000000000003',
          extractionTypes: ['repliers'],
        },
        filteringSettings: { maxProfiles: 200, minFollowers: 1000, excludeProtected: true },
        exportSettings: { format: 'json', skipDuplicates: true },
      },
    },
  ],
};
