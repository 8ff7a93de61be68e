import {
  CONNECTION_NOTE_LIMITS,
  FLOW_START_WITHIN_MINUTES,
  WITHDRAW_AFTER_DAYS,
} from '../../../../shared/flow-options';

/**
 * The template page's and the setup wizard's own words (spec part 2, sections 2.2, 2.3 and 8) that
 * shared/flows.ts and shared/flow-api.ts do not hold. The errors, toasts and field messages are theirs:
 * FLOW_TEXTS, FLOW_MESSAGES and FLOW_API_TEXTS.
 */
export const UPGRADE_TEXTS = {
  title: 'Upgrade Required',
  feature: 'AI Flows',
  plan: 'Plus',
  text: (current: string) =>
    `AI Flows (flow templates and their setup) are part of the Plus plan. You are on the ${current}. ` +
    'Upgrade to Plus to set up and start flows.',
  viewPricing: 'View Pricing Plans',
  back: 'Back',
} as const;

export const TEMPLATE_PAGE_TEXTS = {
  back: 'Back to Flows',
  overview: 'Overview',
  process: 'Process',
  features: 'Features',
  requirements: 'Requirements',
  limitations: 'Limitations',
  configuration: 'Configuration options',
  examples: 'Example configurations',
  startSetup: 'Start Flow Setup',
  useExample: 'Use this example',
  notFoundText: 'This flow template does not exist or is no longer available.',
  estimatedTime: 'Estimated time',
  successRate: 'Success rate',
  maxRuns: 'Runs per day',
  difficulty: 'Difficulty',
  loading: 'Loading flow template',
} as const;

export const WIZARD_TEXTS = {
  title: (template: string) => `Set up ${template}`,
  subtitle: 'Four steps: who to reach, how to talk to them, when to run, and a last look.',
  examples: 'Start from an example',
  examplesHint: 'Each fills the audience below; you can change any of it.',
  exampleButton: (title: string) => `Use this example: ${title}`,
  exampleApplied: (title: string) => `The audience of “${title}” is filled in.`,
  previous: 'Previous',
  next: 'Next',
  startFlow: 'Start Flow',
  // Steps 2 to 4 load their code on the first use of the form; said when it did not arrive.
  stepLoadFailed: 'The next step could not be opened. Please check your connection and try again.',
  stepHeading: (index: number, total: number, title: string) => `Step ${index + 1} of ${total}: ${title}`,
  industries: 'Industries',
  industriesHint:
    'Type to search LinkedIn’s industries; Enter adds the first match, Escape closes the list, Backspace removes the last one.',
  industriesPlaceholder: 'Search industries',
  industriesSearching: 'Searching industries…',
  industriesNone: 'No industries match',
  remove: (label: string) => `Remove ${label}`,
  keywords: 'Keywords',
  keywordsHint: 'Every word must appear in a prospect’s name, headline, title, company or skills.',
  jobTitles: 'Job titles',
  jobTitlesHint: 'Optional: leave empty to reach every role.',
  locations: 'Locations',
  companySize: 'Company size',
  companySizeHint: 'Optional: choose none for any size.',
  minimumMatch: 'Minimum match',
  minimumMatchHint:
    'Every prospect is scored against this audience; who scores below the minimum is never contacted.',
  /** What each minimum means for the account (issue 36 point 1: the consequence spelled out). */
  minimumMatchEffects: {
    hot: 'Only prospects who score 75 or more are liked, commented on and invited: fewer people, the best acceptance.',
    warm: 'Cold prospects (a score below 50) are found and scored but never liked, commented on or invited.',
    cold: 'Cold prospects are contacted too: more people reached, fewer accept, and unanswered invitations count against your account’s limits.',
  },
  companyDescription: 'Company description',
  companyDescriptionHint: 'What your company does, for the AI to write notes and comments from.',
  messageTone: 'Message tone',
  connectionRequestStyle: 'Connection request approach',
  commentStyle: 'Comment strategy',
  notesTitle: 'Connection notes on LinkedIn',
  notes:
    `A note is at most ${CONNECTION_NOTE_LIMITS.premium} characters on a LinkedIn Premium account and ` +
    `${CONNECTION_NOTE_LIMITS.free} on a free account. A free account adds a note to at most ` +
    `${CONNECTION_NOTE_LIMITS.freeNotesPerMonth} invitations a month, so the flow spends its notes on its ` +
    'best-scored prospects and invites the rest without one. A Premium account has no such monthly limit.',
  runsPerDay: 'Runs per day',
  prospectsPerRun: 'Prospects per run',
  withdrawAfterDays: 'Withdraw unanswered invitations after (days)',
  withdrawAfterDaysHint: `${WITHDRAW_AFTER_DAYS.min} to ${WITHDRAW_AFTER_DAYS.max} days; ${WITHDRAW_AFTER_DAYS.default} when left empty`,
  workingHoursStart: 'Working hours start',
  workingHoursEnd: 'Working hours end',
  timezone: 'Time zone',
  enableWeekends: 'Run on weekends',
  reviewModeHint: 'You can change it later from the flow’s review queue.',
  reviewIntro: 'Check your choices. You can go back to any step to change them.',
  startsWithin: `Once started, the flow begins executing within ${FLOW_START_WITHIN_MINUTES} minutes.`,
  none: 'None',
  anySize: 'Any size',
  anyRole: 'Any role',
  on: 'On',
  off: 'Off',
} as const;
