import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, keywordFilter, maxProfiles } from './settings';

export const linkedinSearchExport: TemplateDefinition = {
  id: 'linkedin-search-export',
  displayName: 'LinkedIn Search Export',
  summary: 'Export the people results of a LinkedIn search, with filters for network, location and company.',
  description:
    'Runs a LinkedIn people search with your keywords and filters and exports every result with name, headline, location, connection degree and profile link: build a targeted prospect list in minutes.',
  detailedDescription: `<h3>What it does</h3>
<p>The trob runs the same people search you would run on LinkedIn, inside your own session, and saves each result page by page. Results are read from the search pages, so no profile is visited and your profile-visit budget stays untouched.</p>
<h3>How to build a good search</h3>
<ol>
<li>Start with role keywords, for example <em>"head of marketing" SaaS</em>. LinkedIn supports quotes, AND, OR and NOT.</li>
<li>Narrow by network degree, location or current company.</li>
<li>Keep the result count under 1,000: split a larger audience into several searches (for example by location).</li>
</ol>
<h4>Good to know</h4>
<ul>
<li>Free LinkedIn accounts have a monthly commercial-use limit on searches; when LinkedIn signals it, the run stops and keeps what it collected.</li>
<li>Results are de-duplicated against your earlier runs if you keep <strong>Skip leads you already have</strong> on.</li>
</ul>`,
  platform: 'linkedin',
  category: 'lead-generation',
  difficulty: 'intermediate',
  difficultyLevel: 2,
  successRate: 90,
  estimatedTime: '10-20 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Keyword search with LinkedIn’s boolean operators (quotes, AND, OR, NOT)',
    'Filters for connection degree, locations and current companies',
    'Name, headline, location, connection degree and profile URL for each result',
    'Reads result pages only: no profile visits',
    'Headline keyword filter on top of the search',
  ],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'LinkedIn Premium or Sales Navigator is recommended for more than a few hundred searches a month',
  ],
  limitations: [
    'LinkedIn returns at most about 1,000 results per search (100 pages of 10)',
    'Free accounts hit LinkedIn’s monthly commercial-use search limit after a few hundred searches',
    'Out-of-network results may show as "LinkedIn Member" without a name and are skipped',
  ],
  defaultConfig: {
    searchSettings: { keywords: '', network: ['S', 'O'], locations: [], currentCompanies: [] },
    filteringSettings: { maxProfiles: 100, headlineKeywords: [] },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      searchSettings: {
        type: 'object',
        title: 'Search',
        properties: {
          keywords: {
            type: 'string',
            title: 'Keywords',
            description: 'What you would type in LinkedIn’s search box. Quotes, AND, OR and NOT work.',
            minLength: 2,
            maxLength: 200,
            placeholder: '"head of marketing" AND SaaS',
            examples: ['"VP Sales" fintech', 'recruiter NOT agency'],
          },
          network: {
            type: 'array',
            title: 'Connection degree',
            items: { type: 'string', enum: ['F', 'S', 'O'] },
            default: ['S', 'O'],
            'ui:options': { widget: 'checkboxes', labels: { F: '1st', S: '2nd', O: '3rd+' } },
          },
          locations: {
            type: 'array',
            title: 'Locations',
            description: 'Cities, regions or countries, as LinkedIn names them. Empty searches everywhere.',
            items: { type: 'string', minLength: 2, maxLength: 100 },
            maxItems: 10,
            default: [],
            placeholder: 'Berlin, Germany',
            'ui:options': { widget: 'tags' },
          },
          currentCompanies: {
            type: 'array',
            title: 'Current companies',
            description: 'Only people who work at one of these companies now. Empty means any company.',
            items: { type: 'string', minLength: 1, maxLength: 100 },
            maxItems: 10,
            default: [],
            placeholder: 'Acme Analytics',
            'ui:options': { widget: 'tags' },
          },
        },
        required: ['keywords'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({
            maximum: 1000,
            default: 100,
            description: 'The run stops after this many results. LinkedIn itself stops at about 1,000.',
          }),
          headlineKeywords: keywordFilter(
            'Headline keywords',
            'Keep only results whose headline contains at least one of these words. Empty keeps everyone.',
          ),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['searchSettings'],
  },
  examples: [
    {
      title: 'SaaS marketing leaders',
      description: 'Heads of marketing at SaaS companies in your 2nd and 3rd-degree network.',
      config: {
        searchSettings: {
          keywords: '"head of marketing" SaaS',
          network: ['S', 'O'],
          locations: ['United States'],
          currentCompanies: [],
        },
        filteringSettings: { maxProfiles: 500, headlineKeywords: [] },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Recruiters in Berlin',
      description: 'In-house recruiters (no agencies) based in Berlin.',
      config: {
        searchSettings: {
          keywords: 'recruiter NOT agency',
          network: ['F', 'S', 'O'],
          locations: ['Berlin, Germany'],
          currentCompanies: [],
        },
        filteringSettings: { maxProfiles: 200, headlineKeywords: ['talent', 'recruit'] },
        exportSettings: { format: 'excel', skipDuplicates: true },
      },
    },
    {
      title: 'Engineers at target accounts',
      description: 'Engineering managers at a short list of target companies.',
      config: {
        searchSettings: {
          keywords: 'engineering manager',
          network: ['S', 'O'],
          locations: [],
          currentCompanies: ['Acme Analytics', 'Globex'],
        },
        filteringSettings: { maxProfiles: 100, headlineKeywords: [] },
        exportSettings: { format: 'json', skipDuplicates: true },
      },
    },
  ],
};
