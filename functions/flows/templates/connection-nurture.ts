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

/** (c) Nurtures recent connections that match the targeting into conversations. */
export const connectionNurture: FlowTemplateDefinition = {
  id: 'linkedin-connection-nurture-flow',
  displayName: 'New Connection Nurture',
  summary: 'Welcomes your recent connections, engages with their posts and follows up with something useful.',
  description:
    'Watches the connections you made in the last 30 days, keeps those who match your targeting, sends a ' +
    'short welcome that is not a pitch, engages with what they post and, a week later, follows up with an ' +
    'insight or question that fits their role.',
  platform: 'linkedin',
  category: 'nurturing',
  difficulty: 'beginner',
  estimatedTime: '10-20 min',
  successRate: 61,
  stages: [
    {
      id: 'sync-connections',
      name: 'Collect recent connections',
      description:
        'Reads the connected account’s 1st-degree connections made in the last 30 days, newest first, and ' +
        'skips those the flow already nurtures.',
      estimatedDuration: '1-3 min',
    },
    {
      id: 'match',
      name: 'Match and score',
      description:
        'Keeps connections matching your keywords, industries, countries, job titles and company sizes, and ' +
        'scores each from 0 to 100 for how much a conversation is worth.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'welcome',
      name: 'Send a welcome',
      description:
        'Sends each new match one short message thanking them for connecting and asking one question about ' +
        'their work; no links and no offer.',
      estimatedDuration: '3-5 min',
    },
    {
      id: 'engage',
      name: 'Engage with their posts',
      description:
        'Likes and, where it adds something, comments on the recent posts of the connections being nurtured.',
      estimatedDuration: '3-6 min',
    },
    {
      id: 'value-follow-up',
      name: 'Follow up with value',
      description:
        'Seven days after the welcome, sends one follow-up with an insight, resource or question drawn from ' +
        'their role and your company description, and stops if they have not answered after that.',
      estimatedDuration: '2-4 min',
    },
  ],
  features: [
    {
      name: 'Recent connections only',
      description:
        'Works on people who accepted or sent an invitation in the last 30 days, while you are new.',
      tags: ['targeting', 'connections'],
    },
    {
      name: 'Welcome without a pitch',
      description: 'The first message asks about their work; nothing is sold in it.',
      tags: ['messaging', 'ai'],
    },
    {
      name: 'Post engagement',
      description:
        'Likes and comments on their posts between messages keep you visible without messaging more.',
      tags: ['engagement', 'comments'],
    },
    {
      name: 'One timed follow-up',
      description: 'A single follow-up a week later; silence after it ends the sequence for that person.',
      tags: ['follow-up', 'timing'],
    },
    {
      name: 'Reply detection',
      description: 'Anyone who replies leaves the sequence at once, so you take the conversation from there.',
      tags: ['safety', 'messaging'],
    },
  ],
  tags: ['linkedin', 'nurturing', 'connections', 'messaging', 'relationship-building'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'Connections made in the last 30 days, for example from another flow or your own invitations',
    'A company description of 50 to 500 characters for the follow-up to draw on',
  ],
  limitations: [
    'Only 1st-degree connections of the connected account are nurtured, never people outside the network',
    'Connections older than 30 days are not started on; the sequence of a started one runs to its end',
    'A person gets at most two messages from this flow: the welcome and one follow-up',
    'Messages wait for the working hours of the flow’s time zone, so a weekend connection hears on Monday unless weekends are enabled',
  ],
  detailedDescription:
    '<p>New Connection Nurture makes sure a new connection turns into a conversation instead of a number. ' +
    'It picks up the people who connected with the account in the last 30 days and match your targeting, ' +
    'and runs a short, polite sequence with each.</p>' +
    '<h3>The sequence</h3>' +
    '<ol><li><strong>Welcome</strong>: a thank-you and one question about their work.</li>' +
    '<li><strong>Engage</strong>: likes and thoughtful comments on what they post.</li>' +
    '<li><strong>Follow up</strong>: one useful message a week later.</li></ol>' +
    '<h3>Good to know</h3>' +
    '<p>A reply ends the sequence for that person, so you always answer yourself. Pair it with the AI ' +
    'Prospecting flow: what that flow connects, this one nurtures.</p>',
  examples: [
    {
      title: 'Hiring managers at growing companies',
      description: 'Recent connections who recruit, at companies of up to 500 employees in seven industries.',
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
      description:
        'Recent connections whose profiles mention customer success, including home health care providers.',
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
        'Recent connections with management in their profile at companies of more than 500 employees, in ' +
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
      'The targeting filters your recent connections rather than searching LinkedIn: industries, keywords ' +
      'and countries are required, and a connection must match all of them to be nurtured.',
    messaging:
      'The tone sets the welcome and the follow-up; the company description gives the follow-up its ' +
      'substance; the comment strategy shapes comments on their posts. The connection approach is unused.',
    execution:
      'Prospects per run (5 to 15) is how many new connections each run starts on; follow-ups due that day ' +
      'are sent on top. One or two runs a day are enough for most networks.',
    workingHours:
      'Messages and comments go out only in the working hours of the flow’s time zone; with weekends off, ' +
      'a follow-up due on Saturday waits for Monday.',
  },
};
