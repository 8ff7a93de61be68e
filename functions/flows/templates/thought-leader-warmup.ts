import { DEFAULT_MINIMUM_MATCH } from '../../../shared/flow-options';
import { DEFAULT_EXECUTION_SETTINGS, type FlowTemplateDefinition } from '../../../shared/flows';
import { EUROPE, INDUSTRY, NORTH_AMERICA, WORLDWIDE } from './audiences';

const salesLeaders = {
  keywords: 'sales',
  industries: [
    INDUSTRY.fuelCellManufacturing,
    INDUSTRY.barsTavernsAndNightclubs,
    INDUSTRY.personalCareProductManufacturing,
    INDUSTRY.environmentalServices,
    INDUSTRY.regenerativeDesign,
  ],
  jobTitles: [
    'VP Sales',
    'Head of Sales',
    'Sales Director',
    'Head of Growth',
    'Founder',
    'CEO',
    'Business Development Manager',
  ],
  locations: WORLDWIDE,
  companySize: [],
};

const broadIndustries = [
  INDUSTRY.fuelCellManufacturing,
  INDUSTRY.barsTavernsAndNightclubs,
  INDUSTRY.personalCareProductManufacturing,
  INDUSTRY.environmentalServices,
  INDUSTRY.regenerativeDesign,
  INDUSTRY.retailMotorVehicles,
];

