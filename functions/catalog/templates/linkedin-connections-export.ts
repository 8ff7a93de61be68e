import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, keywordFilter, maxProfiles } from './settings';

export const linkedinConnectionsExport: TemplateDefinition = {
  id: 'linkedin-connections-export',
  displayName: 'LinkedIn Connections Export',
  summary: 'Export your 1st-degree LinkedIn connections with headline and connection date.',
  description:
    'Exports your LinkedIn connections with name, headline, profile link and the date you connected, newest first, so your network becomes a list you can sort, segment and import into your CRM.',
  detailedDescription: `<h3>What it does</h3>
<p>The trob reads your <em>My Network → Connections</em> list inside your own LinkedIn session, 40 connections at a time, and saves each one with the date you connected.</p>
<h3>When to use it</h3>
<ul>
<li>Back up your network or move it into a CRM.</li>
<li>Find the people you connected with recently and follow up while the connection is fresh.</li>
<li>Segment your network by headline keywords (for example everyone in "marketing").</li>
</ul>
<h4>Good to know</h4>
<p>Listing connections does not visit their profiles. Turn on <strong>Enrich profiles</strong> to also read each profile's location and current company: that visits each profile and uses your daily profile-visit budget, so the run is paced over several days for large networks.</p>`,
  platform: 'linkedin',
  category: 'network-export',
  difficulty: 'beginner',
  difficultyLevel: 1,
  successRate: 96,
  estimatedTime: '10-20 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Exports 1st-degree connections with name, headline, profile URL and connection date',
    'Sort by most recently added, first name or last name',
    'Only connections made after a chosen date, for follow-ups',
    'Optional profile enrichment with location and current company',
    'Headline keyword filter for segmenting your network',
  ],
  requirements: ['A connected LinkedIn account (synced with the Trobly browser extension)'],
  limitations: [
    'Only your own connections can be exported; LinkedIn does not show other members’ connection lists to automation',
    'Profile enrichment visits every profile and is held to about 80 profile visits a day to protect your account',
    'E-mail addresses are not collected: LinkedIn shows them only on each profile’s contact info, and only to some connections',
  ],
  defaultConfig: {
    connectionSettings: { sortBy: 'recentlyAdded', connectedAfter: '' },
    filteringSettings: { maxProfiles: 500, headlineKeywords: [], enrichProfiles: false },
    exportSettings: { format: 'csv', skipDuplicates: false },
  },
  configSchema: {
    type: 'object',
    properties: {
      connectionSettings: {
        type: 'object',
        title: 'Connections',
        properties: {
          sortBy: {
            type: 'string',
            title: 'Order',
            enum: ['recentlyAdded', 'firstName', 'lastName'],
            default: 'recentlyAdded',
            'ui:options': {
              widget: 'select',
              labels: { recentlyAdded: 'Recently added', firstName: 'First name', lastName: 'Last name' },
            },
          },
          connectedAfter: {
            type: 'string',
            title: 'Connected after',
            description:
              'Only connections made on or after this date (YYYY-MM-DD). Needs the "Recently added" order.',
            pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
            patternMessage: 'Connected after must be a date like 2025-01-31',
            placeholder: '2025-01-31',
            default: '',
            'ui:options': { widget: 'date' },
          },
        },
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({ maximum: 5000, default: 500 }),
          headlineKeywords: keywordFilter(
            'Headline keywords',
            'Keep only connections whose headline contains at least one of these words. Empty keeps everyone.',
          ),
          enrichProfiles: flag(
            'Enrich profiles',
            'Visit each profile for location and current company. Slower: uses your daily profile-visit budget.',
            false,
          ),
        },
      },
      exportSettings: exportSettings(false),
    },
  },
  examples: [
    {
      title: 'Full network backup',
      description: 'Every connection, newest first, as a spreadsheet.',
      config: {
        connectionSettings: { sortBy: 'recentlyAdded', connectedAfter: '' },
        filteringSettings: { maxProfiles: 5000, headlineKeywords: [], enrichProfiles: false },
        exportSettings: { format: 'excel', skipDuplicates: false },
      },
    },
    {
      title: 'New connections to follow up',
      description: 'Connections made since the start of the quarter, enriched with company and location.',
      config: {
        connectionSettings: { sortBy: 'recentlyAdded', connectedAfter: '2026-01-01' },
        filteringSettings: { maxProfiles: 100, headlineKeywords: [], enrichProfiles: true },
        exportSettings: { format: 'csv', skipDuplicates: true },
      },
    },
    {
      title: 'Marketing people in my network',
      description: 'Connections whose headline mentions marketing or growth.',
      config: {
        connectionSettings: { sortBy: 'lastName', connectedAfter: '' },
        filteringSettings: {
          maxProfiles: 1000,
          headlineKeywords: ['marketing', 'growth', 'demand generation'],
          enrichProfiles: false,
        },
        exportSettings: { format: 'csv', skipDuplicates: false },
      },
    },
  ],
};
