import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiPort, aiPortFor, resetAiPort } from '../../../../functions/ai/ai-adapter';
import {
  MAX_CANDIDATES,
  parseAnswer,
  pickCandidates,
  SummarySplitter,
  SYSTEM_PROMPT,
} from '../../../../functions/ai/llm-filter';
import { parseEnv, resetEnvCache } from '../../../../functions/core/env';
import type { AiFilterEvent, AiLead, AiPort } from '../../../../functions/core/ports/ai';
import {
  type FakeAiServer,
  fakeBedrockServer,
  fakeOpenAiServer,
  modelAnswer,
} from '../../../support/fake-ai-servers';

const MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

const LEADS: AiLead[] = [
  {
    id: 'l01',
    name: 'Ada Lovelace',
    title: 'Engineering Team Lead',
    headline: 'Team Lead at Bluefin | Payments',
    company: 'Bluefin Payments',
    location: 'London, United Kingdom',
    skills: 'TypeScript • AWS',
  },
  {
    id: 'l02',
    name: 'Ben Okafor',
    title: 'Head of Engineering',
    company: 'Cobalt Cloud',
    location: 'Berlin',
  },
  { id: 'l03', name: 'Chloé Dubois', title: 'Product Designer', location: 'Paris, France' },
  { id: 'l04', name: 'Dev Patel', title: 'Chef', headline: 'Runs a kitchen | of 12', location: 'London' },
];

const ANSWER = modelAnswer('Two of your 4 leads lead engineering teams; a head chef also runs a team.', [
  { id: 'l02', reason: 'Head of Engineering at Cobalt Cloud.' },
  { id: 'l01', reason: 'Engineering Team Lead at Bluefin.' },
  { id: 'l99', reason: 'Not a candidate: dropped.' },
  { id: 'l01', reason: 'A second time: dropped.' },
  { id: 'l04', reason: 'Runs a kitchen of 12.' },
]);

interface Outcome {
  events: AiFilterEvent[];
  error?: Error;
}

async function collect(port: AiPort, query: string, leads: readonly AiLead[] = LEADS): Promise<Outcome> {
  const events: AiFilterEvent[] = [];
  try {
    for await (const event of port.filterLeads({ query, leads: async () => leads })) events.push(event);
  } catch (error) {
    return { events, error: error as Error };
  }
  return { events };
}

const deltasOf = (events: readonly AiFilterEvent[]) =>
  events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
const resultsOf = (events: readonly AiFilterEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'results') throw new Error('no results event at the end');
  return last;
};
const leadLines = (prompt: string) => prompt.split('\n').filter((line) => /^l\d+ \| /.test(line));

const manyLeads = (n: number): AiLead[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `l${String(i + 1).padStart(3, '0')}`,
    name: `Person ${i + 1}`,
    // Every 50th a team lead (a local match), every 7th mentions 'teams' in the headline (no match).
    title: i % 50 === 49 ? 'Team Lead' : 'Accountant',
    headline: i % 7 === 0 ? 'Works with teams' : 'Numbers',
  }));

describe('SummarySplitter', () => {
  it('streams the text before a marker line split across chunks, and keeps what follows it', () => {
    const splitter = new SummarySplitter();
    const out = ['Knows C#', ' and Go.\n#', '#', '#\n{"matches":', '[]}'].map((c) => splitter.push(c));
    expect(out).toEqual(['Knows C#', ' and Go.', undefined, undefined, undefined]);
    expect(splitter).toMatchObject({ found: true, summary: 'Knows C# and Go.', tail: '{"matches":[]}' });
  });

  it('drops white space around the summary, never inside it', () => {
    const splitter = new SummarySplitter();
    const out = ['\n\n  Found', ' two  \n', 'leads. \n', '###\n', '{}'].map((c) => splitter.push(c));
    expect(out.filter(Boolean).join('')).toBe('Found two  \nleads.');
    expect(splitter.summary).toBe('Found two  \nleads.');
  });

  it('takes only a line that is exactly ### as the marker: a heading or a ### inside a line is text', () => {
    const splitter = new SummarySplitter();
    const out = ['### Summary\nTwo leads ### match.\n', '###', '\n{"matches":[]}'].map((c) =>
      splitter.push(c),
    );
    expect(out.filter(Boolean).join('')).toBe('### Summary\nTwo leads ### match.');
    expect(splitter).toMatchObject({ found: true, tail: '{"matches":[]}' });
  });

  it('takes a marker on the answer’s last line once the answer ends', () => {
    const splitter = new SummarySplitter();
    splitter.push('Nothing matched.\n###');
    expect(splitter.found).toBe(false);
    splitter.finish();
    expect(splitter).toMatchObject({ found: true, summary: 'Nothing matched.' });
  });
});

