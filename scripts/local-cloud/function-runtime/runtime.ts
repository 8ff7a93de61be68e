import { randomBytes } from 'node:crypto';
import {
  installLocalRuntimeHooks,
  type LocalAuthorization,
  type LocalRuntimeHooks,
} from '../../../functions/core/local-runtime';
import { type Assembly, policiesOfRole, readAssembly } from '../stacks/assembly';
import { localApiId, localResourcesFromEnv, TemplateResolver } from '../stacks/resolve';
import { synthesizedAssembly } from '../stacks/synth';
import { currentEnvScope, type EnvScope, outerEnv, outsideEnvScope, runInEnvScope } from './env-scope';
import { type LocalFunction, localFunctions } from './local-functions';
import { accessDeniedMessage, isAllowed } from './rights';
import { sdkDialect } from './sdk-requests';
import { startSecretsExtension } from './secrets-extension';

/**
 * Runs the app's handlers as the functions of the synthesized stacks (DESIGN.md, "The local cloud is never
 * more permissive than AWS"): each invocation in a scope with its function's environment (env-scope.ts)
 * and role, whose policies every SDK call and every local stand-in of an AWS service must pass
 * (functions/core/local-runtime.ts). The stacks are synthesized once per change of their sources
 * (stacks/synth.ts); the functions are resolved again when the local cloud's environment changes (a test
 * file's tables and queues).
 */
interface FunctionScope extends EnvScope {
  readonly fn: LocalFunction;
}

export class AccessDeniedException extends Error {
  override readonly name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400, attempts: 1, totalRetryDelay: 0 };
}

interface Runtime {
  assembly: Assembly;
  /** Synthesized by this start (false: found in the cache). */
  synthesized: boolean;
  extensionPort: number;
  realtimeApiId: string | undefined;
}

const tokens = new Map<string, string>();
/** The functions that ran, by the session token the secrets extension is shown. */
const callers = new Map<string, LocalFunction>();
let runtime: Promise<Runtime> | undefined;
let resolved: { key: string; functions: Map<string, LocalFunction> } | undefined;

/** Synthesizes (or finds cached) the stacks and starts the local secrets extension; once per process. */
export function prepareFunctionRuntime(options: { log?: (line: string) => void } = {}): Promise<Runtime> {
  runtime ??= (async () => {
    const { dir, synthesized } = await synthesizedAssembly(options);
    const assembly = readAssembly(dir);
    const extension = await startSecretsExtension((token) => {
      const fn = callers.get(token);
      return fn ? { authorize: (request) => authorize(fn, request) } : undefined;
    });
    installLocalRuntimeHooks(hooks);
    const webSocketApi = [...assembly.stacks.values()]
      .flatMap((s) => Object.entries(s.resources))
      .find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Api' && r.Properties?.ProtocolType === 'WEBSOCKET');
    return {
      assembly,
      synthesized,
      extensionPort: extension.port,
      realtimeApiId: webSocketApi ? localApiId(webSocketApi[0]) : undefined,
    };
  })();
  runtime.catch(() => {
    runtime = undefined;
  });
  return runtime;
}

const sessionToken = (name: string): string => {
  const token = tokens.get(name) ?? randomBytes(16).toString('base64url');
  tokens.set(name, token);
  return token;
};

/** Every function of the stacks, resolved against the local cloud's environment as it is now. */
export async function stackFunctions(): Promise<Map<string, LocalFunction>> {
  const { assembly, extensionPort } = await prepareFunctionRuntime();
  const outer = outerEnv();
  const key = JSON.stringify(outer);
  if (resolved?.key !== key) {
    resolved = {
      key,
      functions: localFunctions(assembly, localResourcesFromEnv(outer), outer, {
        extensionPort,
        sessionToken,
      }),
    };
  }
  return resolved.functions;
}

/** The function of the stacks that runs this handler file (relative to the repository root). */
export async function stackFunction(entry: string): Promise<LocalFunction> {
  const fn = (await stackFunctions()).get(entry);
  if (!fn) throw new Error(`No function of the synthesized stacks runs ${entry}`);
  return fn;
}

