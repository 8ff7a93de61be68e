import { DEFAULT_MINIMUM_MATCH } from '../../../shared/flow-options';
import { DEFAULT_EXECUTION_SETTINGS, type FlowTemplateDefinition } from '../../../shared/flows';
import { INDUSTRY, WORLDWIDE } from './audiences';

const cleanEnergyOperations = {
  keywords: 'operations',
  industries: [
    INDUSTRY.fuelCellManufacturing,
    INDUSTRY.alternativeFuelVehicleManufacturing,
    INDUSTRY.biomassElectricPowerGeneration,
    INDUSTRY.enginesAndPowerTransmissionEquipmentManufacturing,
    INDUSTRY.environmentalServices,
  ],
  jobTitles: ['Operations Director', 'COO', 'CEO', 'Founder'],
  locations: WORLDWIDE,
  companySize: [],
};

/** (a) Finds decision makers by role and industry, scores them, invites the best, messages who accepts. */
export const aiProspecting: FlowTemplateDefinition = {
  id: 'linkedin-ai-prospecting-flow',
  displayName: 'AI Prospecting by Role and Industry',
  summary: 'Finds decision makers by job title, industry and country, scores their fit and invites the best.',
  description:
    'Searches LinkedIn for the roles and industries you sell to, reads each new profile once, scores how well ' +
    'it fits your offer and sends connection requests with a short personal note to the best matches, then ' +
    'sends one first message to each person who accepts.',
  platform: 'linkedin',
  category: 'prospecting',
  difficulty: 'intermediate',
  estimatedTime: '15-25 min',
  successRate: 38,
  stages: [
    {
      id: 'approved',
      name: 'Send what you approved',
      description:
        'First settles any invitation or message an interrupted run left unfinished, then sends the ' +
        'invitations and messages you approved in the review queue, oldest first.',
      estimatedDuration: '1-3 min',
    },
    {
      id: 'discover',
      name: 'Discover prospects',
      description:
        'This flow’s prospects of the last 7 days whose invitation waited for a spent daily budget go first. ' +
        'Then a LinkedIn people search with your keywords, industries, countries, job titles and company ' +
        'sizes finds up to your prospects per run of new people, fewer when the day’s budget has less room, ' +
        'and skips anyone a flow or trob of this LinkedIn account reached before.',
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
        'cold, and keeps the reasons for the prospect page. Nobody below the flow’s minimum match is ' +
        'contacted, and the best scored go first.',
      estimatedDuration: 'under 1 min',
    },
    {
      id: 'connect',
      name: 'Send connection requests',
      description:
        'Invites the prospects of the run, best scored first, with a note in your tone and connection ' +
        'approach while the account may add one, and without a note after that. The weekly invitation ' +
        'budget and the pending-invitations limit stop it; invitations still unanswered after the ' +
        'withdraw-after days are withdrawn.',
      estimatedDuration: '4-8 min',
    },
    {
      id: 'follow-up',
      name: 'Open the conversation',
      description:
        'Checks who accepted or declined the flow’s invitations and sends each person who accepted one first ' +
        'message, never before, written from their profile and your company description. Replies are read, ' +
        'and anyone who replied is left to you.',
      estimatedDuration: '2-4 min',
    },
  ],
  features: [
    {
      name: 'Role and industry targeting',
      description:
        'Combine LinkedIn industries, job titles, countries and company sizes with keywords that must all ' +
        'appear in a prospect’s profile.',
      tags: ['targeting', 'search'],
    },
    {
      name: 'AI fit scoring',
      description:
        'Every prospect gets a 0-100 score and the reasons for it, so you see why they were chosen; nobody ' +
        'below your minimum match is contacted.',
      tags: ['ai', 'scoring'],
    },
    {
      name: 'Personal connection notes',
      description:
        'Notes are written from the prospect’s profile and your company description, in the approach you chose.',
      tags: ['ai', 'messaging'],
    },
    {
      name: 'Message on acceptance',
      description:
        'One first message goes out in the run after someone accepts, never before and never twice.',
      tags: ['messaging', 'follow-up'],
    },
    {
      name: 'Review before sending',
      description:
        'Under review mode, notes and messages (every invitation, with Review everything) wait in the ' +
        'flow’s review queue for your approval for up to 7 days.',
      tags: ['review', 'safety'],
    },
    {
      name: 'Account-safe pacing',
      description:
        'Searches, profile views, invitations and messages each go once through the connected account’s ' +
        'daily and weekly budgets.',
      tags: ['safety', 'limits'],
    },
  ],
  tags: ['linkedin', 'prospecting', 'ai', 'connection-requests', 'outbound'],
  requirements: [
    'A connected LinkedIn account (synced with the Trobly browser extension)',
    'The PLUS plan',
    'A company description of 50 to 500 characters for the AI to write from',
    'At least one industry, one keyword and one country to search',
  ],
  limitations: [
    'LinkedIn allows about 100 invitations a week; when the account’s weekly budget is spent the flow stops inviting until it resets',
    'A free LinkedIn account adds a note to at most 5 invitations a calendar month (200 characters each); premium notes may be 300 characters',
    'Each person who accepts gets one message from this flow; replies are yours to answer',
    'This flow neither likes nor comments on posts',
    'Profiles that are hidden or out of the account’s search reach are skipped',
    'Runs start only inside the working hours of the flow’s time zone, and on weekends only when enabled',
  ],
  detailedDescription:
    '<p>AI Prospecting turns a description of your ideal customer into a steady stream of warm introductions. ' +
    'Each run searches LinkedIn for the roles, industries and countries you chose, reads the new profiles ' +
    'once and scores how well each fits what your company does.</p>' +
    '<h3>What a run does</h3>' +
    '<ul><li><strong>Finds</strong> new people matching every keyword, in your industries and countries.</li>' +
    '<li><strong>Scores</strong> them from 0 to 100 with the reasons, hot, warm or cold.</li>' +
    '<li><strong>Invites</strong> the best of the run, with a note written in your tone while the account ' +
    'has notes left.</li>' +
    '<li><strong>Opens the conversation</strong> with one first message to each person who accepted.</li></ul>' +
    '<h3>Good to know</h3>' +
    '<p>The flow skips anyone this LinkedIn account reached before, keeps to the account’s daily and weekly ' +
    'budgets, and runs only in your working hours. Start with 2 runs a day and 10 prospects a run, then raise ' +
    'them once the acceptance rate settles.</p>',
  examples: [
    {
      title: 'Clean-energy operations leaders',
      description:
        'Operations directors, COOs, CEOs and founders at fuel-cell, alternative-fuel vehicle, biomass power, ' +
        'engine and environmental-services companies, worldwide.',
      config: { targetingSettings: cleanEnergyOperations },
    },
    {
      title: 'Consumer-brand founders and marketers',
      description:
        'Founders, CEOs and marketing leads at personal-care brands, breweries and bars whose profiles mention ' +
        'marketing.',
      config: {
        targetingSettings: {
          keywords: 'marketing',
          industries: [
            INDUSTRY.personalCareProductManufacturing,
            INDUSTRY.breweries,
            INDUSTRY.barsTavernsAndNightclubs,
          ],
          jobTitles: ['Founder', 'CEO', 'Head of Growth', 'Marketing Manager', 'Content Strategist'],
          locations: WORLDWIDE,
          companySize: [],
        },
      },
    },
    {
      title: 'Owners of companies under 200 people',
      description:
        'Strategic decision makers (CEOs, founders, COOs, CFOs, operations directors, partnership leads) at ' +
        'companies of up to 200 employees across eight industries.',
      config: {
        targetingSettings: {
          keywords: 'strategic',
          industries: [
            INDUSTRY.fuelCellManufacturing,
            INDUSTRY.barsTavernsAndNightclubs,
            INDUSTRY.personalCareProductManufacturing,
            INDUSTRY.environmentalServices,
            INDUSTRY.regenerativeDesign,
            INDUSTRY.retailMotorVehicles,
            INDUSTRY.buildingFinishingContractors,
            INDUSTRY.alternativeDisputeResolution,
          ],
          jobTitles: ['CEO', 'Founder', 'COO', 'CFO', 'Operations Director', 'Partnerships Lead'],
          locations: WORLDWIDE,
          companySize: ['B', 'C', 'D'],
        },
      },
    },
  ],
  writes: ['invite', 'message'],
  defaultConfig: {
    targetingSettings: { ...cleanEnergyOperations, minimumMatch: DEFAULT_MINIMUM_MATCH },
    messagingSettings: {
      companyDescription:
        'We make maintenance-planning software for plants and fleets: it reads the machines’ own sensor data ' +
        'and schedules repairs before a breakdown stops production.',
      messageTone: 'professional',
      connectionRequestStyle: 'value-first',
      commentStyle: 'add-insights',
    },
    executionSettings: DEFAULT_EXECUTION_SETTINGS,
  },
  maxRunsPerDay: 4,
  configurationNotes: {
    targeting:
      'Industries, keywords and countries are required; job titles and company sizes narrow the search. ' +
      'Every word of the keywords must appear in a prospect’s name, headline, title, company or skills.',
    messaging:
      'The company description (50 to 500 characters) is what notes and messages are written from; the tone ' +
      'and connection approach set how they read. The comment strategy is not used: this flow posts no comments.',
    execution:
      'Runs per day (1 to 4) and prospects per run (5 to 15) set the pace; unanswered invitations are ' +
      'withdrawn after the withdraw-after days. The connected account’s daily and weekly budgets cap it ' +
      'whatever you choose, and a run that meets them stops early.',
    workingHours:
      'Runs start only between the start and end time in the flow’s time zone, across daylight-saving ' +
      'changes, and on Saturdays and Sundays only when weekends are enabled.',
  },
};
