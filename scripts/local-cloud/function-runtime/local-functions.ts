import { LOCAL_ACCOUNT_ID } from '../../../functions/core/local-runtime';
import type { Assembly, TemplateFunction } from '../stacks/assembly';
import { type LocalResources, TemplateResolver } from '../stacks/resolve';

/**
 * A function of the synthesized stacks as the local cloud runs it: the environment its template gives it
 * (references resolved to the local resources, AWS-only settings swapped for their local stand-ins) plus
 * what Lambda's runtime gives every function, and the identity policies of its role. Nothing else: a
 * variable the template does not give is absent, a right its policies do not give is refused.
 */
export interface LocalFunction {
  readonly name: string;
  readonly entry: string;
  readonly roleArn: string;
  /** The assumed-role ARN AWS names in an AccessDenied message. */
  readonly principalArn: string;
  readonly env: Readonly<Record<string, string>>;
  readonly policies: readonly { name: string; policy: unknown }[];
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** The batch size of the queue or stream that feeds it (the local pollers and relay hand it as much). */
  readonly eventSourceBatchSize?: number;
  /** A copy a test narrowed (fewer rights or variables) to see a refusal; its refusals are expected. */
  readonly narrowedForTest?: true;
}

/**
 * What the local runtime needs beyond the template: where the local services listen and the knobs of
 * the local stand-ins. These stand for what Lambda and the AWS endpoints provide (a function in AWS
 * knows where DynamoDB is without a variable), never for an app setting, which only the template gives.
 */
const LOCAL_SERVICE_VARIABLES = [
  // Where the local DynamoDB and SQS listen (AWS's endpoints are implicit).
  'DYNAMODB_ENDPOINT',
  'SQS_ENDPOINT',
  // The local stand-ins' own state: the outbox (SES), the master key (KMS), the schedules (Scheduler).
  'LOCAL_STATE_DIR',
  // The other addresses the local app answers on (functions/core/app-origins.ts ignores it in AWS).
  'LOCAL_APP_ORIGINS',
  // The sandbox platforms stand in for linkedin.com, x.com and instagram.com.
  'SANDBOX_LINKEDIN_URL',
  'SANDBOX_X_URL',
  'SANDBOX_INSTAGRAM_URL',
  // Where Chromium is: @sparticuz/chromium's binary in Lambda, the machine's here.
  'CHROMIUM_PATH',
  // A Chromium already running that the warm browser connects to (the test suite's one for all files).
  'CHROMIUM_ENDPOINT',
  // Local pacing of the sandbox platforms (1 paces as for a real platform).
  'PACING_SCALE',
  // The test suite's lower password hashing cost (functions/auth/password.ts; refused in AWS).
  'SCRYPT_TEST_LOG_N',
  // Developer output.
  'LOG_LEVEL',
  'POWERTOOLS_METRICS_DISABLED',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
] as const;

/** The operating system's variables a process needs (Lambda's runtime has its own of each). */
const SYSTEM_VARIABLES = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ', 'LD_LIBRARY_PATH'] as const;

/**
 * Settings the template gives that name an AWS service the local cloud replaces: the template decides
 * which functions have them; the local cloud decides their value (and the knobs that go with it).
 */
function localSetting(name: string, value: string, outer: NodeJS.ProcessEnv, extensionPort: number) {
  switch (name) {
    case 'APP_RUNTIME':
      return { [name]: 'local' };
    // Bedrock: the local AI (no network), or a model server the developer names.
    case 'AI_PROVIDER':
      return {
        [name]: outer.AI_PROVIDER ?? 'local',
        ...pick(outer, ['OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_API_KEY', 'BEDROCK_ENDPOINT']),
      };
    // Stripe: the local payment page, unless a Stripe test account is asked for.
    case 'PAYMENTS_MODE':
      return {
        [name]: outer.PAYMENTS_MODE === 'stripe' ? 'stripe' : 'sandbox',
        ...pick(outer, ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_PLUS']),
      };
    // The Parameters and Secrets extension: the local one (secrets-extension.ts).
    case 'PARAMETERS_SECRETS_EXTENSION_HTTP_PORT':
      return { [name]: String(extensionPort) };
    default:
      return { [name]: value };
  }
}

function pick(source: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (source[n] !== undefined ? [[n, source[n]!]] : [])));
}

/** The WebSocket API's management endpoint in AWS, which the local gateway serves at its own address. */
const EXECUTE_API_ENDPOINT = /^https:\/\/[a-z0-9]+\.execute-api\.[a-z0-9-]+\.amazonaws\.com(\/.*)?$/;

export function localFunctions(
  assembly: Assembly,
  local: LocalResources,
  outer: NodeJS.ProcessEnv,
  runtime: { extensionPort: number; sessionToken(name: string): string },
): Map<string, LocalFunction> {
  const resolver = new TemplateResolver(assembly, local);
  const byEntry = new Map<string, LocalFunction>();
  for (const fn of assembly.functions) {
    const local_ = toLocalFunction(fn, assembly, resolver, local, outer, runtime);
    if (byEntry.has(fn.entry)) throw new Error(`Two functions of the stacks run ${fn.entry}`);
    byEntry.set(fn.entry, local_);
  }
  return byEntry;
}

function toLocalFunction(
  fn: TemplateFunction,
  assembly: Assembly,
  resolver: TemplateResolver,
  local: LocalResources,
  outer: NodeJS.ProcessEnv,
  runtime: { extensionPort: number; sessionToken(name: string): string },
): LocalFunction {
  const stack = assembly.stacks.get(fn.stackName)!;
  const name = resolver.resolveString(stack, { Ref: fn.logicalId });
  const roleArn = resolver.resolveString(stack, { 'Fn::GetAtt': [fn.roleLogicalId, 'Arn'] });
  const env: Record<string, string> = {
    ...pick(outer, SYSTEM_VARIABLES),
    ...pick(outer, LOCAL_SERVICE_VARIABLES),
    // What Lambda's runtime sets in every function.
    AWS_REGION: local.region,
    AWS_DEFAULT_REGION: local.region,
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${name}`,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    LAMBDA_TASK_ROOT: process.cwd(),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    // Names the function to the local secrets extension, as the session token does to the real one.
    AWS_SESSION_TOKEN: runtime.sessionToken(name),
  };
  for (const [key, raw] of Object.entries(fn.environment)) {
    let value = resolver.resolveString(stack, raw);
    const endpoint = EXECUTE_API_ENDPOINT.exec(value);
    if (endpoint && local.realtimeEndpoint) value = `${local.realtimeEndpoint}${endpoint[1] ?? ''}`;
    Object.assign(env, localSetting(key, value, outer, runtime.extensionPort));
  }
  return {
    name,
    entry: fn.entry,
    roleArn,
    principalArn: `arn:aws:sts::${LOCAL_ACCOUNT_ID}:assumed-role/${fn.roleLogicalId}/${name}`,
    env,
    policies: fn.policies.map((p) => ({ name: p.name, policy: resolver.resolve(stack, p.document) })),
    memoryMb: fn.memoryMb,
    timeoutSeconds: fn.timeoutSeconds,
    ...(fn.eventSourceBatchSize ? { eventSourceBatchSize: fn.eventSourceBatchSize } : {}),
  };
}