/** Runs `work` as one invocation of the function that runs `entry`. */
export async function runAsFunction<T>(entry: string, work: () => T | Promise<T>): Promise<T> {
  return runAs(await stackFunction(entry), work);
}

/** Runs `work` as an invocation of `fn` (a function of the stacks, or one a test made to narrow it). */
export function runAs<T>(fn: LocalFunction, work: () => T | Promise<T>): Promise<T> {
  const scope: FunctionScope = { fn, env: { ...fn.env } };
  if (fn.env.AWS_SESSION_TOKEN) callers.set(fn.env.AWS_SESSION_TOKEN, fn);
  return Promise.resolve(runInEnvScope(scope, work));
}

/**
 * Whether EventBridge Scheduler may deliver a schedule: the role it was given (the function's
 * SCHEDULER_ROLE_ARN; without one, the stacks' only role the scheduler assumes) must exist in the stacks,
 * trust scheduler.amazonaws.com, and allow sqs:SendMessage on the target. The local scheduler's poller asks
 * before it sends (scheduler-poller.ts).
 */
export async function schedulerMayDeliver(
  delivery: { roleArn?: string; queueArn: string },
  /** A test that asks for a refusal on purpose: not counted as the stacks' own. */
  options: { refusalExpected?: boolean } = {},
): Promise<boolean> {
  const { assembly } = await prepareFunctionRuntime();
  const resolver = new TemplateResolver(assembly, localResourcesFromEnv(outerEnv()));
  const roles = [...assembly.stacks.values()].flatMap((stack) =>
    Object.entries(stack.resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Role')
      .map(([id, r]) => ({
        stack,
        id,
        arn: resolver.resolveString(stack, { 'Fn::GetAtt': [id, 'Arn'] }),
        trustsScheduler: JSON.stringify(r.Properties?.AssumeRolePolicyDocument).includes(
          'scheduler.amazonaws.com',
        ),
      })),
  );
  const role = delivery.roleArn
    ? roles.find((r) => r.arn === delivery.roleArn)
    : roles.find((r) => r.trustsScheduler);
  if (!role?.trustsScheduler) return false;
  const asRole: LocalFunction = {
    name: `EventBridgeScheduler-${role.id}`,
    entry: 'EventBridge Scheduler (its role)',
    roleArn: role.arn,
    principalArn: `arn:aws:sts::000000000000:assumed-role/${role.id}/scheduler`,
    env: {},
    policies: policiesOfRole(role.stack, role.id).map((p) => ({
      name: p.name,
      policy: resolver.resolve(role.stack, p.document),
    })),
    memoryMb: 0,
    timeoutSeconds: 0,
    ...(options.refusalExpected ? { narrowedForTest: true as const } : {}),
  };
  return isAllowed(asRole, { action: 'sqs:SendMessage', resource: delivery.queueArn });
}

function currentFunction(): LocalFunction | undefined {
  return (currentEnvScope() as FunctionScope | undefined)?.fn;
}

async function authorize(fn: LocalFunction, request: LocalAuthorization): Promise<void> {
  if (!(await isAllowed(fn, request))) throw new AccessDeniedException(accessDeniedMessage(fn, request));
}

const hooks: LocalRuntimeHooks = {
  scope() {
    const fn = currentFunction();
    return fn ? { name: fn.name } : undefined;
  },
  outsideFunction: (work) => outsideEnvScope(work),
  async authorize(request) {
    const fn = currentFunction();
    // Outside an invocation: the local cloud itself, or a test preparing data, as an administrator would.
    if (fn) await authorize(fn, request);
  },
  async sdkDenial(call) {
    const fn = currentFunction();
    if (!fn) return undefined;
    const apiId = (await runtime)?.realtimeApiId;
    const dialect = sdkDialect(call.clientName, () => apiId);
    for (const request of dialect.requests(call, fn.env.AWS_REGION ?? 'us-east-1')) {
      if (!(await isAllowed(fn, request))) return dialect.denial(accessDeniedMessage(fn, request));
    }
    return undefined;
  },
};
