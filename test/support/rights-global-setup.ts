import { refusedDecisions } from '../../scripts/rights';

/**
 * After the integration and browser tests: a call a function's role refused fails the run, even where the
 * test that made it passed (a refusal a handler swallowed, such as a push it only logs). Listed first in
 * globalSetup, so this check runs after the other teardowns (DynamoDB Local, the local cloud) have run.
 * `npm run -s rights` lists what each function used.
 */
export default function setup() {
  return () => {
    const refused = refusedDecisions();
    if (refused.length > 0) {
      throw new Error(
        `Calls the stacks' policies refused (npm run -s rights lists them):\n${refused
          .map((d) => `  ${d.entry}: ${d.action} on ${d.resource}`)
          .join('\n')}`,
      );
    }
  };
}