describe('parseAnswer', () => {
  it('keeps the entries an answer completed before it was cut off mid-JSON', () => {
    const cut = '{"matches":[{"id":"l01","reason":"Leads a \\"team\\""},{"id":"l02"},{"id":"l03","rea';
    expect(parseAnswer(cut).matches).toEqual([{ id: 'l01', reason: 'Leads a "team"' }, { id: 'l02' }]);
  });

  it('fails on an answer with no complete entry or the wrong shape', () => {
    expect(() => parseAnswer('{"matches": [ {"id": "l01", ')).toThrow(/^AI provider failed: .*JSON/);
    expect(() => parseAnswer('{"leads": ["l01"]}')).toThrow(/^AI provider failed: .*JSON/);
  });
});

describe('pickCandidates', () => {
  it('takes the local matches first, then partial matches, then the rest, at most MAX_CANDIDATES', () => {
    const leads = manyLeads(250);
    const picked = pickCandidates('team leads', leads);
    expect(picked).toHaveLength(MAX_CANDIDATES);
    const teamLeads = leads.filter((l) => l.title === 'Team Lead').map((l) => l.id);
    expect(picked.slice(0, teamLeads.length).map((c) => c.lead.id)).toEqual(teamLeads);
    expect(new Set(picked.map((c) => c.lead.id)).size).toBe(MAX_CANDIDATES);
  });
});

