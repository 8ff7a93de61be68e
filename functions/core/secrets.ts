import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from './clients/secrets';
import { type Env, env } from './env';

/**
 * Secrets come from plain env vars on the local cloud and from Secrets Manager in AWS, by ARN, read on
 * first use and kept for the life of the instance (so a rotation reaches new instances within minutes,
 * and no secret sits in a function's configuration).
 */
const cache = new Map<string, Promise<string>>();

export type SecretName = 'AUTH_TOKEN_SECRET' | 'PAYMENTS' | 'ORIGIN_VERIFY';

/** Where each secret is found: its plain env var (local) and the env var holding its ARN (AWS). */
const sources: Record<SecretName, { plain?: keyof Env; arn: keyof Env }> = {
  AUTH_TOKEN_SECRET: { plain: 'AUTH_TOKEN_SECRET', arn: 'AUTH_TOKEN_SECRET_ARN' },
  PAYMENTS: { arn: 'PAYMENTS_SECRET_ARN' },
  ORIGIN_VERIFY: { plain: 'ORIGIN_VERIFY_SECRET', arn: 'ORIGIN_VERIFY_SECRET_ARN' },
};

async function fromSecretsManager(arn: string): Promise<string> {
  const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
  return out.SecretString;
}

export function secret(name: SecretName): Promise<string | undefined> {
  const e = env();
  const { plain, arn: arnVar } = sources[name];
  const value = plain ? e[plain] : undefined;
  if (typeof value === 'string' && value) return Promise.resolve(value);
  const arn = e[arnVar];
  if (typeof arn !== 'string' || !arn) return Promise.resolve(undefined);
  let stored = cache.get(arn);
  if (!stored) {
    stored = fromSecretsManager(arn);
    // A failed read is retried by the next request rather than cached.
    stored.catch(() => cache.delete(arn));
    cache.set(arn, stored);
  }
  return stored;
}

/** Drops the kept copy, so the next `secret(name)` reads Secrets Manager again (after a rotation). */
export function forgetSecret(name: SecretName): void {
  const arn = env()[sources[name].arn];
  if (typeof arn === 'string') cache.delete(arn);
}
