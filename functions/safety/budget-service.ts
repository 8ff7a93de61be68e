/**
 * What the other domains read of a connected account's safety budgets: how much of an action's windows
 * is used, when its warm-up started and its invitation budget while it adapts (the connections list
 * shows them, a flow plans its day by them). Budgets are taken and given back by the governor
 * (governor.ts) alone.
 */
export {
  type BudgetAccount,
  budgetUsed,
  type Periods,
  readInvitationLimit,
  readWarmUpStart,
} from './budget-repository';
