import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { LOCAL_ACCOUNT_ID, type LocalAuthorization } from '../../../functions/core/local-runtime';
import { outerEnv } from './env-scope';
import type { LocalFunction } from './local-functions';

/**
 * Whether a function's role allows a request, decided as IAM decides it: the role's identity policies,
 * evaluated offline by @cloud-copilot/iam-simulate (a maintained simulator of IAM's evaluation logic:
 * actions and resources with wildcards, conditions, explicit denies). A decision is kept per function and
 * request, so a call pays the simulation once.
 *
 * Every decision made while RIGHTS_LOG_DIR is set is recorded there (one JSON line per function, request
 * and outcome, once per process), for `npm run rights` and for the test run's check that nothing was
 * refused (test/support/rights-global-setup.ts).
 */
export interface RightsDecision {
  readonly function: string;
  readonly entry: string;
  readonly action: string;
  readonly resource: string;
  readonly allowed: boolean;
  /** The statements that allowed it: `<policy>#<statement>:<action pattern>` (scripts/rights.ts alike). */
  readonly grants: readonly string[];
  /** Made by a function a test narrowed on purpose, to see a refusal: not the stacks' own. */
  readonly expected?: true;
}

export { RIGHTS_LOG_DIR } from './rights-log';

const decisions = new Map<string, Promise<boolean>>();

export function isAllowed(fn: LocalFunction, request: LocalAuthorization): Promise<boolean> {
  const key = JSON.stringify([
    fn.name,
    fn.policies.length,
    request.action,
    request.resource,
    request.context,
  ]);
  let decided = decisions.get(key);
  if (!decided) {
    decided = simulate(fn, request).then(({ allowed, grants }) => {
      record({
        function: fn.name,
        entry: fn.entry,
        action: request.action,
        resource: request.resource,
        allowed,
        grants,
        ...(fn.narrowedForTest ? { expected: true as const } : {}),
      });
      return allowed;
    });
    decisions.set(key, decided);
    // A simulation that failed is not a decision: the next call asks again.
    decided.catch(() => decisions.delete(key));
  }
  return decided;
}

/** Forgets every decision (a test that changes a function's policies). */
export function forgetDecisions(): void {
  decisions.clear();
}

/**
 * The identity policies' verdict. Resource policies (a key's, a queue's) are not part of the templates the
 * local cloud reads, so the identity-based decision is the one taken, as for same-account calls that the
 * resource policy leaves to IAM (the stacks' keys and queues do).
 */
export async function simulate(
  fn: Pick<LocalFunction, 'name' | 'principalArn' | 'policies'>,
  request: LocalAuthorization,
): Promise<{ allowed: boolean; grants: string[] }> {
  const result = await runSimulation(
    {
      request: {
        principal: fn.principalArn,
        action: request.action,
        resource: { resource: request.resource, accountId: LOCAL_ACCOUNT_ID },
        contextVariables: { ...request.context },
      },
      identityPolicies: [...fn.policies],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
    },
    {},
  );
  if (result.resultType === 'error') {
    throw new Error(`IAM simulation of ${request.action} for ${fn.name} failed: ${result.errors.message}`);
  }
  const analyses = result.resultType === 'single' ? [result.result] : result.results;
  const identity = analyses.map((a) => a.analysis.identityAnalysis);
  const allowed = identity.length > 0 && identity.every((i) => i?.result === 'Allowed');
  const grants = identity.flatMap((i) =>
    (i?.allowStatements ?? []).flatMap((s) =>
      [s.explain.actions ?? []]
        .flat()
        .filter((a) => a.matches)
        .map((a) => grantName(s.policyId, s.explain.identifier, a.action)),
    ),
  );
  return { allowed, grants: [...new Set(grants)] };
}

/** A grant's name: which policy, which statement (its Sid, else its place from 1), which action pattern. */
export const grantName = (policy: string, statement: string, action: string): string =>
  `${policy}#${statement}:${action}`;

/** AWS's words for a refusal by the caller's identity policies. */
export function accessDeniedMessage(fn: LocalFunction, request: LocalAuthorization): string {
  return `User: ${fn.principalArn} is not authorized to perform: ${request.action} on resource: ${request.resource} because no identity-based policy allows the ${request.action} action`;
}

const recorded = new Set<string>();

function record(decision: RightsDecision): void {
  // The process's own setting: inside an invocation process.env is the function's.
  const dir = outerEnv().RIGHTS_LOG_DIR;
  if (!dir) return;
  const line = JSON.stringify(decision);
  if (recorded.has(line)) return;
  recorded.add(line);
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${line}\n`);
}
