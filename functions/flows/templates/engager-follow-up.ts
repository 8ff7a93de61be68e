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

/** (d) Comments on the newest post of people on your topic, invites them and carries on once they accept. */
export const engagerFollowUp: FlowTemplateDefinition = {
  id: 'linkedin-engager-follow-up-flow',
  displayName: 'Comment, Connect and Follow Up',
  summary:
    'Comments on the newest post of people on your topic, invites them and carries on once they accept.',
  description:
    'Finds people whose profiles match the topic of your keywords, comments on their newest post in your ' +
    'comment strategy, sends a connection request in the same run and, once they accept, one message that ' +
    'carries the conversation on.',
  platform: 'linkedin',
  category: 'event-follow-up',
  difficulty: 'intermediate',
  estimatedTime: '15-25 min',
  successRate: 52,
  stages: [
    {
      id: 'approved',
      name: 'Send what you approved',
      description:
        'First settles any comment, invitation or message an interrupted run left unfinished, then sends the ' +
        'comments, invitations and messages you approved in the review queue, oldest first.',
      estimatedDuration: '1-3 min',
    },
    {
      id: 'discover',
      name: 'Find people on your topic',
      description:
        'This flow’s prospects of the last 7 days whose comment or invitation waited for a spent daily budget ' +
        'go first. Then a LinkedIn people search with your keywords, industries, countries, job titles and ' +
        'company sizes finds up to your prospects per run of new people, and skips anyone a flow or trob of ' +
        'this LinkedIn account reached before.',
      estimatedDuration: '2-4 min',
    },
    {
      id: 'enrich',
      name: 'Read profiles',
      description:
        'Opens each new profile once, within the account’s daily profile-view budget, for the current title, ' +
        'company, headline, location and skills.',
      estimatedDuration: '3-6 min',
    },
    {
      id: 'score',
      name: 'Qualify',
      description:
        'Scores each prospect from 0 to 100 against your targeting and company description, as hot, warm or ' +
        'cold, with the reasons. Nobody below the flow’s minimum match is contacted; the best scored go first.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'comment',
      name: 'Comment on their newest post',
      description:
        'Reads each prospect’s most recent posts (one profile view) and comments on the newest one in your ' +
        'comment strategy, at most once. Someone without a recent post goes straight to the invitation.',
      estimatedDuration: '5-8 min',
    },
    {
      id: 'connect',
      name: 'Invite',
      description:
        'Sends each a connection request, best scored first, with a note in your tone and connection approach ' +
        'while the account may add one, and without a note after that. The weekly invitation budget and the ' +
        'pending-invitations limit stop it; invitations still unanswered after the withdraw-after days are ' +
        'withdrawn.',
      estimatedDuration: '4-8 min',
    },
    {
      id: 'follow-up',
      name: 'Continue the conversation',
      description:
        'Checks who accepted or declined the flow’s invitations and sends each person who accepted one message, ' +
        'never before they accept, written from their profile and your company description. Replies are read, ' +
        'and anyone who replied is left to you.',
      estimatedDuration: '2-4 min',
    },
  ],
  features: [
    {
      name: 'Topic targeting',
      description:
        'Every word of your keywords must appear in a prospect’s name, headline, title, company or skills, ' +
        'within your industries and countries.',
      tags: ['targeting', 'search'],
    },
    {
      name: 'A comment first',
      description:
        'Your comment on their newest post comes just before the connection request, in the same run, so the ' +
        'invitation is not cold.',
      tags: ['engagement', 'comments'],
    },
    {
      name: 'Conversation on acceptance',
      description: 'One message goes out in the run after someone accepts, never before and never twice.',
      tags: ['ai', 'messaging'],
    },
    {
      name: 'No double contact',
      description: 'Anyone a flow or trob of this LinkedIn account reached before is skipped by the search.',
      tags: ['deduplication', 'safety'],
    },
    {
      name: 'Review before sending',
      description:
        'Under review mode, comments, notes and messages (every invitation too, with Review everything) wait ' +
        'in the flow’s review queue for your approval for up to 7 days.',
      tags: ['review', 'safety'],
    },
  ],
  tags: ['linkedin', 'comments', 'warm-outreach', 'connection-requests', 'messaging'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'Keywords that name your topic, with industries and countries to search in',
    'A company description of 50 to 500 characters for comments, notes and messages',
  ],
  limitations: [
    'The search reads profiles, not posts: the keywords must appear in a person’s name, headline, title, company or skills',
    'People without a recent post get no comment; they are invited without one',
    'Only the newest post gets a comment, once; this flow gives no likes',
    'LinkedIn allows about 100 invitations a week, shared with every other flow of the account',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month (200 characters each); the best scored get those first',
  ],
  detailedDescription:
    '<p>This flow opens the conversation on the prospect’s own ground: a comment under their newest ' +
    'post. The invitation follows in the same run, and once they accept a message carries the conversation ' +
    'on.</p>' +
    '<h3>What a run does</h3>' +
    '<ul><li><strong>Finds</strong> new people matching every keyword, in your industries and countries, and ' +
    'scores their fit.</li>' +
    '<li><strong>Comments</strong> on each one’s newest post in your comment strategy.</li>' +
    '<li><strong>Invites</strong> them, with a note while the account has notes left.</li>' +
    '<li><strong>Continues</strong> the conversation with one message to each person who accepted.</li></ul>' +
    '<h3>Good to know</h3>' +
    '<p>Pick keywords people put in their headline or skills, such as <em>growth</em> or <em>demand ' +
    'generation</em>. Ask Questions is a good comment strategy here: a question invites a reply.</p>',
  examples: [
    {
      title: 'Employer-branding conversation',
      description: 'People whose profiles mention employer branding, in seven industries, worldwide.',
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
      title: 'B2B professionals',
      description: 'People whose profiles mention B2B, in eight industries, worldwide.',
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
      title: 'Demand-generation professionals',
      description: 'People whose profiles mention demand generation, in eight industries, worldwide.',
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
  writes: ['comment', 'invite', 'message'],
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
      'Keywords name your topic: every word must appear in a prospect’s name, headline, title, company or ' +
      'skills. Industries, keywords and countries are required; job titles and company sizes narrow the search.',
    messaging:
      'The comment strategy decides what each comment adds; the company description and the tone shape ' +
      'comments, notes and the message after acceptance; the connection approach sets how notes introduce you.',
    execution:
      'Prospects per run (5 to 15) is how many new people each run comments on and invites; the account’s ' +
      'weekly invitation budget still applies. Unanswered invitations are withdrawn after the withdraw-after ' +
      'days.',
    workingHours:
      'Comments, invitations and messages go out only in the working hours of the flow’s time zone; set it to ' +
      'where your audience is, which may differ from yours.',
  },
};
