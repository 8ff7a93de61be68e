/**
 * The local cloud runs every function of the synthesized stacks in one process (scripts/local-cloud/
 * functions/), each invocation in a scope that gives it its own function's environment and role. In AWS a
 * function is a process of its own, and everything here is a no-op: `localHooks()` answers undefined
 * unless APP_RUNTIME is 'local', which the deployed bundles fold to false (lib/constructs/app-function.ts).
 *
 * What function code asks of it:
 *  - `perFunction`: a cache (an SDK client, a chosen adapter, the parsed env) that is the process's in AWS
 *    and the running function's locally, so one function never runs on what another one set up;
 *  - `authorizeLocal`: whether the running function's role allows an action, for the local stand-ins of AWS
 *    services that are not reached through an SDK client (scheduler, KMS, SES, Bedrock);
 *  - `withLocalRights`: a client whose calls the running function's role must allow, refused before they
 *    reach the local service with the answer AWS gives (AccessDenied).
 */
export interface LocalFunctionScope {
  /** The function's name, as in Lambda (AWS_LAMBDA_FUNCTION_NAME). */
  readonly name: string;
}

export interface LocalAuthorization {
  /** `service:Action`, as IAM names it. */
  readonly action: string;
  readonly resource: string;
  /** Request context keys (iam:PassedToService, ...). */
  readonly context?: Readonly<Record<string, string>>;
}

/** An SDK call as the middleware sees it. */
export interface LocalSdkCall {
  readonly clientName: string;
  readonly commandName: string;
  readonly input: unknown;
  readonly request: unknown;
}

/** The HTTP answer the SDK's own deserializer turns into the service's AccessDenied error. */
export interface LocalSdkDenial {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

export interface LocalRuntimeHooks {
  scope(): LocalFunctionScope | undefined;
  /** Runs `work` as the local service itself (a stand-in's own storage), not as the running function. */
  outsideFunction<T>(work: () => T): T;
  /** Rejects with the AccessDenied error AWS would when the running function's role does not allow it. */
  authorize(request: LocalAuthorization): Promise<void>;
  sdkDenial(call: LocalSdkCall): Promise<LocalSdkDenial | undefined>;
}

const HOOKS = Symbol.for('trobly.local-runtime.hooks');
type WithHooks = { [HOOKS]?: LocalRuntimeHooks };

export function localHooks(): LocalRuntimeHooks | undefined {
  // Written out, not env().APP_RUNTIME: the deployed bundles fold this to false (see env.ts).
  if (process.env.APP_RUNTIME !== 'local') return undefined;
  return (globalThis as WithHooks)[HOOKS];
}

/** Called by the local cloud's function runtime only. */
export function installLocalRuntimeHooks(hooks: LocalRuntimeHooks | undefined): void {
  (globalThis as WithHooks)[HOOKS] = hooks;
}

/** The function running now on the local cloud; undefined in AWS and outside an invocation. */
export function localScope(): LocalFunctionScope | undefined {
  return localHooks()?.scope();
}

export async function authorizeLocal(request: LocalAuthorization): Promise<void> {
  await localHooks()?.authorize(request);
}

/** A local stand-in's own storage is the service's, not the calling function's to be allowed. */
export function asLocalService<T>(work: () => T): T {
  const hooks = localHooks();
  return hooks ? hooks.outsideFunction(work) : work();
}

/** The account every ARN of the local cloud names (as the local SQS server's do). */
export const LOCAL_ACCOUNT_ID = '000000000000';

/** Refused calls never reach the service: the SDK parses the denial as it parses AWS's answer. */
export function withLocalRights<C extends { middlewareStack: object }>(client: C): C {
  if (process.env.APP_RUNTIME !== 'local') return client;
  // The clients' stacks differ in their input and output types; the middleware reads neither.
  (client.middlewareStack as { add(middleware: unknown, options: Record<string, unknown>): void }).add(
    (next: (args: unknown) => Promise<unknown>, context: { clientName?: string; commandName?: string }) =>
      async (args: { input: unknown; request: unknown }) => {
        const denial = await localHooks()?.sdkDenial({
          clientName: context.clientName ?? '',
          commandName: context.commandName ?? '',
          input: args.input,
          request: args.request,
        });
        if (!denial) return next(args);
        return { response: { ...denial, reason: 'Forbidden' }, output: undefined };
      },
    // Inside the deserializer: the answer goes through the same error parsing as a service's.
    { step: 'deserialize', priority: 'low', name: 'localRightsMiddleware' },
  );
  return client;
}

const everyPerFunction: Array<() => void> = [];

/**
 * A value built once per process in AWS (one function per process) and once per function on the local
 * cloud. `reset` forgets every copy (tests and a local cloud restarted in one process).
 */
export function perFunction<T>(create: () => T): { get(): T; reset(): void } {
  const byFunction = new Map<string, T>();
  let own: { value: T } | undefined;
  const value = {
    get() {
      const scope = localScope();
      if (!scope) {
        own ??= { value: create() };
        return own.value;
      }
      if (!byFunction.has(scope.name)) byFunction.set(scope.name, create());
      return byFunction.get(scope.name) as T;
    },
    reset() {
      own = undefined;
      byFunction.clear();
    },
  };
  everyPerFunction.push(value.reset);
  return value;
}

/**
 * Forgets every value `perFunction` keeps (the parsed env, clients, secrets, the chosen ports): a test
 * worker that moves on to a file with functions of the same names but other tables, secrets and keys.
 */
export function forgetPerFunctionValues(): void {
  for (const reset of everyPerFunction) reset();
}