/** (b) Warms up the voices of your market on their newest post, then invites them in the same run. */
export const thoughtLeaderWarmup: FlowTemplateDefinition = {
  id: 'linkedin-thought-leader-warmup-flow',
  displayName: 'Thought Leader Warm-up',
  summary:
    'Likes and comments on the newest post of the voices in your market, then invites them in the same run.',
  description:
    'Finds the voices in your market with a LinkedIn people search, scores their fit, likes the newest post ' +
    'of each good match and comments on it with something worth reading, then sends a connection request in ' +
    'the same run, so the invitation follows your comment.',
  platform: 'linkedin',
  category: 'warm-up',
  difficulty: 'beginner',
  estimatedTime: '20-30 min',
  successRate: 46,
  stages: [
    {
      id: 'approved',
      name: 'Send what you approved',
      description:
        'First settles any like, comment or invitation an interrupted run left unfinished, then sends the ' +
        'likes, comments and invitations you approved in the review queue, oldest first.',
      estimatedDuration: '1-3 min',
    },
    {
      id: 'discover',
      name: 'Find the voices',
      description:
        'This flow’s prospects of the last 7 days whose like, comment or invitation waited for a spent daily ' +
        'budget go first. Then a LinkedIn people search with your keywords, industries, countries, job titles ' +
        'and company sizes finds up to your prospects per run of new people, and skips anyone a flow or trob ' +
        'of this LinkedIn account reached before.',
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
      name: 'Score the fit',
      description:
        'Rates every prospect from 0 to 100 against your targeting and company description, as hot, warm or ' +
        'cold, with the reasons. Nobody below the flow’s minimum match is warmed up or invited; the best ' +
        'scored go first.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'engage',
      name: 'Like and comment',
      description:
        'Reads each prospect’s most recent posts (one profile view), likes the newest one and comments on it ' +
        'in your comment strategy, each at most once. Someone without a recent post goes straight to the ' +
        'invitation.',
      estimatedDuration: '7-12 min',
    },
    {
      id: 'connect',
      name: 'Connect in the same run',
      description:
        'Sends each a connection request, best scored first, with a note in your tone and connection approach ' +
        'while the account may add one, and without a note after that. The weekly invitation budget and the ' +
        'pending-invitations limit stop it; invitations still unanswered after the withdraw-after days are ' +
        'withdrawn.',
      estimatedDuration: '3-5 min',
    },
  ],
  features: [
    {
      name: 'Warm before the invitation',
      description:
        'A like and a comment on their newest post come just before the connection request, in the same run.',
      tags: ['engagement', 'connection-requests'],
    },
    {
      name: 'Comments worth reading',
      description:
        'Each comment adds an insight, a question, an experience, support or value, as your comment strategy ' +
        'says, and goes on a post at most once.',
      tags: ['ai', 'comments'],
    },
    {
      name: 'Fit before engagement',
      description:
        'Only prospects at or above your minimum match are liked, commented on or invited, best scored first.',
      tags: ['ai', 'scoring'],
    },
    {
      name: 'Review before posting',
      description:
        'Under review mode, comments and notes (likes and every invitation too, with Review everything) wait ' +
        'in the flow’s review queue for your approval for up to 7 days.',
      tags: ['review', 'safety'],
    },
    {
      name: 'Engagement budget',
      description:
        'Likes, comments, invitations and profile views each go once through the connected account’s daily ' +
        'and weekly budgets.',
      tags: ['safety', 'limits'],
    },
  ],
  tags: ['linkedin', 'engagement', 'thought-leaders', 'comments', 'warm-outreach'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'A company description of 50 to 500 characters for the AI to comment from',
    'At least one industry, one keyword and one country that describe the voices to find',
  ],
  limitations: [
    'People without a recent post get no like or comment; they are invited without the warm-up',
    'Only the newest post is liked and commented on, once',
    'LinkedIn allows about 100 invitations a week, shared with every other flow of the account',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month (200 characters each); the rest go without a note',
    'This flow sends no messages: once someone accepts, the conversation is yours',
  ],
  detailedDescription:
    '<p>Thought Leader Warm-up earns attention before it asks for it. Each run finds the people your buyers ' +
    'listen to, engages with their newest post and only then asks to connect, so the invitation arrives ' +
    'from a name they have just seen under their own post.</p>' +
    '<h3>What a run does</h3>' +
    '<ul><li><strong>Finds</strong> new people matching your keywords, industries and countries, and reads ' +
    'their profiles.</li>' +
    '<li><strong>Scores</strong> them from 0 to 100 and keeps those at your minimum match or above.</li>' +
    '<li><strong>Likes</strong> the newest post and <strong>comments</strong> on it in your comment strategy.</li>' +
    '<li><strong>Connects</strong> in the same run, with a note while the account has notes left.</li></ul>' +
    '<h3>Good to know</h3>' +
    '<p>The search reads profiles, not posts: choose keywords these people put in their headline, title or ' +
    'skills. This flow sends no messages; once someone accepts, the conversation is yours. Comments take the ' +
    'most care: keep prospects per run at 10 or fewer at first.</p>',
  examples: [
    {
      title: 'Growth-marketing voices',
      description: 'People whose profiles mention growth marketing, in six industries, worldwide.',
      config: {
        targetingSettings: {
          keywords: 'growth marketing',
          industries: broadIndustries,
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'Machine-learning practitioners',
      description:
        'Engineers, data scientists and leaders whose profiles mention machine learning, in clean energy, ' +
        'design and consumer industries.',
      config: {
        targetingSettings: {
          keywords: 'machine learning',
          industries: [
            INDUSTRY.fuelCellManufacturing,
            INDUSTRY.alternativeFuelVehicleManufacturing,
            INDUSTRY.environmentalServices,
            INDUSTRY.regenerativeDesign,
            INDUSTRY.biomassElectricPowerGeneration,
            INDUSTRY.barsTavernsAndNightclubs,
            INDUSTRY.personalCareProductManufacturing,
          ],
          jobTitles: [],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'Product leaders in North America and Europe',
      description:
        'People whose profiles mention product management, in seven industries across the US, Canada and ' +
        'Europe.',
      config: {
        targetingSettings: {
          keywords: 'product management',
          industries: [...broadIndustries, INDUSTRY.alternativeFuelVehicleManufacturing],
          jobTitles: [],
          locations: [...NORTH_AMERICA, ...EUROPE],
          companySize: [],
        },
      },
    },
  ],
  writes: ['like', 'comment', 'invite'],
  defaultConfig: {
    targetingSettings: { ...salesLeaders, minimumMatch: DEFAULT_MINIMUM_MATCH },
    messagingSettings: {
      companyDescription:
        'We coach B2B sales teams on founder-led and consultative selling, with call reviews and playbooks ' +
        'built from the deals they actually won and lost.',
      messageTone: 'conversational',
      connectionRequestStyle: 'common-interest',
      commentStyle: 'add-insights',
    },
    executionSettings: DEFAULT_EXECUTION_SETTINGS,
  },
  maxRunsPerDay: 4,
  configurationNotes: {
    targeting:
      'Describe the voices: every word of the keywords must appear in a prospect’s name, headline, title, ' +
      'company or skills. Industries, keywords and countries are required; job titles narrow the list to ' +
      'senior people.',
    messaging:
      'The comment strategy decides what each comment adds (an insight, a question, an experience); the ' +
      'tone and the company description shape both comments and connection notes. This flow sends no messages.',
    execution:
      'Each run warms up at most its prospects per run (5 to 15). Comments are the slowest step: 2 runs a ' +
      'day of 10 prospects is a good start, 4 runs the most. Unanswered invitations are withdrawn after the ' +
      'withdraw-after days.',
    workingHours:
      'Likes, comments and invitations happen only in the working hours of the flow’s time zone, when people ' +
      'read their feed; weekends stay quiet unless enabled.',
  },
};
