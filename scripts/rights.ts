import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RightsDecision } from './local-cloud/function-runtime/rights';
import { grantName, RIGHTS_LOG_DIR } from './local-cloud/function-runtime/rights';
import { readAssembly, type TemplateFunction } from './local-cloud/stacks/assembly';
import { synthesizedAssembly } from './local-cloud/stacks/synth';

/**
 * `npm run -s rights`: what each function of the stacks did with its rights in the last test run, from the
 * decisions the local cloud recorded (scripts/local-cloud/function-runtime/rights.ts):
 *  - used and allowed: the SDK calls and local service calls it made;
 *  - used and refused: must be none (a refused call fails `npm test`);
 *  - allowed and never used in the whole run: a least-privilege hint, listed, not failed. Rights that
 *    Lambda and AWS use on the function's behalf (its logs, tracing, the table's key, the queue or stream
 *    that feeds it) are counted apart: the code never calls them.
 * `--check` prints only the refused calls and exits 1 when there is one.
 */
interface Grant {
  readonly name: string;
  readonly action: string;
  readonly onBehalf: boolean;
}

/** Actions Lambda itself, an event source or DynamoDB's encryption performs with the function's role. */
function usedOnBehalf(action: string, resources: string): boolean {
  if (/^(logs|xray):/.test(action)) return true;
  if (/^kms:/.test(action) && /TableKey/.test(resources)) return true;
  if (/^dynamodb:(GetRecords|GetShardIterator|DescribeStream|ListStreams)$/.test(action)) return true;
  return /^sqs:(ReceiveMessage|DeleteMessage|ChangeMessageVisibility|GetQueueAttributes)$/.test(action);
}

function grantsOf(fn: TemplateFunction): Grant[] {
  return fn.policies.flatMap(({ name, document }) => {
    const statements = (document as { Statement?: Record<string, unknown>[] }).Statement ?? [];
    return statements.flatMap((statement, index) => {
      if (statement.Effect !== 'Allow') return [];
      const actions = [statement.Action].flat() as string[];
      const resources = JSON.stringify(statement.Resource ?? '');
      return actions.map((action) => ({
        name: grantName(name, String(statement.Sid ?? index + 1), action),
        action,
        onBehalf: usedOnBehalf(action, resources),
      }));
    });
  });
}

function readDecisions(dir: string): RightsDecision[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as RightsDecision),
    );
}

const distinct = (values: Iterable<string>) => [...new Set(values)].sort();

const LOG_DIR = process.env.RIGHTS_LOG_DIR ?? RIGHTS_LOG_DIR;

export function refusedDecisions(dir = LOG_DIR): RightsDecision[] {
  return readDecisions(dir).filter((d) => !d.allowed && !d.expected);
}

async function report(): Promise<number> {
  const check = process.argv.includes('--check');
  const decisions = readDecisions(LOG_DIR);
  const refused = decisions.filter((d) => !d.allowed && !d.expected);
  if (check) {
    for (const d of refused) console.log(`refused: ${d.entry} ${d.action} on ${d.resource}`);
    console.log(`refused: ${refused.length}`);
    return refused.length > 0 ? 1 : 0;
  }
  if (decisions.length === 0) {
    console.log(`No rights recorded in ${LOG_DIR}: run the tests first (npm test, or npx vitest run).`);
    return 1;
  }
  const { functions } = readAssembly((await synthesizedAssembly()).dir);
  let used = 0;
  let allowed = 0;
  let unused = 0;
  let onBehalf = 0;
  let seen = 0;
  for (const fn of [...functions].sort((a, b) => a.entry.localeCompare(b.entry))) {
    const mine = decisions.filter((d) => d.entry === fn.entry && !d.expected);
    const grants = grantsOf(fn);
    const usedGrants = new Set(mine.flatMap((d) => d.grants));
    const neverUsed = grants.filter((g) => !usedGrants.has(g.name));
    const usedActions = distinct(mine.filter((d) => d.allowed).map((d) => d.action));
    const refusedHere = mine.filter((d) => !d.allowed);
    if (mine.length > 0) seen++;
    used += usedActions.length;
    allowed += grants.filter((g) => !g.onBehalf).length;
    unused += neverUsed.filter((g) => !g.onBehalf).length;
    onBehalf += grants.filter((g) => g.onBehalf).length;
    console.log(`\n${fn.entry}  (${fn.stackName}/${fn.logicalId})`);
    console.log(`  used, allowed:  ${usedActions.join(', ') || '(none in this run)'}`);
    console.log(
      `  used, refused:  ${distinct(refusedHere.map((d) => `${d.action} on ${d.resource}`)).join('; ') || 'none'}`,
    );
    const hint = distinct(neverUsed.filter((g) => !g.onBehalf).map((g) => g.action));
    console.log(`  never used:     ${hint.join(', ') || 'none'}`);
  }
  console.log(
    `\nfunctions: ${functions.length} (${seen} ran in the tests); rights: ${allowed} allowed, ${used} actions used, ${unused} never used (+ ${onBehalf} that Lambda and AWS use for the functions)`,
  );
  console.log(`refused: ${refused.length}`);
  return refused.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  report().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
