import { DEFAULT_MINIMUM_MATCH } from '../../../shared/flow-options';
import { DEFAULT_EXECUTION_SETTINGS, type FlowTemplateDefinition } from '../../../shared/flows';
import { INDUSTRY, WORLDWIDE } from './audiences';

const eightIndustries = [
  INDUSTRY.fuelCellManufacturing,
  INDUSTRY.barsTavernsAndNightclubs,
  INDUSTRY.personalCareProductManufacturing,
  INDUSTRY.environmentalServices,
  INDUSTRY.regenerativeDesign,
  INDUSTRY.retailMotorVehicles,
  INDUSTRY.alternativeFuelVehicleManufacturing,
  INDUSTRY.buildingFinishingContractors,
];

const growthEngagers = {
  keywords: 'growth',
  industries: eightIndustries.slice(0, 6),
  jobTitles: [],
  locations: WORLDWIDE,
  companySize: [],
};

/** (d) Follows up the people who reacted to or commented on posts and events about your topic. */
export const engagerFollowUp: FlowTemplateDefinition = {
  id: 'linkedin-engager-follow-up-flow',
  displayName: 'Post and Event Engager Follow-up',
  summary: 'Connects with the people who react to and comment on posts and events about your topic.',
  description:
    'Finds recent posts and event announcements about your keywords, collects who reacted and commented, ' +
    'keeps those who match your targeting and invites them with a note about the post or event they ' +
    'engaged with, then follows up once they accept.',
  platform: 'linkedin',
  category: 'event-follow-up',
  difficulty: 'intermediate',
  estimatedTime: '15-25 min',
  successRate: 52,
  stages: [
    {
      id: 'find-posts',
      name: 'Find posts and events',
      description:
        'Looks for posts and event announcements of the last 14 days about your keywords, including your own, ' +
        'and keeps those with at least a handful of reactions.',
      estimatedDuration: '2-4 min',
    },
    {
      id: 'collect-engagers',
      name: 'Collect the engagers',
      description:
        'Lists who reacted to and commented on each post, with what they wrote, and drops people the flow ' +
        'has already contacted.',
      estimatedDuration: '3-6 min',
    },
    {
      id: 'qualify',
      name: 'Qualify',
      description:
        'Keeps engagers who match your industries, countries, job titles and company sizes, and scores them; ' +
        'commenters score above likers because they said something.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'connect',
      name: 'Invite with context',
      description:
        'Sends a connection request whose note names the post or event and, for commenters, the point they ' +
        'made.',
      estimatedDuration: '4-8 min',
    },
    {
      id: 'follow-up',
      name: 'Continue the thread',
      description:
        'After they accept, sends a message that continues the topic of the post, with a question rather than ' +
        'an offer.',
      estimatedDuration: '2-4 min',
    },
  ],
  features: [
    {
      name: 'Topic-based post discovery',
      description: 'Posts and events are found by your keywords, so the audience arrives already interested.',
      tags: ['search', 'posts', 'events'],
    },
    {
      name: 'Likers and commenters',
      description: 'Both are collected; commenters are ranked first and their own words are kept.',
      tags: ['engagement', 'scoring'],
    },
    {
      name: 'Context-rich notes',
      description: 'Each invitation refers to the exact post or event, never a generic hello.',
      tags: ['ai', 'messaging'],
    },
    {
      name: 'No double contact',
      description: 'Someone who engaged with several posts is contacted once, about the most recent one.',
      tags: ['deduplication', 'safety'],
    },
  ],
  tags: ['linkedin', 'events', 'post-engagers', 'warm-outreach', 'connection-requests'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'Keywords that name the topic of the posts or events to mine, with industries and countries to qualify engagers',
    'A company description of 50 to 500 characters for notes and follow-ups',
  ],
  limitations: [
    'Only posts and events of the last 14 days are mined; older conversations are left alone',
    'Reactions on posts limited to the author’s connections cannot be read and are skipped',
    'LinkedIn allows about 100 invitations a week, shared with every other flow of the account',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month; commenters get those first',
  ],
  detailedDescription:
    '<p>The people who react to a post or an event about your topic have just told you what they care ' +
    'about. This flow finds those conversations, qualifies who took part and invites them with a note about ' +
    'the exact post or event, while it is still fresh.</p>' +
    '<h3>What a run does</h3>' +
    '<ul><li><strong>Finds</strong> recent posts and event announcements about your keywords.</li>' +
    '<li><strong>Collects</strong> their likers and commenters, commenters first.</li>' +
    '<li><strong>Invites</strong> those matching your targeting, with context.</li>' +
    '<li><strong>Continues</strong> the topic once they accept.</li></ul>' +
    '<h3>Good to know</h3>' +
    '<p>Run it around webinars, conferences and launches: 4 runs a day during an event week, 2 after. Your ' +
    'own posts count too, so it also follows up the people who engage with you.</p>',
  examples: [
    {
      title: 'Employer-branding conversation',
      description: 'People engaging with posts about employer branding, in seven industries, worldwide.',
      config: {
        targetingSettings: {
          keywords: 'employer branding',
          industries: [
            INDUSTRY.fuelCellManufacturing,
            INDUSTRY.barsTavernsAndNightclubs,
            INDUSTRY.personalCareProductManufacturing,
            INDUSTRY.environmentalServices,
            INDUSTRY.regenerativeDesign,
            INDUSTRY.homeHealthCareServices,
            INDUSTRY.fundraising,
          ],
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'B2B webinar audience',
      description: 'Engagers of B2B marketing webinars and their announcement posts, in eight industries.',
      config: {
        targetingSettings: {
          keywords: 'b2b',
          industries: eightIndustries,
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'Demand-generation event attendees',
      description: 'People reacting to demand-generation conference and meetup posts, in eight industries.',
      config: {
        targetingSettings: {
          keywords: 'demand generation',
          industries: eightIndustries,
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
  ],
  defaultConfig: {
    targetingSettings: { ...growthEngagers, minimumMatch: DEFAULT_MINIMUM_MATCH },
    messagingSettings: {
      companyDescription:
        'We host a monthly online growth meetup for B2B marketers and publish the playbooks our speakers share, ' +
        'free for everyone who attends.',
      messageTone: 'conversational',
      connectionRequestStyle: 'industry-focus',
      commentStyle: 'ask-questions',
    },
    executionSettings: DEFAULT_EXECUTION_SETTINGS,
  },
  maxRunsPerDay: 4,
  configurationNotes: {
    targeting:
      'Keywords choose the posts and events (their topic); industries, countries, job titles and company ' +
      'sizes qualify the people who engaged. Industries, keywords and countries are required.',
    messaging:
      'Notes and follow-ups quote the post or event; the company description explains why you are writing ' +
      'and the connection approach how you introduce yourself.',
    execution:
      'Prospects per run (5 to 15) is how many qualified engagers each run invites. During an event week ' +
      'raise runs per day to 4; the account’s weekly invitation budget still applies.',
    workingHours:
      'Invitations and messages go out only in the working hours of the flow’s time zone; set it to where ' +
      'your audience is, which may differ from yours.',
  },
};
