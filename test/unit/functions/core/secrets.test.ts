import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../../../functions/core/env';
import { forgetSecret, fromSecretsExtension, secret } from '../../../../functions/core/secrets';

/**
 * A stand-in for the Parameters and Secrets extension on a local port, answering as the extension does:
 * GetSecretValue's JSON for a known secret id, 400 for an unknown one, 401 without the session token.
 */
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:Trobly-test-OriginVerify/AbC+1=';
const SESSION_TOKEN = 'session-token-of-this-function';
let values: Record<string, string | undefined>;
let requests: IncomingMessage[];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.headers['x-aws-parameters-secrets-token'] !== SESSION_TOKEN) {
      response.writeHead(401).end('not authorized');
      return;
    }
    const id = url.searchParams.get('secretId') ?? '';
    if (url.pathname !== '/secretsmanager/get' || !(id in values)) {
      response.writeHead(400).end(`secret ${id} not found`);
      return;
    }
    const value = values[id];
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ARN: id,
        Name: 'OriginVerify',
        ...(value === undefined ? {} : { SecretString: value }),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const saved = { ...process.env };
beforeEach(() => {
  values = { [ARN]: 'origin-secret-1' };
  requests = [];
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
  process.env.AWS_SESSION_TOKEN = SESSION_TOKEN;
  process.env.TABLE_NAME = 'trobly-test';
  process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetEnvCache();
  forgetSecret('ORIGIN_VERIFY');
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('reading a secret through the Parameters and Secrets extension', () => {
  it('asks the extension for the secret by its ARN, with the session token, and gives back its string', async () => {
    await expect(fromSecretsExtension(ARN)).resolves.toBe('origin-secret-1');
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url!, 'http://localhost').searchParams.get('secretId')).toBe(ARN);
  });

  it('reads a secret once per instance and again after it is forgotten (a rotation)', async () => {
    await expect(secret('ORIGIN_VERIFY')).resolves.toBe('origin-secret-1');
    values[ARN] = 'origin-secret-2';
    await expect(secret('ORIGIN_VERIFY')).resolves.toBe('origin-secret-1');
    expect(requests).toHaveLength(1);
    forgetSecret('ORIGIN_VERIFY');
    await expect(secret('ORIGIN_VERIFY')).resolves.toBe('origin-secret-2');
    expect(requests).toHaveLength(2);
  });

  it('does not keep a failed read: the next request asks again', async () => {
    process.env.AWS_SESSION_TOKEN = 'another-token';
    await expect(secret('ORIGIN_VERIFY')).rejects.toThrow(
      /the secrets extension answered 401 not authorized/,
    );
    process.env.AWS_SESSION_TOKEN = SESSION_TOKEN;
    await expect(secret('ORIGIN_VERIFY')).resolves.toBe('origin-secret-1');
    expect(requests).toHaveLength(2);
  });

  it('names the secret when the extension does not know it', async () => {
    await expect(fromSecretsExtension(`${ARN}-gone`)).rejects.toThrow(
      `Secret ${ARN}-gone: the secrets extension answered 400`,
    );
  });

  it('refuses a secret without a string value', async () => {
    values[ARN] = undefined;
    await expect(fromSecretsExtension(ARN)).rejects.toThrow(`Secret ${ARN} has no string value`);
  });

  it('takes the plain env var when one is set (the local cloud), without asking the extension', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'a-local-origin-secret-of-32-characters';
    resetEnvCache();
    await expect(secret('ORIGIN_VERIFY')).resolves.toBe('a-local-origin-secret-of-32-characters');
    expect(requests).toHaveLength(0);
  });

  it('has no secret when neither the plain var nor the ARN is set', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetEnvCache();
    await expect(secret('ORIGIN_VERIFY')).resolves.toBeUndefined();
    expect(requests).toHaveLength(0);
  });
});