describe('OpenAI-compatible adapter', () => {
  let server: FakeAiServer;
  beforeAll(async () => {
    server = await fakeOpenAiServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.fail(undefined);
    server.answer(ANSWER);
  });

  const port = () =>
    aiPortFor(
      parseEnv({
        TABLE_NAME: 't',
        AI_PROVIDER: 'openai',
        // A trailing slash is fine: the adapter appends /chat/completions to the API root.
        OPENAI_BASE_URL: `${server.url}/`,
        OPENAI_MODEL: 'gpt-test',
        OPENAI_API_KEY: 'sk-test',
      }),
    );

  it('streams the summary as deltas, then the matches the model chose among the candidates', async () => {
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(error).toBeUndefined();
    const deltas = deltasOf(events);
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.findIndex((e) => e.type === 'results')).toBe(events.length - 1);
    const results = resultsOf(events);
    expect(results.summary).toBe('Two of your 4 leads lead engineering teams; a head chef also runs a team.');
    expect(deltas.join('')).toBe(results.summary);
    expect(results.matches).toEqual([
      { id: 'l02', score: 1, reason: 'Head of Engineering at Cobalt Cloud.', matchedFields: ['title'] },
      {
        id: 'l01',
        score: 0.667,
        reason: 'Engineering Team Lead at Bluefin.',
        matchedFields: ['headline', 'title'],
      },
      // No word of the request in it: the model's choice, with no fields to point at.
      { id: 'l04', score: 0.333, reason: 'Runs a kitchen of 12.', matchedFields: [] },
    ]);
  });

  it('posts a streaming chat completion for the model, with the key, the request and one line per lead', async () => {
    await collect(port(), 'Team Leaders');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    const body = request!.json as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ model: 'gpt-test', stream: true });
    expect(body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(body.messages[1]!.content).toContain('Request: Team Leaders');
    // Every lead in the columns the system prompt names, local matches first; a '|' inside a field
    // cannot shift the columns.
    expect(leadLines(body.messages[1]!.content)).toEqual([
      'l01 | Ada Lovelace | Engineering Team Lead | Team Lead at Bluefin Payments | Bluefin Payments | London, United Kingdom | TypeScript • AWS',
      'l02 | Ben Okafor | Head of Engineering |  | Cobalt Cloud | Berlin | ',
      'l03 | Chloé Dubois | Product Designer |  |  | Paris, France | ',
      'l04 | Dev Patel | Chef | Runs a kitchen of 12 |  | London | ',
    ]);
  });

  it('sends no Authorization header without a key', async () => {
    const env = parseEnv({
      TABLE_NAME: 't',
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.url,
      OPENAI_MODEL: 'm',
    });
    await collect(aiPortFor(env), 'Team Leaders');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('gives the model at most MAX_CANDIDATES leads, local matches first', async () => {
    await collect(port(), 'team leads', manyLeads(250));
    const prompt = (server.requests[0]!.json as { messages: { content: string }[] }).messages[1]!.content;
    const lines = leadLines(prompt);
    expect(lines).toHaveLength(MAX_CANDIDATES);
    expect(lines[0]).toMatch(/^l050 \| Person 50 \| Team Lead \|/);
    expect(prompt).toContain(`the ${MAX_CANDIDATES} of 250`);
  });

  it('throws "AI provider failed" on an HTTP error, before any delta', async () => {
    server.fail({ kind: 'http', status: 500, message: 'upstream exploded' });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(events).toEqual([]);
    expect(error?.message).toMatch(/^AI provider failed: HTTP 500 .*upstream exploded/);
  });

  it('throws when the connection drops mid-stream, after the deltas that came', async () => {
    server.fail({ kind: 'cut', afterChunks: 3 });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(deltasOf(events).join('')).toBe(ANSWER.slice(0, 3).join(''));
    expect(events.some((e) => e.type === 'results')).toBe(false);
    expect(error?.message).toMatch(/^AI provider failed: /);
  });

  it('throws on an error event mid-stream', async () => {
    server.fail({ kind: 'exception', afterChunks: 2, message: 'The model is overloaded' });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(deltasOf(events)).toHaveLength(2);
    expect(error?.message).toBe('AI provider failed: The model is overloaded');
  });

  it('throws on an answer without the ### line, or with JSON it cannot read', async () => {
    server.answer(['Here are your leads: l01, l02.']);
    expect((await collect(port(), 'Team Leaders')).error?.message).toMatch(/^AI provider failed: .*###/);
    server.answer(['Found some.\n###\n{"matches": [ {"id": "l01", ']);
    expect((await collect(port(), 'Team Leaders')).error?.message).toMatch(/^AI provider failed: .*JSON/);
    server.answer(['Found some.\n###\n{"leads": ["l01"]}']);
    expect((await collect(port(), 'Team Leaders')).error?.message).toMatch(/^AI provider failed: .*JSON/);
  });

  it('reads a JSON answer inside a code fence', async () => {
    server.answer(['Found one.\n###\n```json\n{"matches":[{"id":"l03","reason":"Designs products."}]}\n```']);
    const results = resultsOf((await collect(port(), 'designers')).events);
    expect(results.matches).toEqual([
      { id: 'l03', score: 1, reason: 'Designs products.', matchedFields: ['title'] },
    ]);
  });
});

describe('Bedrock adapter', () => {
  let server: FakeAiServer;
  beforeAll(async () => {
    server = await fakeBedrockServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFAKEBEDROCK');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'fake-secret');
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    server.requests.length = 0;
    server.fail(undefined);
    server.answer(ANSWER);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const port = () =>
    aiPortFor(
      parseEnv({
        TABLE_NAME: 't',
        AWS_REGION: 'eu-west-1',
        AI_PROVIDER: 'bedrock',
        BEDROCK_MODEL_ID: MODEL_ID,
        BEDROCK_ENDPOINT: server.url,
      }),
    );

  it('streams the summary as deltas, then the matches the model chose among the candidates', async () => {
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(error).toBeUndefined();
    const results = resultsOf(events);
    expect(deltasOf(events).length).toBeGreaterThan(3);
    expect(deltasOf(events).join('')).toBe(results.summary);
    expect(results.summary).toBe('Two of your 4 leads lead engineering teams; a head chef also runs a team.');
    expect(results.matches.map((m) => [m.id, m.reason])).toEqual([
      ['l02', 'Head of Engineering at Cobalt Cloud.'],
      ['l01', 'Engineering Team Lead at Bluefin.'],
      ['l04', 'Runs a kitchen of 12.'],
    ]);
  });

  it('calls ConverseStream on the configured model, signed with the credentials from the environment', async () => {
    await collect(port(), 'Team Leaders');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(decodeURIComponent(request!.path)).toBe(`/model/${MODEL_ID}/converse-stream`);
    expect(String(request!.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\/\d{8}\/eu-west-1\/bedrock\/aws4_request,/,
    );
    const body = request!.json as {
      system: { text: string }[];
      messages: { role: string; content: { text: string }[] }[];
      inferenceConfig: { temperature: number; maxTokens: number };
    };
    expect(body.system).toEqual([{ text: SYSTEM_PROMPT }]);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.role).toBe('user');
    expect(body.messages[0]!.content[0]!.text).toContain('Request: Team Leaders');
    expect(leadLines(body.messages[0]!.content[0]!.text)).toHaveLength(LEADS.length);
    expect(body.inferenceConfig).toMatchObject({ temperature: 0 });
  });

  it('throws "AI provider failed" on a throttling exception mid-stream, after the deltas that came', async () => {
    server.fail({ kind: 'exception', afterChunks: 3, type: 'throttlingException', message: 'Slow down' });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(deltasOf(events).join('')).toBe(ANSWER.slice(0, 3).join(''));
    expect(events.some((e) => e.type === 'results')).toBe(false);
    expect(error?.message).toMatch(/^AI provider failed: .*Slow down/);
  });

  it('throws on an internal server exception mid-stream', async () => {
    server.fail({
      kind: 'exception',
      afterChunks: 1,
      type: 'internalServerException',
      message: 'Model broke',
    });
    expect((await collect(port(), 'Team Leaders')).error?.message).toMatch(
      /^AI provider failed: .*Model broke/,
    );
  });

  it('throws when the stream is cut before the model stopped', async () => {
    server.fail({ kind: 'cut', afterChunks: 2 });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(deltasOf(events)).toHaveLength(2);
    expect(error?.message).toMatch(/^AI provider failed: /);
  });

  it('throws on an HTTP error before the stream', async () => {
    server.fail({ kind: 'http', status: 500, message: 'Bedrock is down' });
    const { events, error } = await collect(port(), 'Team Leaders');
    expect(events).toEqual([]);
    expect(error?.message).toMatch(/^AI provider failed: .*Bedrock is down/);
  });
});

describe('aiPort', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
    resetAiPort();
  });

  it('is the local adapter by default: it says what it looks for before reading any lead', async () => {
    const port = aiPortFor(parseEnv({ TABLE_NAME: 't' }));
    let loaded = false;
    const events = port.filterLeads({
      query: 'Team Leaders',
      leads: async () => {
        loaded = true;
        return LEADS;
      },
    });
    const first = await events[Symbol.asyncIterator]().next();
    expect(first.value).toEqual({ type: 'delta', text: 'Looking for team leaders. ' });
    expect(loaded).toBe(false);
  });

  it('refuses a provider without its settings, naming them', () => {
    expect(() => aiPortFor(parseEnv({ TABLE_NAME: 't', AI_PROVIDER: 'bedrock' }))).toThrow(
      'Invalid environment: AI_PROVIDER=bedrock needs BEDROCK_MODEL_ID',
    );
    expect(() =>
      aiPortFor(parseEnv({ TABLE_NAME: 't', AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1' })),
    ).toThrow('Invalid environment: AI_PROVIDER=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
    expect(() => parseEnv({ TABLE_NAME: 't', AI_PROVIDER: 'gemini' })).toThrow(
      /^Invalid environment: .*AI_PROVIDER/,
    );
    expect(() => parseEnv({ TABLE_NAME: 't', OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('is chosen once per process from the environment at its first use, until reset', async () => {
    const firstEvent = () =>
      aiPort()
        .filterLeads({ query: 'founders', leads: async () => [] })
        [Symbol.asyncIterator]()
        .next();
    vi.stubEnv('TABLE_NAME', 't');
    vi.stubEnv('AI_PROVIDER', 'local');
    resetEnvCache();
    resetAiPort();
    await expect(firstEvent()).resolves.toMatchObject({ done: false });
    vi.stubEnv('AI_PROVIDER', 'bedrock');
    resetEnvCache();
    await expect(firstEvent()).resolves.toMatchObject({ done: false });
    resetAiPort();
    await expect(firstEvent()).rejects.toThrow(
      'Invalid environment: AI_PROVIDER=bedrock needs BEDROCK_MODEL_ID',
    );
  });
});
