import type { TemplateDefinition } from '../../../shared/catalogue';
import { exportSettings, flag, maxProfiles } from './settings';

const PROFILE_SECTIONS = ['about', 'experience', 'education', 'skills'];

export const linkedinProfileCollector: TemplateDefinition = {
  id: 'linkedin-profile-collector',
  displayName: 'LinkedIn Profile Collector',
  summary: 'Collect full profile details from a list of LinkedIn profile URLs.',
  description:
    'Visits each LinkedIn profile in your list and saves name, headline, location, about text, current and past positions, education and skills: turn a list of links into a rich, structured lead file.',
  detailedDescription: `<h3>What it does</h3>
<p>Paste up to 100 LinkedIn profile links (from a spreadsheet, a CRM or another trob's export). The trob opens each profile inside your own LinkedIn session, at a human pace, and saves the sections you choose.</p>
<h3>Sections you can collect</h3>
<ul>
<li><strong>About</strong>: the profile's summary text.</li>
<li><strong>Experience</strong>: company, title, dates and location of each position.</li>
<li><strong>Education</strong>: school, degree and years.</li>
<li><strong>Skills</strong>: the listed skills.</li>
</ul>
<h4>Pacing</h4>
<p>Every profile is a visit LinkedIn counts. The trob keeps to a conservative daily visit budget shared with your other trobs and spreads larger lists over several days; the run shows when it will continue.</p>`,
  platform: 'linkedin',
  category: 'data-enrichment',
  difficulty: 'intermediate',
  difficultyLevel: 2,
  successRate: 88,
  estimatedTime: '15-30 min',
  isFlow: false,
  isSmartFlow: false,
  features: [
    'Up to 100 profile URLs per run, repeats removed automatically',
    'Name, headline, location and profile picture for every profile',
    'Optional about, experience, education and skills sections',
    'Human-like pacing with random pauses between visits',
    'Unreachable or private profiles are reported, not silently dropped',
  ],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'Profile URLs of the form https://www.linkedin.com/in/<name>',
  ],
  limitations: [
    'Profile visits are held to about 80 a day per LinkedIn account, so 100 profiles can take two days',
    'Profiles outside your network may hide some sections or show only the first name and initial',
    'Sales Navigator links (/sales/lead/...) are not supported: use the public /in/ link',
  ],
  defaultConfig: {
    profileSettings: { profileUrls: [], sections: ['about', 'experience'] },
    filteringSettings: { maxProfiles: 50, skipOutOfNetwork: false },
    exportSettings: { format: 'csv', skipDuplicates: true },
  },
  configSchema: {
    type: 'object',
    properties: {
      profileSettings: {
        type: 'object',
        title: 'Profiles',
        properties: {
          profileUrls: {
            type: 'array',
            title: 'Profile URLs',
            description: 'One LinkedIn profile link per line, at most 100.',
            items: {
              type: 'string',
              format: 'url',
              pattern: '^https?://([a-z]{2,3}\\.)?(www\\.)?linkedin\\.com/in/[^/?#]+/?',
              patternMessage: 'Each profile URL must look like https://www.linkedin.com/in/jane-doe',
            },
            minItems: 1,
            maxItems: 100,
            placeholder: 'https://www.linkedin.com/in/jane-doe\nhttps://www.linkedin.com/in/john-smith',
            'ui:options': { widget: 'textarea', rows: 8, splitLines: true },
          },
          sections: {
            type: 'array',
            title: 'Sections to collect',
            description: 'Name, headline and location are always collected.',
            items: { type: 'string', enum: PROFILE_SECTIONS },
            default: ['about', 'experience'],
            'ui:options': {
              widget: 'checkboxes',
              labels: { about: 'About', experience: 'Experience', education: 'Education', skills: 'Skills' },
            },
          },
        },
        required: ['profileUrls'],
      },
      filteringSettings: {
        type: 'object',
        title: 'Filtering',
        properties: {
          maxProfiles: maxProfiles({
            maximum: 100,
            default: 50,
            description: 'The run stops after this many profiles, even if the list is longer.',
          }),
          skipOutOfNetwork: flag(
            'Skip 3rd-degree profiles',
            'Leave out profiles outside your network, which usually show fewer details.',
            false,
          ),
        },
      },
      exportSettings: exportSettings(),
    },
    required: ['profileSettings'],
  },
  examples: [
    {
      title: 'Enrich a short prospect list',
      description: 'Three prospects with their full work history and education.',
      config: {
        profileSettings: {
          profileUrls: [
            'https://www.linkedin.com/in/jane-doe',
            'https://www.linkedin.com/in/john-smith-42',
            'https://www.linkedin.com/in/maria-garcia-growth/',
          ],
          sections: ['about', 'experience', 'education'],
        },
        filteringSettings: { maxProfiles: 3, skipOutOfNetwork: false },
        exportSettings: { format: 'excel', skipDuplicates: false },
      },
    },
    {
      title: 'Skills research',
      description: 'Skills and experience of candidates you are considering.',
      config: {
        profileSettings: {
          profileUrls: [
            'https://www.linkedin.com/in/alex-chen-dev',
            'https://www.linkedin.com/in/priya-nair',
          ],
          sections: ['experience', 'skills'],
        },
        filteringSettings: { maxProfiles: 100, skipOutOfNetwork: true },
        exportSettings: { format: 'json', skipDuplicates: true },
      },
    },
  ],
};
