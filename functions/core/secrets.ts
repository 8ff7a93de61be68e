import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from './clients/secrets';
import { env } from './env';

/**
 * Secrets come from plain env vars on the local cloud and from Secrets Manager in AWS, by ARN, read on
 * first use and kept for the life of the instance (so a rotation reaches new instances within minutes,
 * and no secret sits in a function's configuration).
 */
const cache = new Map<string, Promise<string>>();

async function fromSecretsManager(arn: string): Promise<string> {
  const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
  return out.SecretString;
}

export function secret(name: 'AUTH_TOKEN_SECRET' | 'PAYMENTS'): Promise<string | undefined> {
  const e = env();
  const plain = name === 'AUTH_TOKEN_SECRET' ? e.AUTH_TOKEN_SECRET : undefined;
  if (plain) return Promise.resolve(plain);
  const arn = name === 'AUTH_TOKEN_SECRET' ? e.AUTH_TOKEN_SECRET_ARN : e.PAYMENTS_SECRET_ARN;
  if (!arn) return Promise.resolve(undefined);
  let value = cache.get(arn);
  if (!value) {
    value = fromSecretsManager(arn);
    // A failed read is retried by the next request rather than cached.
    value.catch(() => cache.delete(arn));
    cache.set(arn, value);
  }
  return value;
}
