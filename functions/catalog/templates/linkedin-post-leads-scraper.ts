import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const REACTION_TYPES = ['LIKE', 'PRAISE', 'EMPATHY', 'INTEREST', 'APPRECIATION', 'ENTERTAINMENT'];

export const linkedinPostLeadsScraper: TemplateDefinition = {
  id: 'linkedin-post-leads-scraper',
  displayName: 'LinkedIn Post Leads Scraper',
  summary: 'Turn the people who react to or comment on a LinkedIn post into a lead list.',
  description:
    'Collects everyone who liked (or otherwise reacted to) and commented on a LinkedIn post, with their name, headline, connection degree, profile link and comment text: warm leads who already showed interest in the topic.',
  detailedDescription: `<h3>What it does</h3>
<p>Give it the link of any LinkedIn post, yours or someone else's. The trob reads the post's reactions list and its comments inside your own LinkedIn session and saves each person once, marking whether they <strong>reacted</strong>, <strong>commented</strong> or both.</p>
<h3>Why it works</h3>
<p>People who engage with a post about a problem are telling you they care about it. A competitor's or an influencer's post in your niche is one of the best sources of warm leads on LinkedIn.</p>
<h3>How to use it</h3>
<ol>
<li>Open the post on LinkedIn, choose <em>Copy link to post</em> and paste the link here.</li>
<li>Choose likers, commenters or both, and optionally the reaction types to keep.</li>
<li>Start the trob and follow its progress live.</li>
</ol>
<h4>Good to know</h4>
<ul>
<li>Comment text is saved with each commenter so you can personalise your first message.</li>
<li>Replies to comments are included; the post's author is left out unless you ask for them.</li>
</ul>`,
  platform: 'linkedin',
  category: 'lead-generation',
  difficulty: 'beginner',
  difficultyLevel: 1,
  successRate: 92,
  estimatedTime: '5-10 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Collects likers, commenters or both from any public post',
    'Filters by reaction type (Like, Celebrate, Support, Insightful, Love, Funny)',
    'Saves each commenter’s comment text for personalised outreach',
    'Headline keyword filter to keep only your ideal customer profile',
    'Each person saved once, even if they both reacted and commented',
  ],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The link of a post your LinkedIn account can see',
  ],
  limitations: [
    'LinkedIn shows reactions in pages of 10, so large posts take longer: about 1,000 reactions in 10 minutes',
    'Posts limited to a group or to connections only can be read only if your account can see them',
    'People outside your network may appear with a shortened name or as "LinkedIn Member"',
    'Reposts without a comment are not included',
  ],
  defaultConfig: {
    postSettings: {
      linkedinPostUrl: '',
      extractionTypes: ['likers', 'commenters'],
      reactionTypes: [...REACTION_TYPES],
    },
    filteringSettings: { maxProfiles: 200, headlineKeywords: [], includePostAuthor: false },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      postSettings: {
        type: 'object',
        title: 'Post',
        properties: {
          linkedinPostUrl: {
            type: 'string',
            title: 'LinkedIn post URL',
            description: 'The post’s link, from "Copy link to post" in the post’s menu.',
            format: 'url',
            pattern:
              '^https?://([a-z]{2,3}\\.)?(www\\.)?linkedin\\.com/(posts/[^/?#]+|feed/update/urn:li:(activity|share|ugcPost):\\d+)',
            patternMessage:
              'LinkedIn post URL must be a post link such as https://www.linkedin.com/posts/… or https://www.linkedin.com/feed/update/urn:li:activity:…',
            placeholder: 'https://www.linkedin.com/posts/jane-doe_growth-activity-7200000000000000000-AbCd',
            examples: ['https://www.linkedin.com/feed/update/urn:li:activity:7200000000000000000/'],
          },
          extractionTypes: {
            type: 'array',
            title: 'Who to collect',
            description: 'People who reacted to the post, people who commented, or both.',
            items: { type: 'string', enum: ['likers', 'commenters'] },
            minItems: 1,
            default: ['likers', 'commenters'],
            'ui:options': { widget: 'checkboxes', labels: { likers: 'Likers', commenters: 'Commenters' } },
          },
          reactionTypes: {
            type: 'array',
            title: 'Reaction types',
            description: 'Keep only likers who used one of these reactions.',
            items: { type: 'string', enum: REACTION_TYPES },
            minItems: 1,
            default: [...REACTION_TYPES],
            'ui:options': {
              widget: 'checkboxes',
              labels: {
                LIKE: 'Like',
                PRAISE: 'Celebrate',
                EMPATHY: 'Love',
                INTEREST: 'Insightful',
                APPRECIATION: 'Support',
                ENTERTAINMENT: 'Funny',
              },
            },
          },
        },
        required: ['linkedinPostUrl', 'extractionTypes'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 1000, default: 200 }),
          headlineKeywords: keywordFilter(
            'Headline keywords',
            'Keep only people whose headline contains at least one of these words. Empty keeps everyone.',
          ),
          includePostAuthor: flag(
            'Include the post’s author',
            'Also save the author when they reply in the comments.',
            false,
          ),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['postSettings'],
  },
  examples: [
    {
      title: 'Competitor post, all engagers',
      description: 'Everyone who reacted to or commented on a competitor’s product announcement.',
      config: {
        postSettings: {
          linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7211111111111111111/',
          extractionTypes: ['likers', 'commenters'],
          reactionTypes: [...REACTION_TYPES],
        },
        filteringSettings: { maxProfiles: 500, headlineKeywords: [], includePostAuthor: false },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Commenters only, sales leaders',
      description: 'Commenters on an industry post whose headline mentions a sales role.',
      config: {
        postSettings: {
          linkedinPostUrl:
            'https://www.linkedin.com/posts/jane-doe_saas-pipeline-activity-7222222222222222222-Xy9Z',
          extractionTypes: ['commenters'],
          reactionTypes: [...REACTION_TYPES],
        },
        filteringSettings: {
          maxProfiles: 150,
          headlineKeywords: ['sales', 'revenue', 'business development'],
          includePostAuthor: false,
        },
        exportSettings: { format: 'excel', skipDuplicates: true },
      },
    },
    {
      title: 'Insightful and Celebrate reactions',
      description: 'Only likers who picked Insightful or Celebrate: the most engaged readers.',
      config: {
        postSettings: {
          linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7233333333333333333/',
          extractionTypes: ['likers'],
          reactionTypes: ['INTEREST', 'PRAISE'],
        },
        filteringSettings: { maxProfiles: 300, headlineKeywords: [], includePostAuthor: false },
        exportSettings: { format: 'json', skipDuplicates: true },
      },
    },
  ],
};
