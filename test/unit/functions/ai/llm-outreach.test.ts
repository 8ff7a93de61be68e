import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttp2Server, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bedrockProspectAi } from '../../../../functions/ai/bedrock-prospect-ai';
import {
  type BedrockRuntime,
  bedrockRuntime,
  type ConverseStreamEvent,
  type ConverseStreamInput,
} from '../../../../functions/ai/bedrock-runtime';
import type { OutreachTask } from '../../../../functions/ai/llm-outreach';
import { localProspectAi as local } from '../../../../functions/ai/local/local-prospect-ai';
import { openAiProspectAi } from '../../../../functions/ai/openai-prospect-ai';
import { prospectAiFor } from '../../../../functions/ai/prospect-ai-adapter';
import { parseEnv } from '../../../../functions/core/env';
import type { AiMessaging, AiProspect, AiTargeting, ProspectAi } from '../../../../functions/core/ports/ai';
import { type FakeAiServer, fakeBedrockServer, fakeOpenAiServer } from '../../../support/fake-ai-servers';

/**
 * The model adapters' flow outreach (llm-outreach.ts): a valid structured reply is used as it is; a reply
 * that breaks a rule (too long, a placeholder, a score out of range, not JSON) and a call that fails or
 * takes too long give the local adapter's result instead. Against the local fake servers the filter's
 * tests use, and an injected Bedrock runtime for the tool-use stream the fake does not speak.
 */
const MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

const ANA: AiProspect = {
  id: 'urn:li:person:ACoAA-ana',
  name: 'Ana-Maria López',
  title: 'Head of Growth',
  headline: 'Head of Growth at Bluefin | fintech, pricing',
  company: 'Bluefin Payments',
  location: 'London, United Kingdom',
  industry: 'Financial Services',
  skills: ['Pricing', 'SaaS'],
  recentPosts: [{ id: 'post-1', text: 'Most pricing experiments fail because nobody owns them. #Pricing' }],
};
const MESSAGING: AiMessaging = {
  companyDescription: 'We help B2B SaaS teams automate their outbound prospecting with AI-driven campaigns.',
  messageTone: 'professional',
  connectionRequestStyle: 'value-first',
  commentStyle: 'ask-questions',
};
const TARGETING: AiTargeting = {
  keywords: 'SaaS pricing',
  industries: ['Financial Services'],
  jobTitles: ['Head of Growth'],
  locations: ['United Kingdom'],
  companySize: [],
};

const NOTE_REQUEST = { prospect: ANA, messaging: MESSAGING, maxLength: 200 };
const COMMENT_REQUEST = { prospect: ANA, post: ANA.recentPosts![0]!, messaging: MESSAGING };
const MESSAGE_REQUEST = { prospect: ANA, messaging: MESSAGING };
const SCORE_REQUEST = {
  prospect: ANA,
  targeting: TARGETING,
  companyDescription: MESSAGING.companyDescription,
};

const MODEL_NOTE =
  'Hi Ana-Maria, your pricing work at Bluefin stood out. We help SaaS teams with outbound; happy to share what works. Would be glad to connect.';
const MODEL_COMMENT =
  'Who owns the pricing roadmap at Bluefin today, Ana-Maria? That ownership point rings true.';
const MODEL_MESSAGE =
  'Hi Ana-Maria,\n\nThanks for connecting. We help B2B SaaS teams automate outbound prospecting.\n\nOpen to a short chat?';
const MODEL_SCORE = {
  aiScore: 82,
  matchReason: 'Head of Growth at a fintech in London who posts about pricing.',
  relevanceFactors: [
    { factor: 'Job title', weight: 0.4, detail: 'Head of Growth is targeted.' },
    { factor: 'Keywords', weight: 0.3, detail: 'SaaS and pricing in the profile.' },
  ],
};

