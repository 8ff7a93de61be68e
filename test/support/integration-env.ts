import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import { saveSession } from '../../functions/auth/session-repository';
import { localSchedulesTable } from '../../functions/core/adapters/local-scheduler';
import { ACCESS_TOKEN_ALGORITHM, accessTokenKey } from '../../functions/core/auth';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { LOCAL_CREDENTIALS, resetClients } from '../../functions/core/clients/local';
import { resetEnvCache } from '../../functions/core/env';
import { keys } from '../../functions/core/table';
import { ensureTables } from '../../scripts/local-cloud/dynamodb';
import { prepareFunctionRuntime } from '../../scripts/local-cloud/function-runtime/runtime';
import { LOCAL_CLOUD_SETTINGS } from '../../scripts/local-cloud/stacks/resolve';

/**
 * Points this test file's process at the shared DynamoDB Local with tables of its own, the way the
 * local cloud points the handlers at it, and gives it a state dir and an access-token secret.
 */
export interface IntegrationEnv {
  tableName: string;
  stateDir: string;
  secret: string;
  dynamoEndpoint: string;
}

export async function useIntegrationEnv(extra: Record<string, string> = {}): Promise<IntegrationEnv> {
  const dynamoEndpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID().slice(0, 8)}`;
  const stateDir = mkdtempSync(join(tmpdir(), 'trobly-it-'));
  const secret = randomBytes(32).toString('base64url');
  // Handlers run as their functions of the synthesized stacks (scripts/local-cloud/function-runtime/).
  await prepareFunctionRuntime();
  Object.assign(process.env, {
    ...LOCAL_CLOUD_SETTINGS,
    APP_RUNTIME: 'local',
    APP_STAGE: 'test',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    // The run's one Chromium (test/support/chromium-global-setup.ts): run workers connect to it.
    CHROMIUM_ENDPOINT: inject('chromiumEndpoint'),
    LOCAL_STATE_DIR: stateDir,
    AUTH_TOKEN_SECRET: secret,
    // The local gateway adds it to every request, as CloudFront does in AWS (functions/core/origin.ts).
    ORIGIN_VERIFY_SECRET: randomBytes(32).toString('base64url'),
    PAYMENTS_MODE: 'sandbox',
    PAYMENTS_WEBHOOK_SECRET: `whsec_${secret}`,
    ...extra,
  });
  resetEnvCache();
  resetClients();
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: dynamoEndpoint,
    credentials: LOCAL_CREDENTIALS,
  });
  await ensureTables(client, tableName, localSchedulesTable(tableName));
  client.destroy();
  return { tableName, stateDir, secret, dynamoEndpoint };
}

/**
 * An access token as sign-in issues them (HS256, iss/aud pinned, short expiry, `sid` naming a session),
 * for tests of routes other than the account ones: it stores an open session for the user id and the
 * user's verification state, which the auth hook reads on every call. The account routes' own tests
 * sign in for real (test/support/api-client.ts).
 */
export async function accessToken(
  secret: string,
  user: { id: string; emailVerified?: boolean },
  expiresIn = '5m',
): Promise<string> {
  const emailVerified = user.emailVerified ?? true;
  const sessionId = randomUUID();
  const now = new Date();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(user.id),
      UpdateExpression: 'SET emailVerified = :verified, #type = if_not_exists(#type, :type)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':verified': emailVerified, ':type': 'User' },
    }),
  );
  await saveSession({
    userId: user.id,
    familyId: sessionId,
    generation: 0,
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + 3600,
    rememberMe: false,
  });
  return new SignJWT({ sid: sessionId, email_verified: emailVerified })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM })
    .setSubject(user.id)
    .setIssuer('trobly')
    .setAudience('trobly-app')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(accessTokenKey(secret));
}

/** Sets more env and forgets the parsed copy and clients that read the old one. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetClients();
}
