import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const instagramPostEngagers: TemplateDefinition = {
  id: 'instagram-post-engagers',
  displayName: 'Instagram Post Engagers',
  summary: 'Collect the accounts that liked or commented on an Instagram post or reel.',
  description:
    'Collects the likers and commenters of an Instagram post or reel with username, full name and comment text: find the people actively engaging with a creator, a brand or a campaign.',
  detailedDescription: `<h3>What it does</h3>
<p>Paste the link of an Instagram post or reel. The trob reads its likes and comments inside your own Instagram session and saves each account once, with the comment text for commenters.</p>
<h3>Finding the right people</h3>
<ul>
<li>Use <strong>Comment keywords</strong> to keep only commenters asking about price, availability or a product ("price", "link", "how").</li>
<li>Commenters are usually warmer leads than likers: they took the time to write.</li>
</ul>
<h4>Go slow on Instagram</h4>
<p>The trob reads at a deliberately slow pace and stops at the first Instagram challenge, so you can confirm it is you in the Instagram app and resume.</p>`,
  platform: 'instagram',
  category: 'lead-generation',
  difficulty: 'advanced',
  difficultyLevel: 3,
  successRate: 80,
  estimatedTime: '10-20 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Likers and commenters of posts and reels',
    'Comment text, time and like count saved with each commenter',
    'Comment keyword filter for buying signals',
    'Each account saved once, even if it liked and commented',
    'Stops cleanly on an Instagram challenge and resumes without duplicates',
  ],
  requirements: [
    'A connected Instagram account (synced with the Trobly browser extension)',
    'The link of a post or reel your account can see',
  ],
  limitations: [
    'Instagram shows only part of the likers of a very popular post (often about 1,000)',
    'Posts that hide their like count still list likers only to the author',
    'Posts of private accounts can be read only if your account follows them',
  ],
  defaultConfig: {
    postSettings: { instagramPostUrl: '', extractionTypes: ['likers', 'commenters'] },
    filteringSettings: { maxProfiles: 200, commentKeywords: [], excludePrivate: false },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      postSettings: {
        type: 'object',
        title: 'Post',
        properties: {
          instagramPostUrl: {
            type: 'string',
            title: 'Instagram post URL',
            description: 'The post’s or reel’s link, from "Copy link" in its menu.',
            format: 'url',
            pattern: '^https?://(www\\.)?instagram\\.com/(p|reel|reels)/[A-Za-z0-9_-]+',
            patternMessage: 'Instagram post URL must look like https://www.instagram.com/p/ABC123xyz/',
            placeholder: 'https://www.instagram.com/p/C1a2B3c4D5e/',
          },
          extractionTypes: {
            type: 'array',
            title: 'Who to collect',
            items: { type: 'string', enum: ['likers', 'commenters'] },
            minItems: 1,
            default: ['likers', 'commenters'],
            'ui:options': { widget: 'checkboxes', labels: { likers: 'Likers', commenters: 'Commenters' } },
          },
        },
        required: ['instagramPostUrl', 'extractionTypes'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 1000, default: 200 }),
          commentKeywords: keywordFilter(
            'Comment keywords',
            'Keep only commenters whose comment contains one of these words. Likers are not affected.',
          ),
          excludePrivate: flag('Skip private accounts', 'Leave out private accounts.', false),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['postSettings'],
  },
  examples: [
    {
      title: 'Buying signals in comments',
      description: 'Commenters asking about price or where to buy.',
      config: {
        postSettings: {
          instagramPostUrl: 'https://www.instagram.com/p/C1a2B3c4D5e/',
          extractionTypes: ['commenters'],
        },
        filteringSettings: {
          maxProfiles: 300,
          commentKeywords: ['price', 'how much', 'link', 'where'],
          excludePrivate: false,
        },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Reel engagement',
      description: 'Everyone who liked or commented on a campaign reel, public accounts only.',
      config: {
        postSettings: {
          instagramPostUrl: 'https://www.instagram.com/reel/C9z8Y7x6W5v/',
          extractionTypes: ['likers', 'commenters'],
        },
        filteringSettings: { maxProfiles: 1000, commentKeywords: [], excludePrivate: true },
        exportSettings: { format: 'json', skipDuplicates: true },
      },
    },
  ],
};
