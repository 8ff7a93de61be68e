/**
 * What a job's status line and error say, in words a user can act on (issue 11 points 3, 8, 9, 11;
 * DECISIONS 22). The engine writes them; tests and screens read the same strings.
 */
export const RUN_TEXTS = {
  queued: 'Waiting for a worker',
  opening: (label: string) => `Opening your ${label} session`,
  reading: (noun: string, stored: number) => `Reading ${noun}: ${stored.toLocaleString('en-US')} stored`,
  enriching: (done: number, total: number) =>
    `Enriching profiles: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  completed: (stored: number) => `Extraction complete: ${stored.toLocaleString('en-US')} leads`,
  continuing: 'Continuing in a new run',
  waitingForBudget: (label: string, action: string, until: string) =>
    `Waiting for the ${label} ${action} budget until ${until}`,
  platformLimit: (label: string) => `${label} asked us to slow down; resting before the next request`,
  monthlyLimit: (limit: number) =>
    `Monthly profile limit reached (${limit}). Upgrade your plan to extract more.`,
  challenge: (label: string) =>
    `${label} asked for a security check. Open ${label} in your browser, complete the check, then sync the Trobly extension: the run continues where it stopped.`,
  expired: (label: string) =>
    `Your ${label} session has ended. Sign in to ${label} in your browser and sync the Trobly extension: the run continues where it stopped.`,
  changed: (label: string) =>
    `${label} answered in a way Trobly does not understand yet, so the run stopped to keep your account safe. We have been notified.`,
  notFound: (label: string, detail: string) =>
    `${label} did not show what this trob reads (${detail}). Check its address and that your account can see it.`,
  templateGone: 'The trob this automation ran no longer exists.',
  notConnected: (label: string) =>
    `Your ${label} account is not connected. Connect it on the Platforms page and start the trob again.`,
  notRunnable: 'This trob cannot run yet.',
  browserMissing: (path: string) =>
    `Chromium is not installed where Trobly looks for it (${path}). Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH, then start the trob again.`,
  /** A recurring automation's third failed run in a row: it pauses itself (issue 19 point 7). */
  pausedAfterFailures: (runs: number, lastError: string) =>
    `Paused after ${runs} failed runs in a row. Last error: ${lastError}`,
  retriesExhausted: (attempts: number) =>
    `The run failed ${attempts} times in a row and was stopped. Start the trob again; if it keeps failing, contact support.`,
} as const;

export const ACTION_WORDS: Readonly<Record<string, string>> = {
  'profile-views': 'profile view',
  'list-pages': 'list page',
  searches: 'search',
  invitations: 'invitation',
  messages: 'message',
  likes: 'like',
  comments: 'comment',
  withdrawals: 'withdrawal',
};
