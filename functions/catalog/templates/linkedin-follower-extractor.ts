import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const linkedinFollowerExtractor: TemplateDefinition = {
  id: 'linkedin-follower-extractor',
  displayName: 'LinkedIn Follower Extractor',
  summary: 'Export the people who follow your LinkedIn profile or a company page you manage.',
  description:
    'Collects your LinkedIn followers (or the followers of a company page you are an admin of) with name, headline, location and profile link, so you can see who is paying attention and reach out to them first.',
  detailedDescription: `<h3>What it does</h3>
<p>The trob opens your follower list inside your own LinkedIn session and reads it page by page, the same way you would scroll through <em>My Network → Followers</em>. For a company page it reads the page's follower list, which LinkedIn shows to page admins only.</p>
<h3>How to use it</h3>
<ol>
<li>Leave the company page empty to export your own followers, or paste the page's URL.</li>
<li>Optionally keep only followers whose headline mentions one of your keywords.</li>
<li>Start the trob: leads appear in the run as they are found, and the run can be resumed if LinkedIn asks you to sign in again.</li>
</ol>
<h4>Good to know</h4>
<ul>
<li>Reading followers does not visit anyone's profile, so it does not use your daily profile-visit budget.</li>
<li>Followers are not necessarily connections: reach them with a connection request or an InMail.</li>
</ul>`,
  platform: 'linkedin',
  category: 'audience-research',
  difficulty: 'beginner',
  difficultyLevel: 1,
  successRate: 94,
  estimatedTime: '5-15 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Exports your own followers or a company page’s followers',
    'Name, headline, location, connection degree and profile URL for each follower',
    'Headline keyword filter to keep only your target audience',
    'Skips people you already collected in earlier runs',
    'Resumes where it stopped after a sign-in check',
  ],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'Admin access to the company page, when exporting a page’s followers',
  ],
  limitations: [
    'LinkedIn lists followers 50 at a time and search-based lists stop at about 1,000 results',
    'Only company pages you administer can be exported; other pages’ followers are not visible to you',
    'Followers who hide their profile from people outside their network appear as "LinkedIn Member" and are skipped',
  ],
  defaultConfig: {
    targetSettings: { companyPageUrl: '' },
    filteringSettings: { maxProfiles: 200, headlineKeywords: [], excludeOpenToWork: false },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      targetSettings: {
        type: 'object',
        title: 'Whose followers',
        properties: {
          companyPageUrl: {
            type: 'string',
            title: 'Company page URL',
            description: 'Leave empty to export your own followers. Company pages need admin access.',
            format: 'url',
            pattern: '^https?://([a-z]{2,3}\\.)?(www\\.)?linkedin\\.com/company/[^/?#]+/?',
            patternMessage: 'Company page URL must look like https://www.linkedin.com/company/your-company',
            placeholder: 'https://www.linkedin.com/company/your-company',
            default: '',
          },
        },
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 1000, default: 200 }),
          headlineKeywords: keywordFilter(
            'Headline keywords',
            'Keep only followers whose headline contains at least one of these words. Empty keeps everyone.',
          ),
          excludeOpenToWork: flag(
            'Skip job seekers',
            'Leave out followers whose headline says they are open to work or looking for a role.',
            false,
          ),
        },
      },
      exportSettings: exportSettings(),
    },
  },
  examples: [
    {
      title: 'My followers, decision makers only',
      description: 'Your own followers whose headline names a leadership role.',
      config: {
        targetSettings: { companyPageUrl: '' },
        filteringSettings: {
          maxProfiles: 300,
          headlineKeywords: ['founder', 'ceo', 'head of', 'director', 'vp'],
          excludeOpenToWork: true,
        },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Company page audience',
      description: 'Everyone following your company page, up to 1,000 people, as JSON.',
      config: {
        targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme-analytics' },
        filteringSettings: { maxProfiles: 1000, headlineKeywords: [], excludeOpenToWork: false },
        exportSettings: { format: 'json', skipDuplicates: false },
      },
    },
  ],
};