/** A JSON answer as a model streams it, in pieces of `size` characters. */
function pieces(answer: unknown, size = 9): string[] {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

interface Fallback {
  task: OutreachTask;
  reason: string;
}

/** Every invalid reply, what the adapter is asked, and why it must not be used. */
const INVALID: readonly {
  name: string;
  reply: unknown;
  call: (ai: ProspectAi) => Promise<unknown>;
  expected: () => Promise<unknown>;
  reason: RegExp;
}[] = [
  {
    name: 'a note over its limit',
    reply: { text: `Hi Ana-Maria, ${'we help SaaS teams grow. '.repeat(8)}` },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /more than 200/,
  },
  {
    name: 'a {placeholder}',
    reply: { text: 'Hi {first_name}, I would love to connect.' },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /placeholder/,
  },
  {
    name: 'a [Company] placeholder in a message',
    reply: { text: 'Hi Ana-Maria, thanks for connecting! How are things at [Company]?' },
    call: (ai) => ai.writeMessage(MESSAGE_REQUEST),
    expected: () => local.writeMessage(MESSAGE_REQUEST),
    reason: /placeholder/,
  },
  {
    name: 'an empty text',
    reply: { text: '   ' },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /empty/,
  },
  {
    name: 'a comment of four sentences',
    reply: { text: 'Great post. Really. I agree. Thanks!' },
    call: (ai) => ai.writeComment(COMMENT_REQUEST),
    expected: () => local.writeComment(COMMENT_REQUEST),
    reason: /more than 3 sentences/,
  },
  {
    name: 'a message over 1,000 characters',
    reply: { text: `Hi Ana-Maria, ${'thanks for connecting. '.repeat(50)}` },
    call: (ai) => ai.writeMessage(MESSAGE_REQUEST),
    expected: () => local.writeMessage(MESSAGE_REQUEST),
    reason: /more than 1000/,
  },
  {
    name: 'a score of 140',
    reply: { ...MODEL_SCORE, aiScore: 140 },
    call: (ai) => ai.scoreProspect(SCORE_REQUEST),
    expected: () => local.scoreProspect(SCORE_REQUEST),
    reason: /aiScore/,
  },
  {
    name: 'a weight over 1',
    reply: { ...MODEL_SCORE, relevanceFactors: [{ factor: 'Title', weight: 1.5, detail: 'x' }] },
    call: (ai) => ai.scoreProspect(SCORE_REQUEST),
    expected: () => local.scoreProspect(SCORE_REQUEST),
    reason: /weight/,
  },
  {
    name: 'text that is not JSON',
    reply: 'Sure! Here is a note: Hi Ana-Maria, let us connect.',
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /no JSON/,
  },
  {
    name: 'JSON cut short',
    reply: '{"aiScore": 80, "matchReason": "Head of Gro',
    call: (ai) => ai.scoreProspect(SCORE_REQUEST),
    expected: () => local.scoreProspect(SCORE_REQUEST),
    reason: /no JSON|could not be read/,
  },
  // What a text says (issue 34 point 7): the reason names the rule and what broke it.
  {
    name: 'a note with an account instruction and an outside link',
    reply: { text: 'Hi Ana-Maria, please confirm your account at https://evil.example/pay' },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /^the text has a link not in the messaging settings: https:\/\/evil\.example\/pay$/,
  },
  {
    name: 'a comment with an account instruction and an outside link',
    reply: { text: 'please confirm your account at https://evil.example/pay' },
    call: (ai) => ai.writeComment(COMMENT_REQUEST),
    expected: () => local.writeComment(COMMENT_REQUEST),
    reason: /^the text has a link not in the messaging settings: https:\/\/evil\.example\/pay$/,
  },
  {
    name: 'a message with an outside phone number',
    reply: { text: 'Hi Ana-Maria,\n\nThanks for connecting. Call me on +44 20 7946 0958 any time.' },
    call: (ai) => ai.writeMessage(MESSAGE_REQUEST),
    expected: () => local.writeMessage(MESSAGE_REQUEST),
    reason: /a phone number not in the messaging settings: \+44 20 7946 0958/,
  },
  {
    name: 'a note with an outside e-mail address',
    reply: { text: 'Hi Ana-Maria, write to ana@evil.example and we can talk.' },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /an e-mail address not in the messaging settings: ana@evil\.example/,
  },
  {
    name: 'a message with an account instruction and no link',
    reply: { text: 'Hi Ana-Maria,\n\nYour account will be suspended unless you log in today.' },
    call: (ai) => ai.writeMessage(MESSAGE_REQUEST),
    expected: () => local.writeMessage(MESSAGE_REQUEST),
    reason: /^the text tells the reader to act on an account \(account threat\)/,
  },
  {
    name: 'a comment copying 8 words of the post',
    reply: { text: 'Most pricing experiments fail because nobody owns them. So true, Ana-Maria.' },
    call: (ai) => ai.writeComment(COMMENT_REQUEST),
    expected: () => local.writeComment(COMMENT_REQUEST),
    reason:
      /copies 8 or more words of the prospect's profile: "most pricing experiments fail because nobody owns them"/,
  },
  {
    name: 'a comment carrying tag characters (issue 34 point 5)',
    reply: { text: 'Great point, Ana-Maria.\u{E0069}\u{E0067}\u{E006E}' },
    call: (ai) => ai.writeComment(COMMENT_REQUEST),
    expected: () => local.writeComment(COMMENT_REQUEST),
    reason: /^the text has control, invisible or text-direction characters$/,
  },
  // Issue 36 point 4: the offer restated, never pasted.
  {
    name: 'a note pasting the company description',
    reply: {
      text: 'Hi Ana-Maria, we help B2B SaaS teams automate their outbound prospecting with AI-driven campaigns.',
    },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /^the text pastes 13 words of the company description in a row: "we help b2b saas/,
  },
  {
    name: 'a message pasting the company description',
    reply: {
      text: 'Hi Ana-Maria,\n\nThanks for connecting. Since we help B2B SaaS teams automate their outbound prospecting, a chat?',
    },
    call: (ai) => ai.writeMessage(MESSAGE_REQUEST),
    expected: () => local.writeMessage(MESSAGE_REQUEST),
    reason: /pastes 9 words of the company description/,
  },
  {
    name: 'JSON of another shape',
    reply: { note: 'Hi Ana-Maria!' },
    call: (ai) => ai.writeConnectionNote(NOTE_REQUEST),
    expected: () => local.writeConnectionNote(NOTE_REQUEST),
    reason: /not \{"text"/,
  },
];

describe('OpenAI-compatible adapter: flow outreach', () => {
  let server: FakeAiServer;
  let fallbacks: Fallback[];
  beforeAll(async () => {
    server = await fakeOpenAiServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.fail(undefined);
    fallbacks = [];
  });

  const port = (baseUrl = server.url, timeoutMs?: number) =>
    openAiProspectAi({
      baseUrl,
      model: 'gpt-test',
      apiKey: 'sk-test',
      ...(timeoutMs ? { timeoutMs } : {}),
      onFallback: (task, reason) => fallbacks.push({ task, reason }),
    });
  const body = (i = 0) =>
    server.requests[i]!.json as {
      stream: boolean;
      temperature: number;
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: object } };
      messages: { role: string; content: string }[];
    };

  it('asks for a JSON answer of the schema, and uses a valid note as it is', async () => {
    server.answer(pieces({ text: MODEL_NOTE }));
    await expect(port().writeConnectionNote(NOTE_REQUEST)).resolves.toEqual({ text: MODEL_NOTE });
    expect(fallbacks).toEqual([]);
    const sent = body();
    expect(sent).toMatchObject({ stream: true, temperature: 0.4 });
    expect(sent.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'outreach_text',
        strict: true,
        schema: {
          type: 'object',
          properties: { text: { type: 'string', description: expect.any(String) } },
          required: ['text'],
          additionalProperties: false,
        },
      },
    });
    expect(sent.messages[0]!.content).toContain('never leave a placeholder');
    const user = sent.messages[1]!.content;
    expect(user).toContain('at most 200 characters');
    expect(user).toContain('Tone: professional');
    expect(user).toContain('Approach: Value-First');
    expect(user).toContain('Name: Ana-Maria López');
    expect(user).toContain("The user's company: We help B2B SaaS teams");
    expect(user).toContain('- Most pricing experiments fail because nobody owns them.');
  });

  it('uses a valid comment, message and score; the match quality comes from the score', async () => {
    server.answer(pieces({ text: MODEL_COMMENT }));
    await expect(port().writeComment(COMMENT_REQUEST)).resolves.toEqual({ text: MODEL_COMMENT });
    expect(body(0).messages[1]!.content).toContain('Strategy: Ask Questions');
    server.answer(pieces({ text: MODEL_MESSAGE }));
    await expect(port().writeMessage(MESSAGE_REQUEST)).resolves.toEqual({ text: MODEL_MESSAGE });
    server.answer(pieces(MODEL_SCORE));
    await expect(port().scoreProspect(SCORE_REQUEST)).resolves.toEqual({
      ...MODEL_SCORE,
      matchQuality: 'hot',
    });
    expect(body(2)).toMatchObject({
      temperature: 0,
      response_format: { json_schema: { name: 'prospect_score' } },
    });
    server.answer(pieces({ ...MODEL_SCORE, aiScore: 74, matchQuality: 'hot' }));
    await expect(port().scoreProspect(SCORE_REQUEST)).resolves.toMatchObject({
      aiScore: 74,
      matchQuality: 'warm',
    });
    expect(fallbacks).toEqual([]);
  });

  it("uses a text with the user's own contacts, the prospect's name, company and title, and a short quote", async () => {
    const messaging = {
      ...MESSAGING,
      companyDescription: `${MESSAGING.companyDescription} See acme.io or write to hello@acme.io.`,
    };
    const note = 'Hi Ana-Maria López, Head of Growth at Bluefin Payments: we help SaaS teams, see acme.io.';
    server.answer(pieces({ text: note }));
    await expect(port().writeConnectionNote({ ...NOTE_REQUEST, messaging })).resolves.toEqual({ text: note });
    const comment =
      '"Pricing experiments fail because nobody owns them" rings true. Who owns them at Bluefin?';
    server.answer(pieces({ text: comment }));
    await expect(port().writeComment({ ...COMMENT_REQUEST, messaging })).resolves.toEqual({ text: comment });
    const message =
      'Hi Ana-Maria,\n\nThanks for connecting. More at https://acme.io or hello@acme.io.\n\nA chat?';
    server.answer(pieces({ text: message }));
    await expect(port().writeMessage({ ...MESSAGE_REQUEST, messaging })).resolves.toEqual({ text: message });
    expect(fallbacks).toEqual([]);
  });

  it('reads an answer in a code fence and drops quotes around the whole text', async () => {
    server.answer(pieces(`\`\`\`json\n${JSON.stringify({ text: `"${MODEL_NOTE}"` })}\n\`\`\``));
    await expect(port().writeConnectionNote(NOTE_REQUEST)).resolves.toEqual({ text: MODEL_NOTE });
  });

  for (const invalid of INVALID) {
    it(`falls back to the local result on ${invalid.name}`, async () => {
      server.answer(pieces(invalid.reply));
      const result = await invalid.call(port());
      expect(result).toEqual(await invalid.expected());
      expect(fallbacks).toHaveLength(1);
      expect(fallbacks[0]!.reason).toMatch(invalid.reason);
    });
  }

  it('falls back when the call fails: an HTTP error, an error mid-stream, a dropped connection', async () => {
    const expected = await local.writeConnectionNote(NOTE_REQUEST);
    server.answer(pieces({ text: MODEL_NOTE }));
    for (const failure of [
      { kind: 'http', status: 500, message: 'upstream exploded' },
      { kind: 'exception', afterChunks: 2, message: 'The model is overloaded' },
      { kind: 'cut', afterChunks: 3 },
    ] as const) {
      server.fail(failure);
      await expect(port().writeConnectionNote(NOTE_REQUEST)).resolves.toEqual(expected);
    }
    expect(fallbacks.map((f) => f.task)).toEqual(['note', 'note', 'note']);
    expect(fallbacks[0]!.reason).toMatch(/^the provider failed: HTTP 500 .*upstream exploded/);
    expect(fallbacks[1]!.reason).toBe('the provider failed: The model is overloaded');
  });

  it('falls back when the model takes too long, and aborts the request', async () => {
    let closed = false;
    const silent: Server = createHttpServer((req) => {
      req.on('close', () => {
        closed = true;
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port: at } = silent.address() as AddressInfo;
      const started = Date.now();
      const result = await port(`http://127.0.0.1:${at}`, 150).writeMessage(MESSAGE_REQUEST);
      expect(result).toEqual(await local.writeMessage(MESSAGE_REQUEST));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(fallbacks).toEqual([
        { task: 'message', reason: 'the provider failed: no answer within 150 ms' },
      ]);
      await vi.waitFor(() => expect(closed).toBe(true));
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('Bedrock adapter: flow outreach', () => {
  let server: FakeAiServer;
  let fallbacks: Fallback[];
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
    fallbacks = [];
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const outreach = (timeoutMs?: number) => ({
    ...(timeoutMs ? { timeoutMs } : {}),
    onFallback: (task: OutreachTask, reason: string) => fallbacks.push({ task, reason }),
  });
  const port = () =>
    bedrockProspectAi({ modelId: MODEL_ID, region: 'eu-west-1', endpoint: server.url, ...outreach() });

  /** A runtime that answers `events`, recording what it was asked. */
  function runtimeOf(events: ConverseStreamEvent[], asked: ConverseStreamInput[] = []): BedrockRuntime {
    return {
      async converseStream(input) {
        asked.push(input);
        return (async function* () {
          yield* events;
        })();
      },
    };
  }
  /** The stream of a model that uses the tool: its JSON input in pieces. */
  const toolUse = (answer: unknown): ConverseStreamEvent[] => [
    { messageStart: { role: 'assistant' } },
    {
      contentBlockStart: {
        contentBlockIndex: 0,
        start: { toolUse: { toolUseId: 'tooluse_1', name: 'outreach_text' } },
      },
    },
    ...pieces(answer).map((input) => ({
      contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input } } },
    })),
    { contentBlockStop: { contentBlockIndex: 0 } },
    { messageStop: { stopReason: 'tool_use' } },
  ];

  it('asks for the answer as the input of a tool the model must use, signed, and uses a valid reply', async () => {
    server.answer(pieces({ text: MODEL_NOTE }));
    await expect(port().writeConnectionNote(NOTE_REQUEST)).resolves.toEqual({ text: MODEL_NOTE });
    expect(fallbacks).toEqual([]);
    const [request] = server.requests;
    expect(decodeURIComponent(request!.path)).toBe(`/model/${MODEL_ID}/converse-stream`);
    expect(String(request!.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\//);
    const sent = request!.json as ConverseStreamInput;
    expect(sent.inferenceConfig).toEqual({ maxTokens: 400, temperature: 0.4 });
    expect(sent.toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: 'outreach_text',
            description: 'The connection note.',
            inputSchema: { json: expect.objectContaining({ required: ['text'] }) },
          },
        },
      ],
      toolChoice: { tool: { name: 'outreach_text' } },
    });
    expect(sent.messages[0]!.content[0]!.text).toContain('at most 200 characters');
  });

  it('reads the tool input streamed as toolUse pieces', async () => {
    const asked: ConverseStreamInput[] = [];
    const ai = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: runtimeOf(toolUse(MODEL_SCORE), asked),
      ...outreach(),
    });
    await expect(ai.scoreProspect(SCORE_REQUEST)).resolves.toEqual({ ...MODEL_SCORE, matchQuality: 'hot' });
    expect(asked[0]!.toolConfig?.toolChoice).toEqual({ tool: { name: 'prospect_score' } });
    const writer = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: runtimeOf(toolUse({ text: MODEL_COMMENT })),
      ...outreach(),
    });
    await expect(writer.writeComment(COMMENT_REQUEST)).resolves.toEqual({ text: MODEL_COMMENT });
    expect(fallbacks).toEqual([]);
  });

  it('falls back on an invalid tool input: a score of 140, a placeholder', async () => {
    const scorer = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: runtimeOf(toolUse({ ...MODEL_SCORE, aiScore: 140 })),
      ...outreach(),
    });
    await expect(scorer.scoreProspect(SCORE_REQUEST)).resolves.toEqual(
      await local.scoreProspect(SCORE_REQUEST),
    );
    const writer = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: runtimeOf(toolUse({ text: 'Hi [Name], let us connect.' })),
      ...outreach(),
    });
    await expect(writer.writeConnectionNote(NOTE_REQUEST)).resolves.toEqual(
      await local.writeConnectionNote(NOTE_REQUEST),
    );
    expect(fallbacks.map((f) => f.task)).toEqual(['score', 'note']);
  });

  it('falls back on an invalid reply from the server: too long, bad JSON', async () => {
    server.answer(pieces({ text: 'x'.repeat(201) }));
    await expect(port().writeConnectionNote(NOTE_REQUEST)).resolves.toEqual(
      await local.writeConnectionNote(NOTE_REQUEST),
    );
    server.answer(pieces('I cannot help with that.'));
    await expect(port().writeMessage(MESSAGE_REQUEST)).resolves.toEqual(
      await local.writeMessage(MESSAGE_REQUEST),
    );
    expect(fallbacks.map((f) => f.reason)).toEqual([
      'the text has 201 characters, more than 200',
      'the reply has no JSON object',
    ]);
  });

  it('falls back when Bedrock fails: a client error, a throttling exception, a stream cut before messageStop', async () => {
    const expected = await local.writeComment(COMMENT_REQUEST);
    server.answer(pieces({ text: MODEL_COMMENT }));
    for (const failure of [
      { kind: 'http', status: 400, message: 'This model does not support tool use' },
      { kind: 'exception', afterChunks: 1, type: 'throttlingException', message: 'Slow down' },
      { kind: 'cut', afterChunks: 2 },
    ] as const) {
      server.fail(failure);
      await expect(port().writeComment(COMMENT_REQUEST)).resolves.toEqual(expected);
    }
    expect(fallbacks).toHaveLength(3);
    expect(fallbacks[0]!.reason).toMatch(/does not support tool use/);
    expect(fallbacks[1]!.reason).toMatch(/Slow down/);
    // The whole answer arrives, but no messageStop: not taken as complete.
    const unfinished = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: runtimeOf(toolUse({ text: MODEL_COMMENT }).slice(0, -1)),
      ...outreach(),
    });
    await expect(unfinished.writeComment(COMMENT_REQUEST)).resolves.toEqual(expected);
    expect(fallbacks[3]!.reason).toMatch(/ended before the answer was complete/);
  });

  it('falls back when the model takes too long, aborting the call', async () => {
    let signal: AbortSignal | undefined;
    const stalled: BedrockRuntime = {
      converseStream: (_input, options) =>
        new Promise((_resolve, reject) => {
          signal = options?.signal;
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const ai = bedrockProspectAi({
      modelId: MODEL_ID,
      region: 'eu-west-1',
      runtime: stalled,
      ...outreach(100),
    });
    await expect(ai.writeConnectionNote(NOTE_REQUEST)).resolves.toEqual(
      await local.writeConnectionNote(NOTE_REQUEST),
    );
    expect(signal?.aborted).toBe(true);
    expect(fallbacks).toEqual([{ task: 'note', reason: 'the provider failed: no answer within 100 ms' }]);
  });
});

describe('bedrockRuntime: an aborted call', () => {
  let silent: Http2Server;
  let streams = 0;
  beforeAll(async () => {
    silent = createHttp2Server();
    // It never answers. The client cancels its session: the server's session and stream hear of it as
    // an error.
    silent.on('session', (session) => session.on('error', () => {}));
    silent.on('stream', (stream) => {
      streams++;
      stream.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => silent.close(resolve));
  });
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDRUNTIME');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const input: ConverseStreamInput = {
    modelId: MODEL_ID,
    system: [{ text: 'system' }],
    messages: [{ role: 'user', content: [{ text: 'hello' }] }],
    inferenceConfig: { maxTokens: 10, temperature: 0 },
  };

  it('ends with the abort, without a retry, although a timeout is otherwise retried', async () => {
    const { port } = silent.address() as AddressInfo;
    const runtime = bedrockRuntime({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}` });
    const error = await runtime
      .converseStream(input, { signal: AbortSignal.timeout(100) })
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(streams).toBe(1);
    const aborted = new AbortController();
    aborted.abort();
    await expect(runtime.converseStream(input, { signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(streams).toBe(1);
  });
});

describe('the flows’ AI port', () => {
  it('scores and writes locally by default', async () => {
    const ai = prospectAiFor(parseEnv({ TABLE_NAME: 't' }));
    await expect(ai.writeConnectionNote(NOTE_REQUEST)).resolves.toEqual(
      await local.writeConnectionNote(NOTE_REQUEST),
    );
    await expect(ai.scoreProspect(SCORE_REQUEST)).resolves.toEqual(await local.scoreProspect(SCORE_REQUEST));
  });

  it('uses the provider the environment names, with the filter’s settings', async () => {
    const server = await fakeOpenAiServer();
    try {
      server.answer(pieces({ text: MODEL_NOTE }));
      const ai = prospectAiFor(
        parseEnv({ TABLE_NAME: 't', AI_PROVIDER: 'openai', OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'm' }),
      );
      await expect(ai.writeConnectionNote(NOTE_REQUEST)).resolves.toEqual({ text: MODEL_NOTE });
      expect(server.requests[0]!.json).toMatchObject({ model: 'm' });
    } finally {
      await server.close();
    }
    expect(() => prospectAiFor(parseEnv({ TABLE_NAME: 't', AI_PROVIDER: 'bedrock' }))).toThrow(
      'Invalid environment: AI_PROVIDER=bedrock needs BEDROCK_MODEL_ID',
    );
  });
});
