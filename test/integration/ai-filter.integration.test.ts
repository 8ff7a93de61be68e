import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleLeadCount } from '../../functions/leads/lead-count-repository';
import { storeLeads } from '../../functions/leads/lead-repository';
import { AI_FILTER_MAX_IDS } from '../../shared/ai-filter';
import { DEMO_LEAD_COUNT } from '../../shared/demo-leads';
import type { Lead } from '../../shared/leads';
import { startGateway } from '../support/gateway-server';
import { accessToken, useIntegrationEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';
import { leadOf } from '../support/leads';

/**
 * `POST /api/leads/ai-filter` through the local gateway's streaming route, with the local AI adapter
 * (the default): the events are read one by one as they arrive.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>;
let secret: string;

async function putLeads(userId: string, automationId: string, leads: Lead[]) {
  await storeJob(userId, automationId, { status: 'completed' });
  await storeLeads({ userId, automationId }, leads);
  await settleLeadCount(userId, automationId);
}

interface StreamEvent {
  type: string;
  data: Record<string, unknown> & { delta_content?: string };
}

/** Posts a request and parses the event stream frame by frame, noting when each event arrived. */
async function filter(body: unknown, token?: string) {
  const res = await fetch(`${gateway.base}/api/leads/ai-filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { res, text: await res.text(), events: [] as StreamEvent[], arrivals: [] as number[] };
  const events: StreamEvent[] = [];
  const arrivals: number[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const part = decoder.decode(chunk, { stream: true });
    text += part;
    buffered += part;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      expect(frame.startsWith('data: ')).toBe(true);
      events.push(JSON.parse(frame.slice('data: '.length)));
      arrivals.push(performance.now());
      end = buffered.indexOf('\n\n');
    }
  }
  return { res, text, events, arrivals };
}

const idsOf = (event: StreamEvent | undefined) =>
  ((event?.data.leads ?? []) as { id: string }[]).map((l) => l.id).sort();

beforeAll(async () => {
  ({ secret } = await useIntegrationEnv());
  gateway = await startGateway();
  await putLeads('owner', 'auto-1', [
    leadOf('a1', { name: 'Ada Stone', title: 'Engineering Team Lead', location: 'London, United Kingdom' }),
    leadOf('a2', { name: 'Bob Reyes', headline: 'Team Leader at Fintech Co', location: 'Berlin, Germany' }),
    leadOf('a3', { name: 'Cy Park', title: 'Sales Representative', location: 'London, United Kingdom' }),
  ]);
  await putLeads('owner', 'auto-2', [
    leadOf('c1', { name: 'Cat Lee', title: 'Team Lead', location: 'Paris' }),
  ]);
  await putLeads('other', 'auto-x', [
    leadOf('x1', { name: 'Eve Moss', title: 'Team Lead', location: 'London' }),
  ]);
  await storeJob('owner', 'auto-empty', { status: 'completed' });
});

afterAll(async () => {
  await gateway.close();
});

describe('POST /api/leads/ai-filter', () => {
  it('streams summary deltas before the results, which hold only the automation’s matches with reasons', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const { res, events } = await filter({ query: 'Team Leaders', automationId: 'auto-1' }, token);
    expect(res.status).toBe(200);
    const types = events.map((e) => e.type);
    expect(types.at(-1)).toBe('results');
    expect(types.indexOf('chat:completion')).toBe(0);
    expect(types.filter((t) => t === 'results')).toHaveLength(1);
    const results = events.at(-1)!;
    expect(idsOf(results)).toEqual(['a1', 'a2']);
    expect(results.data.totalMatches).toBe(2);
    expect(results.data.query).toBe('Team Leaders');
    const summary = events
      .filter((e) => e.type === 'chat:completion')
      .map((e) => e.data.delta_content)
      .join('');
    expect(summary).toBe(results.data.summary);
    for (const matched of results.data.leads as { reason: string; matchedFields: string[] }[]) {
      expect(matched.reason).toMatch(/team lead/i);
      expect(matched.matchedFields.some((f) => f === 'title' || f === 'headline')).toBe(true);
    }
  });

  it('a job id of the automation works like its id (a recurring run’s job)', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const { events } = await filter({ query: 'Team Leaders', automationId: 'auto-1.3' }, token);
    expect(idsOf(events.at(-1))).toEqual(['a1', 'a2']);
  });

  it('considers only the ids the client lists, when it lists them', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const { events } = await filter(
      { query: 'Team Leaders', automationId: 'auto-1', leadIds: ['a2', 'a3', 'c1', 'x1'] },
      token,
    );
    expect(idsOf(events.at(-1))).toEqual(['a2']);
  });

  it('ranks the demo leads while the automation has none of its own', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const { events } = await filter({ query: 'Team Leaders', automationId: 'auto-empty' }, token);
    const results = events.at(-1)!;
    const ids = idsOf(results);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(DEMO_LEAD_COUNT);
    expect(ids.every((id) => id.startsWith('demo-'))).toBe(true);
  });

  it('refuses another user’s automation with 404 before any stream starts', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const { res, text } = await filter({ query: 'Team Leaders', automationId: 'auto-x' }, token);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ code: 'NOT_FOUND', message: 'Automation not found' });
  });

  it('answers 401 without a session and 403 with an unverified e-mail', async () => {
    const anonymous = await filter({ query: 'CTO', automationId: 'auto-1' });
    expect(anonymous.res.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    const unverified = await filter(
      { query: 'CTO', automationId: 'auto-1' },
      await accessToken(secret, { id: 'owner', emailVerified: false }),
    );
    expect(unverified.res.status).toBe(403);
    expect(JSON.parse(unverified.text).message).toBe('Please verify your email address to continue.');
  });

  it('answers 400 with the field message for a blank, missing or too long query', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    for (const body of [{ automationId: 'auto-1' }, { query: '   ', automationId: 'auto-1' }]) {
      const { res, text } = await filter(body, token);
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Please describe the leads you are looking for',
        issues: [{ path: 'query', message: 'Please describe the leads you are looking for' }],
      });
    }
    const atLimit = await filter({ query: 'a'.repeat(500), automationId: 'auto-1' }, token);
    expect(atLimit.res.status).toBe(200);
    const pastLimit = await filter({ query: 'a'.repeat(501), automationId: 'auto-1' }, token);
    expect(pastLimit.res.status).toBe(400);
    expect(JSON.parse(pastLimit.text).message).toBe('Please keep the request under 500 characters');
  });

  it('answers 400 without an automation, and for one id past the listed-ids bound', async () => {
    const token = await accessToken(secret, { id: 'owner' });
    const missing = await filter({ query: 'CTO' }, token);
    expect(missing.res.status).toBe(400);
    expect(JSON.parse(missing.text).message).toBe('automationId is required');
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);
    const atBound = await filter(
      { query: 'CTO', automationId: 'auto-1', leadIds: ids(AI_FILTER_MAX_IDS) },
      token,
    );
    expect(atBound.res.status).toBe(200);
    const pastBound = await filter(
      { query: 'CTO', automationId: 'auto-1', leadIds: ids(AI_FILTER_MAX_IDS + 1) },
      token,
    );
    expect(pastBound.res.status).toBe(400);
    expect(JSON.parse(pastBound.text).message).toBe('leadIds must hold at most 20,000 ids');
  });

  it('answers 401 to an expired token', async () => {
    const expired = await accessToken(secret, { id: 'owner' }, '-1m');
    expect((await filter({ query: 'CTO', automationId: 'auto-1' }, expired)).res.status).toBe(401);
  });
});
