/**
 * The screens' own words around tomorrow's plan (issue 23 point 4): buttons, captions and states that
 * only the web app says. The day plan's words themselves are shared/day-plan.ts's DAY_PLAN_TEXTS.
 */
export const DAY_PLAN_UI_TEXTS = {
  show: 'Show tomorrow’s plan',
  hide: 'Hide tomorrow’s plan',
  loading: 'Loading the plan',
  retry: 'Retry',
  runs: 'Planned runs',
  budgetCaption: 'The account’s limits over the next 24 hours',
  flowBudgetCaption: 'The account’s limits these runs use, shared by all its flows',
  flowSubtitle: (timeZone: string) =>
    `This flow’s runs in the next 24 hours, and the account limits they draw on (${timeZone})`,
  notConnected: 'This flow’s account is not connected: nothing runs until it is.',
  connectAccount: 'Connect an account',
} as const;
