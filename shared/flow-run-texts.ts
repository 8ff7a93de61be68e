/**
 * What a flow's run says in its history and as its end (issue 36 point 5: screens that tell the truth).
 * A run that found nobody new says why: nobody matched (and what to widen), everyone found was reached
 * before, or the account's plan or budgets left it no room.
 */
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const FLOW_RUN_TEXTS = {
  found: (n: number) => `Found and scored ${plural(n, 'new prospect')}`,
  noMatch:
    'Nobody matched the targeting: widen it (more industries or locations, fewer job titles or company sizes, or other keywords)',
  allReached: 'No new prospects this run: everyone the search found was already reached',
  noRoom: "No new prospects this run: the account's plan and budgets left no room to search",
  backlog: (n: number) => `${plural(n, 'prospect')} from earlier runs still wait: they go first`,
  backlogFills: (n: number) =>
    `Nobody new this run: today's budget goes to the ${plural(n, 'prospect')} waiting from earlier runs`,
  budgetLeft: (left: number, perRun: number) =>
    `Today's budget reaches ${plural(left, 'more prospect')}: searching for ${left}, not ${perRun}`,
  profilesSpent: (n: number) =>
    `The account's profile views are used up for now: ${plural(n, 'prospect')} scored on the search's details alone`,
  belowMinimum: (n: number, minimum: string) =>
    `${plural(n, 'prospect')} scored below the flow's minimum match (${minimum}): found and scored, not contacted`,
} as const;
