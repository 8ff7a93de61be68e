import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { startGateway } from '../support/gateway-server';
import { accessToken, useIntegrationEnv } from '../support/integration-env';

let gateway: Awaited<ReturnType<typeof startGateway>>;
let secret: string;
let tableName: string;

async function putLead(userId: string, lead: Record<string, string>) {
  const { pk, skPrefix } = keys.leadsPrefix(userId);
  await dynamo().send(
    new PutCommand({ TableName: tableName, Item: { pk, sk: `${skPrefix}${lead.id}`, ...lead } }),
  );
}

/** Reads the whole event stream and returns its events in order. */
async function filter(body: unknown, token?: string) {
  const res = await fetch(`${gateway.base}/api/leads/ai-filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const events = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n\n')
        .filter(Boolean)
        .map((frame) => JSON.parse(frame.replace(/^data: /, '')))
    : [];
  return { res, text, events };
}

beforeAll(async () => {
  ({ secret, tableName } = await useIntegrationEnv());
  gateway = await startGateway();
  await putLead('owner', { id: 'a1', name: 'Ada', title: 'CTO', location: 'Berlin' });
  await putLead('owner', { id: 'a2', name: 'Bob', title: 'Sales Director', location: 'Berlin' });
  await putLead('other', { id: 'b1', name: 'Eve', title: 'CTO', location: 'Berlin' });
});

afterAll(async () => {
  await gateway.close();
});

describe('POST /api/leads/ai-filter', () => {
  it("streams the summary and then only the caller's own matching leads", async () => {
    const { res, events } = await filter(
      { query: 'CTO in Berlin.' },
      await accessToken(secret, { id: 'owner' }),
    );
    expect(res.status).toBe(200);
    const deltas = events.filter((e) => e.type === 'chat:completion').map((e) => e.data.delta_content);
    const results = events.find((e) => e.type === 'results');
    expect(results.data.leads.map((l: { id: string }) => l.id)).toEqual(['a1']);
    expect(results.data.totalMatches).toBe(1);
    expect(deltas.join('')).toBe(results.data.summary);
    expect(results.data.summary).toBe('Found 1 of 2 leads matching "cto", "berlin".');
  });

  it("never returns another user's leads, even when the client names their ids", async () => {
    const { events } = await filter(
      { query: 'CTO', leadIds: ['b1', 'a1'] },
      await accessToken(secret, { id: 'owner' }),
    );
    const results = events.find((e) => e.type === 'results');
    expect(results.data.leads.map((l: { id: string }) => l.id)).toEqual(['a1']);
  });

  it('answers 401 without a session and 403 with an unverified e-mail', async () => {
    const anonymous = await filter({ query: 'CTO' });
    expect(anonymous.res.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    const unverified = await filter(
      { query: 'CTO' },
      await accessToken(secret, { id: 'owner', emailVerified: false }),
    );
    expect(unverified.res.status).toBe(403);
    expect(JSON.parse(unverified.text).message).toBe('Please verify your email address to continue.');
  });

  it('answers 400 with the field message for an empty or missing query', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    for (const body of [{}, { query: '   ' }]) {
      const { res, text } = await filter(body, token);
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Please describe the leads you are looking for',
        issues: [{ path: 'query', message: 'Please describe the leads you are looking for' }],
      });
    }
  });

  it('answers 401 to an expired token', async () => {
    const expired = await accessToken(secret, { id: 'owner' }, '-1m');
    expect((await filter({ query: 'CTO' }, expired)).res.status).toBe(401);
  });
});
