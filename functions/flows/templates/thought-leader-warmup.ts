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

/** (b) Warms up thought leaders on their own posts before asking to connect. */
export const thoughtLeaderWarmup: FlowTemplateDefinition = {
  id: 'linkedin-thought-leader-warmup-flow',
  displayName: 'Thought Leader Warm-up',
  summary: 'Likes and comments on the posts of the voices in your market, then connects once they know you.',
  description:
    'Finds people in your market who post on LinkedIn, follows their recent posts, likes and comments with ' +
    'something worth reading over a few runs, and sends a connection request that refers to the conversation ' +
    'once they have seen your name twice.',
  platform: 'linkedin',
  category: 'warm-up',
  difficulty: 'beginner',
  estimatedTime: '20-30 min',
  successRate: 46,
  stages: [
    {
      id: 'find-voices',
      name: 'Find the voices',
      description:
        'Searches for people matching your targeting and keeps those who posted in the last 30 days; people ' +
        'who never post are left for other flows.',
      estimatedDuration: '3-5 min',
    },
    {
      id: 'read-posts',
      name: 'Read recent posts',
      description:
        'Collects each voice’s three most recent posts with their reactions and comments, so the flow ' +
        'knows what they talk about and what already got an answer.',
      estimatedDuration: '4-6 min',
    },
    {
      id: 'like',
      name: 'Like a recent post',
      description: 'Likes one or two of the newest posts, at most once a post, spread across the run.',
      estimatedDuration: '2-3 min',
    },
    {
      id: 'comment',
      name: 'Comment with substance',
      description:
        'Writes a comment in your comment strategy on the post most relevant to your company description, ' +
        'only where the post invites discussion and nobody already said the same.',
      estimatedDuration: '5-8 min',
    },
    {
      id: 'connect',
      name: 'Connect after two touches',
      description:
        'Once someone has had two engagements from you across runs, sends a connection request whose note ' +
        'refers to the post you discussed.',
      estimatedDuration: '3-5 min',
    },
  ],
  features: [
    {
      name: 'Active-poster filter',
      description: 'Only people who posted in the last 30 days are warmed up; silent profiles are skipped.',
      tags: ['targeting', 'engagement'],
    },
    {
      name: 'Comments worth reading',
      description:
        'Comments add an insight, a question or an experience, as you chose, and are never generic praise.',
      tags: ['ai', 'comments'],
    },
    {
      name: 'Two-touch rule',
      description: 'No connection request before two engagements, so the invitation is never cold.',
      tags: ['connection-requests', 'timing'],
    },
    {
      name: 'Post-aware notes',
      description: 'The connection note names the post and the point you made under it.',
      tags: ['ai', 'messaging'],
    },
    {
      name: 'Engagement budget',
      description: 'Likes and comments count against the connected account’s daily budgets like any action.',
      tags: ['safety', 'limits'],
    },
  ],
  tags: ['linkedin', 'engagement', 'thought-leaders', 'comments', 'warm-outreach'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'A company description of 50 to 500 characters for the AI to comment from',
    'At least one industry, one keyword and one country that describe the voices to follow',
  ],
  limitations: [
    'People who have not posted in the last 30 days are skipped until they post again',
    'A comment is posted only where the post takes comments; posts limited to connections are liked only',
    'Connection requests wait for two engagements, so the first invitations come after the second or third run',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month; the rest go without a note',
  ],
  detailedDescription:
    '<p>Thought Leader Warm-up earns attention before it asks for it. The flow follows the people your buyers ' +
    'listen to, engages with what they post and only then asks to connect, so the invitation arrives from a ' +
    'name they have already seen.</p>' +
    '<h3>What a run does</h3>' +
    '<ul><li><strong>Finds</strong> active posters matching your keywords, industries and countries.</li>' +
    '<li><strong>Likes</strong> a recent post and <strong>comments</strong> on the most relevant one.</li>' +
    '<li><strong>Connects</strong> after two touches, with a note about the post you discussed.</li></ul>' +
    '<h3>Good to know</h3>' +
    '<p>Choose keywords that describe what these people write about, not only their job. Comments take the ' +
    'most care: keep prospects per run at 10 or fewer for the first week.</p>',
  examples: [
    {
      title: 'Growth-marketing voices',
      description: 'People who write about growth marketing in six industries, worldwide.',
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
        'People who post about product management, in seven industries across the US, Canada and Europe.',
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
      'Describe the voices, not only the buyers: keywords should be what they post about. Industries, ' +
      'keywords and countries are required; job titles narrow the list to senior people.',
    messaging:
      'The comment strategy decides what each comment adds (an insight, a question, an experience); the ' +
      'tone and the company description shape both comments and connection notes.',
    execution:
      'Each run warms up at most its prospects per run (5 to 15). Comments are the slowest step: 2 runs a ' +
      'day of 10 prospects is a good start, 4 runs the most.',
    workingHours:
      'Likes and comments happen only in the working hours of the flow’s time zone, when people read their ' +
      'feed; weekends stay quiet unless enabled.',
  },
};
