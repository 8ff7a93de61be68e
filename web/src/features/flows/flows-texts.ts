import { FLOW_RUNS_PER_DAY } from '../../../../shared/flow-options';

/**
 * The flows list's and a flow's analytics' own words (spec part 2, sections 2.1, 2.4 and 8) that
 * shared/flows.ts and shared/flow-api.ts do not hold. The errors, toasts and field messages are theirs:
 * FLOW_TEXTS, FLOW_MESSAGES and FLOW_API_TEXTS. The template page's and the wizard's are in
 * features/flow-setup/setup-texts.ts.
 */
export const FLOWS_PAGE_TEXTS = {
  title: 'AI Flows',
  subtitle: 'Scheduled, AI-driven prospecting campaigns that run on your connected account.',
  availableTab: 'Available Flows',
  runningTab: 'Running Flows',
  refresh: 'Refresh',
  aboutFlows: 'About flows',
  info:
    `Flows run on schedules: each keeps its state across runs, so nobody is contacted twice, and runs up ` +
    `to ${FLOW_RUNS_PER_DAY.max} times daily, within the working hours you set.`,
  searchAvailable: 'Search available flows',
  searchRunning: 'Search running flows',
  platform: 'Platform',
  allPlatforms: 'All',
  showStopped: 'Show stopped',
  learnMore: 'Learn More',
  start: 'Start',
  pause: 'Pause',
  delete: 'Delete',
  analytics: 'Analytics',
  activities: 'Activities',
  prospects: 'Prospects',
  stages: (n: number) => `${n} ${n === 1 ? 'stage' : 'stages'}`,
  runsPerDay: (n: number) => `${n} ${n === 1 ? 'run' : 'runs'} per day`,
  created: 'Created',
  acceptanceRate: 'Connection acceptance rate',
  noTemplates: 'No flow templates available',
  noTemplatesMatch: 'No flow templates match your search',
  noRunning: 'No running flows',
  noRunningHint: 'Start a flow from the Available Flows tab; it shows here while it runs.',
  browseAvailable: 'Browse available flows',
  noRunningMatch: 'No flows match your search',
  retry: 'Retry',
  loadingTemplates: 'Loading flow templates',
  loadingFlows: 'Loading your flows',
  stopTitle: 'Stop this flow?',
  // Asked from the list's Delete and the analytics page's Stop alike: the words fit both (issue 36).
  stopText: (name: string) =>
    `“${name}” stops for good: it will not run again and this cannot be undone. ` +
    'It stays listed, with its history, under Show stopped.',
  stopConfirm: 'Stop flow',
  cancel: 'Cancel',
} as const;

/** Flow status words and colours (spec 4, Flow status); other values are shown as they come. */
export const FLOW_STATUS_LOOK: Readonly<Record<string, { label: string; color: string }>> = {
  ACTIVE: { label: 'Active', color: 'green' },
  PAUSED: { label: 'Paused', color: 'yellow' },
  COMPLETED: { label: 'Stopped', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
};
