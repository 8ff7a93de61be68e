import * as z from 'zod/mini';
import { perFunction } from './local-runtime';
import { type QueueName, queueArnEnv, queueUrlEnv } from './queues';

/**
 * Environment, parsed once when a function's module loads (cold start), so a missing setting fails
 * the first invocation loudly instead of a random call later.
 *
 * APP_RUNTIME picks the adapters behind every port: 'aws' in Lambda, 'local' on the local cloud.
 * A port's chooser (the core/adapters/*-adapter.ts files) picking a local adapter tests
 * `process.env.APP_RUNTIME === 'local'` itself, written just so: the deployed bundles define
 * process.env.APP_RUNTIME as "aws" (lib/constructs/app-function.ts), so esbuild folds that test to false
 * and leaves the local adapter, and what it imports, out of the bundle.
 */
const schema = z.object({
  APP_RUNTIME: z._default(z.enum(['aws', 'local']), 'aws'),
  APP_STAGE: z._default(z.string().check(z.minLength(1)), 'dev'),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  TABLE_NAME: z.string().check(z.minLength(1)),
  /** Local cloud only: where DynamoDB Local and the SQS server listen. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  SQS_ENDPOINT: z.optional(z.url()),
  /** Management endpoint of the WebSocket API (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
  REALTIME_ENDPOINT: z.optional(z.url()),
  /** Public URL of the web app, for links in e-mails. */
  PUBLIC_APP_URL: z._default(z.url(), 'http://localhost:3000'),
  /**
   * Local cloud only: the other origins (comma-separated) `npm start` serves the app at, e.g.
   * http://127.0.0.1:3000 beside http://localhost:3000. Ignored in AWS (functions/core/app-origins.ts).
   */
  LOCAL_APP_ORIGINS: z.optional(z.string().check(z.maxLength(4096))),
  MAIL_FROM: z._default(z.string(), 'Trobly <no-reply@trobly.local>'),
  KMS_KEY_ID: z.optional(z.string()),
  SCHEDULE_GROUP: z.optional(z.string()),
  SCHEDULER_ROLE_ARN: z.optional(z.string()),
  /** Local cloud only: the folder that holds outbox, keys and schedules. */
  LOCAL_STATE_DIR: z._default(z.string(), '.local'),
  /** Access tokens: HS256 secret (base64url, at least 32 bytes) and the issuer/audience pinned on verify. */
  AUTH_TOKEN_SECRET: z.optional(z.string().check(z.minLength(43))),
  /** In AWS the token secret lives in Secrets Manager; functions get its ARN. */
  AUTH_TOKEN_SECRET_ARN: z.optional(z.string()),
  AUTH_ISSUER: z._default(z.string(), 'trobly'),
  /**
   * The secret CloudFront adds to every origin request (x-origin-verify; functions/core/origin.ts). In AWS
   * functions get its Secrets Manager ARN; locally the gateway, which plays CloudFront, and the functions
   * share the plain value.
   */
  ORIGIN_VERIFY_SECRET: z.optional(z.string().check(z.minLength(32))),
  ORIGIN_VERIFY_SECRET_ARN: z.optional(z.string()),
  /** 'stripe' in AWS; 'sandbox' on the local cloud (a local payment page completes the same webhook path). */
  PAYMENTS_MODE: z._default(z.enum(['stripe', 'sandbox']), 'stripe'),
  STRIPE_SECRET_KEY: z.optional(z.string()),
  STRIPE_PRICE_PRO: z.optional(z.string()),
  STRIPE_PRICE_PLUS: z.optional(z.string()),
  /** Verifies payment webhooks (Stripe's signing secret; on the local cloud, the sandbox's own). */
  PAYMENTS_WEBHOOK_SECRET: z.optional(z.string()),
  /** In AWS: a Secrets Manager secret with {secretKey, webhookSecret, pricePro, pricePlus} for Stripe. */
  PAYMENTS_SECRET_ARN: z.optional(z.string()),
  AUTH_AUDIENCE: z._default(z.string(), 'trobly-app'),
  /**
   * The safety governor's pacing (functions/safety/): 1 spaces platform actions as a person would
   * (platform-notes.md), 0 not at all (the sandbox platforms in tests and benchmarks).
   */
  PACING_SCALE: z._default(z.coerce.number().check(z.gte(0), z.lte(10)), 1),
  /**
   * The AI port's adapter (functions/ai/ai-settings.ts): 'local' ranks with no network, 'bedrock' asks a
   * Bedrock model (ConverseStream), 'openai' any OpenAI-compatible chat completions endpoint.
   */
  AI_PROVIDER: z._default(z.enum(['local', 'bedrock', 'openai']), 'local'),
  /** A Bedrock foundation model id or inference profile id, e.g. anthropic.claude-3-5-haiku-20241022-v1:0. */
  BEDROCK_MODEL_ID: z.optional(z.string().check(z.minLength(1))),
  /** Tests and local fakes only: where the Bedrock runtime listens instead of AWS. */
  BEDROCK_ENDPOINT: z.optional(z.url()),
  /** The OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  OPENAI_BASE_URL: z.optional(z.url()),
  OPENAI_MODEL: z.optional(z.string().check(z.minLength(1))),
  /** Sent as a Bearer token when set; local servers often need none. */
  OPENAI_API_KEY: z.optional(z.string().check(z.minLength(1))),
  /**
   * Tests only: a lower scrypt cost (log2 N) for password hashes (functions/auth/password.ts). Honoured on
   * the local cloud alone; a deployed function that has it set refuses to start (parseEnv).
   */
  SCRYPT_TEST_LOG_N: z.optional(z.coerce.number().check(z.int(), z.gte(10), z.lte(17))),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  if (result.data.APP_RUNTIME === 'aws' && result.data.SCRYPT_TEST_LOG_N !== undefined)
    throw new Error(
      'Invalid environment: SCRYPT_TEST_LOG_N lowers the password hashing cost for tests and is refused in a deployed stage',
    );
  return result.data;
}

// One parsed copy per function: the local cloud runs many functions, each with its own environment.
const parsed = perFunction(() => parseEnv());
/** The parsed environment of this function; parsed on first use (module load of a handler). */
export function env(): Env {
  return parsed.get();
}
/** Tests and the local cloud change process.env between runs; this forgets the parsed copies. */
export function resetEnvCache(): void {
  parsed.reset();
}

export function queueUrl(name: QueueName, source: NodeJS.ProcessEnv = process.env): string {
  const url = source[queueUrlEnv(name)];
  if (!url) throw new Error(`Invalid environment: ${queueUrlEnv(name)} is not set`);
  return url;
}

export function queueArn(name: QueueName, source: NodeJS.ProcessEnv = process.env): string {
  const arn = source[queueArnEnv(name)];
  if (!arn) throw new Error(`Invalid environment: ${queueArnEnv(name)} is not set`);
  return arn;
}
