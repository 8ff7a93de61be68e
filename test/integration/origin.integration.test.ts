import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../functions/core/origin';
import {
  createResponseStream,
  lambdaContext,
  loadHandler,
  type ResponseStreamMetadata,
} from '../../scripts/local-cloud/lambda-runtime';
import { AUTH_TEXTS } from '../../shared/auth';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, freshAddress, uniqueName } from '../support/api-client';
import { accessToken, setEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';
import { scanTable } from '../support/table-items';

/**
 * Issue 8 point 5: the API serves only requests that came through CloudFront, which adds the origin secret
 * (functions/core/origin.ts), and only then trusts CloudFront-Viewer-Address. Locally the gateway plays
 * CloudFront: the client is the connection's peer, whatever headers it sends.
 */
let env: AccountsEnv;
let api: Api;
let token: string;
let userId: string;
const originSecret = () => process.env.ORIGIN_VERIFY_SECRET!;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  userId = `origin-${uniqueName()}`;
  token = await accessToken(env.secret, { id: userId });
});

afterAll(async () => {
  await env?.close();
});

const FORBIDDEN = { code: 'FORBIDDEN', message: expect.any(String) };

/** An HTTP API v2.0 event as it reaches a function straight from execute-api, with the given headers. */
function directEvent(
  routeKey: string,
  headers: Record<string, string>,
  body?: string,
): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'direct',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'attacker' },
      requestId: `direct-${uniqueName()}`,
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

async function invokeHttp(handlerName: string, event: APIGatewayProxyEventV2) {
  const handler = (await loadHandler(handlerName)) as (
    e: APIGatewayProxyEventV2,
    c: unknown,
  ) => Promise<APIGatewayProxyStructuredResultV2>;
  const out = await handler(event, lambdaContext(handlerName));
  return { status: out.statusCode, body: out.body ? JSON.parse(String(out.body)) : undefined };
}

/** Runs a streaming handler as the function URL would, collecting its status line and body. */
async function invokeStream(handlerName: string, event: APIGatewayProxyEventV2) {
  const handler = (await loadHandler(handlerName)) as (e: unknown, s: Writable, c: unknown) => Promise<void>;
  let metadata: ResponseStreamMetadata = {};
  const chunks: Buffer[] = [];
  const target = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  await handler(
    event,
    createResponseStream(target, (m) => {
      metadata = m;
    }),
    lambdaContext(handlerName),
  );
  return { status: metadata.statusCode, text: Buffer.concat(chunks).toString('utf8'), metadata };
}

describe('a request that did not come through CloudFront (no origin secret)', () => {
  const list = (headers: Record<string, string>) =>
    invokeHttp(
      'catalog/list-templates',
      directEvent('GET /api/templates', { authorization: `Bearer ${token}`, ...headers }),
    );

  it('is refused 403 by an HTTP handler, even with a valid access token', async () => {
    const res = await list({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it('is refused 403 with a wrong secret: empty, guessed, or the right one with a character changed', async () => {
    const right = originSecret();
    const nearMiss = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of ['', 'guessed', nearMiss, `${right} `]) {
      const res = await list({ [ORIGIN_VERIFY_HEADER]: wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it('is served with the secret CloudFront adds', async () => {
    const res = await list({ [ORIGIN_VERIFY_HEADER]: originSecret() });
    expect(res.status).toBe(200);
    expect(res.body.data.templates).toEqual(expect.any(Array));
  });

  it('is refused 403 by a public route, whose rate limits it would otherwise reach with an invented viewer address', async () => {
    const res = await invokeHttp(
      'auth/forgot-password',
      directEvent(
        'POST /api/auth/forgot-password',
        { 'content-type': 'application/json', 'cloudfront-viewer-address': '203.0.113.9:443' },
        JSON.stringify({ email: `${uniqueName()}@example.test` }),
      ),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    // Refused before any limit was counted for the invented address.
    expect((await scanTable()).filter((i) => String(i.pk).includes('203.0.113.9'))).toEqual([]);
  });

  it('is refused 403 by the streaming (function URL) handler before a stream starts', async () => {
    const event = directEvent(
      'POST /api/leads/ai-filter',
      { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      JSON.stringify({ query: 'CTO', automationId: 'auto-1' }),
    );
    event.routeKey = '$default';
    await storeJob(userId, 'auto-1', { status: 'completed' });
    const refused = await invokeStream('leads/ai-filter', event);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual(FORBIDDEN);

    event.headers[ORIGIN_VERIFY_HEADER] = 'guessed';
    expect((await invokeStream('leads/ai-filter', event)).status).toBe(403);

    event.headers[ORIGIN_VERIFY_HEADER] = originSecret();
    const served = await invokeStream('leads/ai-filter', event);
    expect(served.status).toBe(200);
    expect(served.metadata.headers?.['content-type']).toMatch(/^text\/event-stream/);
  });

  it('is refused by every route when no origin secret is configured at all (fails closed, 403 not 500)', async () => {
    const configured = originSecret();
    setEnv({ ORIGIN_VERIFY_SECRET: undefined });
    try {
      const res = await list({ [ORIGIN_VERIFY_HEADER]: configured });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      // Through the gateway too, which then has no secret to add.
      expect((await api.get('/api/templates', { token })).status).toBe(403);
    } finally {
      setEnv({ ORIGIN_VERIFY_SECRET: configured });
    }
  });
});

describe('the client address on the local gateway', () => {
  it('is the connection, not a CloudFront-Viewer-Address the client sets: the per-client limit still counts it', async () => {
    const client = api.from(freshAddress());
    for (let i = 0; i < 10; i++) {
      const res = await client.post(
        '/api/auth/resend-verification',
        { email: `${uniqueName()}@example.test` },
        // A new invented viewer address, and an origin secret guess, on every request.
        { headers: { 'cloudfront-viewer-address': `203.0.113.${i + 1}:443`, [ORIGIN_VERIFY_HEADER]: 'x' } },
      );
      expect(res.status, res.text).toBe(200);
    }
    const limited = await client.post(
      '/api/auth/resend-verification',
      { email: `${uniqueName()}@example.test` },
      { headers: { 'cloudfront-viewer-address': '203.0.113.200:443' } },
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: AUTH_TEXTS.tooManyAttempts });
    // No counter was kept for any invented address.
    expect((await scanTable()).filter((i) => String(i.pk).includes('203.0.113.'))).toEqual([]);

    // Another connection's address is another client.
    const other = await api
      .from(freshAddress())
      .post('/api/auth/resend-verification', { email: `${uniqueName()}@example.test` });
    expect(other.status).toBe(200);
  });
});
