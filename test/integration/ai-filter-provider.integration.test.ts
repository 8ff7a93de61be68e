import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetAiPort } from '../../functions/ai/ai-adapter';
import { settleLeadCount } from '../../functions/leads/lead-count-repository';
import { storeLeads } from '../../functions/leads/lead-repository';
import { type FakeAiServer, fakeOpenAiServer, modelAnswer } from '../support/fake-ai-servers';
import { startGateway } from '../support/gateway-server';
import { accessToken, useIntegrationEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';
import { leadOf } from '../support/leads';

/**
 * `POST /api/leads/ai-filter` with an OpenAI-compatible provider (AI_PROVIDER=openai) played by a local
 * server that speaks the chat-completions stream: the model's summary reaches the browser delta by
 * delta, and a provider that fails mid-answer ends the stream with an error event after what was sent.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>;
let model: FakeAiServer;
let token: string;

async function filter(query: string) {
  const res = await fetch(`${gateway.base}/api/leads/ai-filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, automationId: 'auto-llm' }),
  });
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter(Boolean)
    .map(
      (frame) => JSON.parse(frame.replace(/^data: /, '')) as { type: string; data: Record<string, unknown> },
    );
  return { res, events };
}

beforeAll(async () => {
  model = await fakeOpenAiServer();
  const { secret } = await useIntegrationEnv({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.url,
    OPENAI_MODEL: 'local-test-model',
    OPENAI_API_KEY: 'sk-local-test',
  });
  resetAiPort();
  gateway = await startGateway();
  token = await accessToken(secret, { id: 'llm-owner' });
  await storeJob('llm-owner', 'auto-llm', { status: 'completed' });
  await storeLeads({ userId: 'llm-owner', automationId: 'auto-llm' }, [
    leadOf('t1', { name: 'Ada Stone', title: 'Engineering Team Lead', location: 'London' }),
    leadOf('t2', { name: 'Bob Reyes', title: 'Sales Representative', location: 'Berlin' }),
  ]);
  await settleLeadCount('llm-owner', 'auto-llm');
});

afterAll(async () => {
  await gateway?.close();
  await model?.close();
  resetAiPort();
});

beforeEach(() => {
  model.requests.length = 0;
  model.fail(undefined);
});

describe('the AI filter with an OpenAI-compatible provider', () => {
  it('streams the model’s summary as deltas, then its matches with the model’s reasons', async () => {
    model.answer(
      modelAnswer('Ada leads an engineering team.', [{ id: 't1', reason: 'Leads a team of engineers' }]),
    );
    const { res, events } = await filter('Team Leaders');
    expect(res.status).toBe(200);
    const deltas = events.filter((e) => e.type === 'chat:completion');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)?.type).toBe('results');
    const results = events.at(-1)!.data as { leads: { id: string; reason: string }[]; summary: string };
    expect(results.leads.map((l) => [l.id, l.reason])).toEqual([['t1', 'Leads a team of engineers']]);
    expect(results.summary).toContain('Ada leads an engineering team.');
    const sent = model.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-local-test');
    expect(JSON.stringify(sent.json)).toContain('Team Leaders');
    expect((sent.json as { model: string }).model).toBe('local-test-model');
  });

  it('ends the stream with an error event when the provider fails mid-answer, after the deltas it sent', async () => {
    model.answer(modelAnswer('A long summary that the provider will not finish sending.', []));
    model.fail({ kind: 'exception', afterChunks: 3, message: 'overloaded' });
    const { res, events } = await filter('Team Leaders');
    expect(res.status).toBe(200);
    expect(events.some((e) => e.type === 'results')).toBe(false);
    expect(events.filter((e) => e.type === 'chat:completion').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'error', data: { message: expect.any(String) } });
  });

  it('ends the stream with an error event when the provider refuses the request', async () => {
    model.fail({ kind: 'http', status: 500 });
    const { res, events } = await filter('Team Leaders');
    expect(res.status).toBe(200);
    expect(events.at(-1)?.type).toBe('error');
    expect(events.some((e) => e.type === 'results')).toBe(false);
  });
});
