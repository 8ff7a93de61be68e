import { singleton } from './clients/local';
import { type Env, env } from './env';

/**
 * Secrets come from plain env vars on the local cloud and from Secrets Manager in AWS, by ARN, read on
 * first use and kept for the life of the instance (so no secret sits in a function's configuration).
 *
 * In AWS they are read through the Parameters and Secrets Lambda extension (a layer AWS provides, see
 * lib/constructs/app-function.ts): one HTTP GET on localhost that answers GetSecretValue's JSON, signed
 * and cached by the extension. It replaces the Secrets Manager client, about 15 KB in every bundle.
 * The extension keeps a value for SECRETS_EXTENSION_TTL_SECONDS, so a rotation reaches a re-read within that.
 */
// Per function (on the local cloud each reads through its own role), and forgotten with the clients when
// tests or a restarted local cloud switch environments.
const cache = singleton(() => new Map<string, Promise<string>>());

export type SecretName = 'AUTH_TOKEN_SECRET' | 'PAYMENTS' | 'ORIGIN_VERIFY';

/** Where each secret is found: its plain env var (local) and the env var holding its ARN (AWS). */
const sources: Record<SecretName, { plain?: keyof Env; arn: keyof Env }> = {
  AUTH_TOKEN_SECRET: { plain: 'AUTH_TOKEN_SECRET', arn: 'AUTH_TOKEN_SECRET_ARN' },
  PAYMENTS: { arn: 'PAYMENTS_SECRET_ARN' },
  ORIGIN_VERIFY: { plain: 'ORIGIN_VERIFY_SECRET', arn: 'ORIGIN_VERIFY_SECRET_ARN' },
};

/** The extension's documented default port; PARAMETERS_SECRETS_EXTENSION_HTTP_PORT moves it. */
const EXTENSION_DEFAULT_PORT = 2773;

export async function fromSecretsExtension(arn: string): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? EXTENSION_DEFAULT_PORT;
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`;
  // The extension only answers callers that show the function's own session token.
  const response = await fetch(url, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) {
    throw new Error(
      `Secret ${arn}: the secrets extension answered ${response.status} ${await response.text()}`,
    );
  }
  const out = (await response.json()) as { SecretString?: unknown };
  if (typeof out.SecretString !== 'string' || !out.SecretString)
    throw new Error(`Secret ${arn} has no string value`);
  return out.SecretString;
}

export function secret(name: SecretName): Promise<string | undefined> {
  const e = env();
  const { plain, arn: arnVar } = sources[name];
  const value = plain ? e[plain] : undefined;
  if (typeof value === 'string' && value) return Promise.resolve(value);
  const arn = e[arnVar];
  if (typeof arn !== 'string' || !arn) return Promise.resolve(undefined);
  let stored = cache().get(arn);
  if (!stored) {
    stored = fromSecretsExtension(arn);
    // A failed read is retried by the next request rather than cached.
    stored.catch(() => cache().delete(arn));
    cache().set(arn, stored);
  }
  return stored;
}

/** Drops the kept copy, so the next `secret(name)` reads Secrets Manager again (after a rotation). */
export function forgetSecret(name: SecretName): void {
  const arn = env()[sources[name].arn];
  if (typeof arn === 'string') cache().delete(arn);
}
