import { randomUUID } from 'node:crypto';
import { createUser } from '../../functions/auth/user-repository';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { forgetPerFunctionValues } from '../../functions/core/local-runtime';

/**
 * What the in-process benches (engine.ts, flows.ts) share: the local environment the handlers read when
 * they first load, pointed at one bench table of DynamoDB Local and the sandbox platforms, and a PLUS
 * user who never signs in.
 */
export function pointAtBenchStore(input: {
  tableName: string;
  dynamoEndpoint: string;
  stateDir: string;
  sandboxEnv: Record<string, string>;
  extra?: Record<string, string>;
}): void {
  // A worker process started later inherits this environment too.
  Object.assign(process.env, {
    APP_RUNTIME: 'local',
    APP_STAGE: 'bench',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: input.tableName,
    DYNAMODB_ENDPOINT: input.dynamoEndpoint,
    LOCAL_STATE_DIR: input.stateDir,
    PACING_SCALE: '0',
    POWERTOOLS_METRICS_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...input.sandboxEnv,
    ...input.extra,
  });
  forgetPerFunctionValues();
}

/** A PLUS user of the bench table; answers its id. */
export async function createBenchUser(bench: string): Promise<string> {
  const userId = randomUUID();
  const at = new Date().toISOString();
  const tag = userId.slice(0, 8);
  await createUser({
    id: userId,
    email: `bench-${bench}-${tag}@example.com`,
    username: `bench_${bench}_${tag}`,
    plan: 'PLUS',
    trialEndsAt: null,
    emailVerified: true,
    createdAt: at,
    // Never signs in.
    passwordHash: 'none',
    passwordChangedAt: at,
  });
  return userId;
}
