import { z } from 'zod';
import { type QueueName, queueArnEnv, queueUrlEnv } from './queues';

/**
 * Environment, parsed once when a function's module loads (cold start), so a missing setting fails
 * the first invocation loudly instead of a random call later.
 *
 * APP_RUNTIME picks the adapters behind every port: 'aws' in Lambda, 'local' on the local cloud.
 */
const schema = z.object({
  APP_RUNTIME: z.enum(['aws', 'local']).default('aws'),
  APP_STAGE: z.string().min(1).default('dev'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  /** Local cloud only: where DynamoDB Local and the SQS server listen. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  /** Management endpoint of the WebSocket API (https://{api}.execute-api.{region}.amazonaws.com/{stage}). */
  REALTIME_ENDPOINT: z.url().optional(),
  /** Public URL of the web app, for links in e-mails. */
  PUBLIC_APP_URL: z.url().default('http://localhost:3000'),
  MAIL_FROM: z.string().default('Trobly <no-reply@trobly.local>'),
  KMS_KEY_ID: z.string().optional(),
  SCHEDULE_GROUP: z.string().optional(),
  SCHEDULER_ROLE_ARN: z.string().optional(),
  /** Local cloud only: the folder that holds outbox, keys and schedules. */
  LOCAL_STATE_DIR: z.string().default('.local'),
  /** Access tokens: HS256 secret (base64url, at least 32 bytes) and the issuer/audience pinned on verify. */
  AUTH_TOKEN_SECRET: z.string().min(43).optional(),
  AUTH_ISSUER: z.string().default('trobly'),
  AUTH_AUDIENCE: z.string().default('trobly-app'),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
/** The parsed environment of this process; parsed on first use (module load of a handler). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
/** Tests and the local cloud change process.env between runs; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
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
