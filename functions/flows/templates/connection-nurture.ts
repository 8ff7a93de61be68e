import { DEFAULT_MINIMUM_MATCH } from '../../../shared/flow-options';
import { DEFAULT_EXECUTION_SETTINGS, type FlowTemplateDefinition } from '../../../shared/flows';
import { INDUSTRY, WORLDWIDE } from './audiences';

const sixIndustries = [
  INDUSTRY.fuelCellManufacturing,
  INDUSTRY.barsTavernsAndNightclubs,
  INDUSTRY.personalCareProductManufacturing,
  INDUSTRY.environmentalServices,
  INDUSTRY.regenerativeDesign,
  INDUSTRY.buildingFinishingContractors,
];

const leaders = {
  keywords: 'leadership',
  industries: sixIndustries,
  jobTitles: [],
  locations: WORLDWIDE,
  companySize: [],
};

/** (c) Engages and invites, then welcomes each new connection once they accept. */
export const connectionNurture: FlowTemplateDefinition = {
  id: 'linkedin-connection-nurture-flow',
  displayName: 'New Connection Nurture',
  summary: 'Engages with the posts of people in your market, invites them and welcomes each new connection.',
  description:
    'Finds people matching your targeting, likes and comments on their newest post, sends a connection ' +
    'request and, once they accept, one short welcome written from their profile and your company ' +
    'description. Replies are yours to answer.',
  platform: 'linkedin',
  category: 'nurturing',
  difficulty: 'beginner',
  estimatedTime: '10-20 min',
  successRate: 61,
  stages: [
    {
      id: 'approved',
      name: 'Send what you approved',
      description:
        'First settles any like, comment, invitation or message an interrupted run left unfinished, then ' +
        'sends what you approved in the review queue, oldest first.',
      estimatedDuration: '1-3 min',
    },
    {
      id: 'discover',
      name: 'Discover prospects',
      description:
        'This flow’s prospects of the last 7 days whose like, comment or invitation waited for a spent daily ' +
        'budget go first. Then a LinkedIn people search with your keywords, industries, countries, job titles ' +
        'and company sizes finds up to your prospects per run of new people, and skips anyone a flow or trob ' +
        'of this LinkedIn account reached before.',
      estimatedDuration: '1-3 min',
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
      name: 'Score the fit',
      description:
        'Scores each prospect from 0 to 100 against your targeting and company description, as hot, warm or ' +
        'cold, with the reasons. Nobody below the flow’s minimum match is contacted; the best scored go first.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'engage',
      name: 'Engage with their posts',
      description:
        'Reads each prospect’s most recent posts (one profile view), likes the newest one and comments on it ' +
        'in your comment strategy, each at most once. Someone without a recent post goes straight to the ' +
        'invitation.',
      estimatedDuration: '3-6 min',
    },
    {
      id: 'connect',
      name: 'Invite',
      description:
        'Sends each a connection request, best scored first, with a note in your tone and connection approach ' +
        'while the account may add one, and without a note after that. The weekly invitation budget and the ' +
        'pending-invitations limit stop it; invitations still unanswered after the withdraw-after days are ' +
        'withdrawn.',
      estimatedDuration: '3-5 min',
    },
    {
      id: 'follow-up',
      name: 'Welcome new connections',
      description:
        'Checks who accepted or declined the flow’s invitations and sends each person who accepted one short ' +
        'welcome, never before they accept, written from their profile and your company description. Replies ' +
        'are read, and anyone who replied is left to you.',
      estimatedDuration: '2-4 min',
    },
  ],
  features: [
    {
      name: 'Engage, then invite',
      description:
        'A like and a comment on their newest post come just before the connection request, in the same run.',
      tags: ['engagement', 'comments'],
    },
    {
      name: 'A welcome once they accept',
      description:
        'The welcome is written from their profile and your company description, in the tone you chose.',
      tags: ['messaging', 'ai'],
    },
    {
      name: 'One message per person',
      description:
        'Each new connection gets a single message from this flow, after they accept and never twice.',
      tags: ['follow-up', 'timing'],
    },
    {
      name: 'Reply detection',
      description: 'Replies are read at every run; anyone who replied is left to you to take it from there.',
      tags: ['safety', 'messaging'],
    },
    {
      name: 'Review before sending',
      description:
        'Under review mode, comments, notes and welcomes (likes and every invitation too, with Review ' +
        'everything) wait in the flow’s review queue for your approval for up to 7 days.',
      tags: ['review', 'safety'],
    },
  ],
  tags: ['linkedin', 'nurturing', 'connections', 'messaging', 'relationship-building'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'A company description of 50 to 500 characters for comments, notes and the welcome to draw on',
    'At least one industry, one keyword and one country to search',
  ],
  limitations: [
    'It nurtures the people its own search finds and invites; it does not read the account’s existing connections',
    'A person gets at most one message from this flow, the welcome after they accept',
    'People without a recent post get no like or comment; they are invited without them',
    'LinkedIn allows about 100 invitations a week, shared with every other flow of the account',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month (200 characters each); the rest go without a note',
    'Welcomes wait for a run in the working hours of the flow’s time zone, so someone who accepts on a weekend hears on Monday unless weekends are enabled',
  ],
  detailedDescription:
    '<p>New Connection Nurture makes sure a new connection turns into a conversation instead of a number. ' +
    'Each run finds people matching your targeting, warms them up on their newest post, invites them, and ' +
    'welcomes those who accepted since the last run.</p>' +
    '<h3>What a run does</h3>' +
    '<ol><li><strong>Engage</strong>: a like and a comment on each prospect’s newest post.</li>' +
    '<li><strong>Invite</strong>: a connection request, with a note while the account has notes left.</li>' +
    '<li><strong>Welcome</strong>: one short message to each person who accepted, never before.</li></ol>' +
    '<h3>Good to know</h3>' +
    '<p>A reply leaves that person to you, so you always answer yourself. Each person hears from the flow ' +
    'once: it sends no second message.</p>',
  examples: [
    {
      title: 'Hiring managers at growing companies',
      description:
        'People whose profiles mention recruiting, at companies of up to 500 employees in seven industries.',
      config: {
        targetingSettings: {
          keywords: 'recruiting',
          industries: [...sixIndustries, INDUSTRY.retailMotorVehicles],
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: ['B', 'C', 'D', 'E'],
        },
      },
    },
    {
      title: 'Customer-success leaders',
      description: 'People whose profiles mention customer success, including at home health care providers.',
      config: {
        targetingSettings: {
          keywords: 'customer success',
          industries: [
            INDUSTRY.fuelCellManufacturing,
            INDUSTRY.barsTavernsAndNightclubs,
            INDUSTRY.personalCareProductManufacturing,
            INDUSTRY.environmentalServices,
            INDUSTRY.regenerativeDesign,
            INDUSTRY.homeHealthCareServices,
          ],
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'Managers at companies of 500+',
      description:
        'People with management in their profile at companies of more than 500 employees, in ' +
        'energy, transport and consumer industries.',
      config: {
        targetingSettings: {
          keywords: 'management',
          industries: [
            INDUSTRY.fuelCellManufacturing,
            INDUSTRY.alternativeFuelVehicleManufacturing,
            INDUSTRY.enginesAndPowerTransmissionEquipmentManufacturing,
            INDUSTRY.freightAndPackageTransportation,
            INDUSTRY.environmentalServices,
            INDUSTRY.barsTavernsAndNightclubs,
            INDUSTRY.personalCareProductManufacturing,
          ],
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: ['F', 'G', 'H', 'I'],
        },
      },
    },
  ],
  writes: ['like', 'comment', 'invite', 'message'],
  defaultConfig: {
    targetingSettings: { ...leaders, minimumMatch: DEFAULT_MINIMUM_MATCH },
    messagingSettings: {
      companyDescription:
        'We run leadership programmes for first-time managers: six weeks of small-group coaching on feedback, ' +
        'delegation and hiring, delivered online.',
      messageTone: 'friendly',
      connectionRequestStyle: 'common-interest',
      commentStyle: 'show-support',
    },
    executionSettings: DEFAULT_EXECUTION_SETTINGS,
  },
  maxRunsPerDay: 4,
  configurationNotes: {
    targeting:
      'Industries, keywords and countries are required; job titles and company sizes narrow the search. ' +
      'Every word of the keywords must appear in a prospect’s name, headline, title, company or skills.',
    messaging:
      'The tone and the company description set the connection notes and the welcome; the connection ' +
      'approach sets how notes introduce you; the comment strategy shapes comments on their posts.',
    execution:
      'Prospects per run (5 to 15) is how many new people each run starts on; welcomes to those who accepted ' +
      'are sent on top. One or two runs a day are enough for most audiences. Unanswered invitations are ' +
      'withdrawn after the withdraw-after days.',
    workingHours:
      'Likes, comments, invitations and messages go out only in the working hours of the flow’s time zone; ' +
      'with weekends off, someone who accepts on Saturday is welcomed on Monday.',
  },
};
