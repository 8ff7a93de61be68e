/** The leads screen's words (part 2 sections 2.11, 4, 5 and 8), in one place for the page and its tests. */
export const LEADS_TEXTS = {
  heading: 'Extracted Leads',
  back: 'Back',
  liveData: 'Live Data',
  demoData: 'Demo Data',
  aiFiltered: 'AI Filtered',
  refresh: 'Refresh',
  export: (n: number) => `Export (${n.toLocaleString('en-US')})`,
  exportFormat: 'Export format',
  formatLocked: (label: string) => `${label} (not in your plan)`,
  /** DECISIONS 30: 'JSON and Excel exports are not included in your plan.' and the plan's hint. */
  formatsNotInPlan: (labels: string[], hint: string | undefined) => {
    const names =
      labels.length > 1
        ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} exports are`
        : `${labels[0]} export is`;
    return `${names} not included in your plan.${hint ? ` ${hint}` : ''}`;
  },
  searchPlaceholder: 'Search leads...',
  filterAll: 'All Leads',
  filterRecent: 'Recent (7 days)',
  sortRecent: 'Recently Added',
  sortName: 'Name A-Z',
  askAi: 'Ask AI',
  clearAi: 'Clear AI Filter',
  selectPage: 'Select Page',
  deselectPage: 'Deselect Page',
  unknownUser: 'Unknown User',
  view: 'View',
  // DECISIONS 26: what X, Instagram and post-engager rows show beyond the spec's fields.
  verified: 'Verified',
  private: 'Private',
  followers: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`,
  following: (n: number) => `${n.toLocaleString('en-US')} following`,
  engagement: {
    liked: 'Liked',
    reacted: 'Reacted',
    commented: 'Commented',
    reposted: 'Reposted',
    quoted: 'Quoted',
  },
  engagementOn: 'on',
  showing: (from: number, to: number, total: number) =>
    `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results`,
  previous: 'Previous',
  next: 'Next',
  empty: 'No leads found',
  emptyFiltered: 'Try adjusting your search or filters',
  emptyNone: 'No leads have been extracted yet',
  loadFailed: 'Failed to load leads data',
  tryAgain: 'Try Again',
  enrichedAll: 'All Profiles Enriched',
  enriching: 'Enriching Profiles...',
  basicData: 'Basic Data Loaded',
  partial: (shown: number, total: number) =>
    `Only ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} leads could be loaded. Refresh to try again.`,
  demoNotExported: 'Demo leads show what your data will look like; they cannot be exported.',
  aiTitle: 'AI Assistant',
  /** Not the spec's: the panel's code did not arrive (a dropped connection; the browser will not fetch it again). */
  panelLoadFailed: 'The AI Assistant could not be opened. Please reload the page.',
  aiFilter: 'Filter with AI',
  aiProcessing: 'Processing...',
  aiFound: (n: number) => `${n.toLocaleString('en-US')} found`,
  aiNoMatches: 'No leads matched your criteria',
  aiQuickSearches: ['Problem Solvers', 'Team Leaders', 'Competitive Programmers', 'Freelancers & SaaS Devs'],
  aiFoundNote: (n: number) => `AI found ${n.toLocaleString('en-US')} matching leads`,
  aiCleared: 'AI filter cleared',
  aiFailedNote: 'Failed to process AI request',
  aiFailedPanel: 'Error: Failed to get AI response',
} as const;
