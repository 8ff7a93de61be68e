import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  inOwnLogScope,
  type LogLevel,
  setRequestLogFields,
  withRequestLogFields,
} from '../../../../functions/core/logger';
import { PLATFORMS, sessionCookieNames } from '../../../../shared/platforms';

// An explicit level: the test config sets LOG_LEVEL=silent for the whole run.
function capture(base: Record<string, unknown> = {}, level: LogLevel = 'info') {
  const lines: string[] = [];
  const log = createLogger(base, { level, sink: (line) => lines.push(line) });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { log, lines, entries };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createLogger', () => {
  it('writes one JSON line per call with level, time, message and the base fields', () => {
    const { log, lines, entries } = capture({ service: 'get-health', requestId: 'req-1' });
    log.info('request done', { status: 200 });
    log.warn('slow');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    const [first, second] = entries();
    expect(first).toEqual({
      level: 'info',
      time: expect.any(String),
      message: 'request done',
      service: 'get-health',
      requestId: 'req-1',
      status: 200,
    });
    expect(new Date(first!.time as string).toISOString()).toBe(first!.time);
    expect(second).toMatchObject({ level: 'warn', message: 'slow', requestId: 'req-1' });
  });

  it('drops lines below the chosen level', () => {
    const { log, entries } = capture({}, 'warn');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(entries().map((e) => e.level)).toEqual(['warn', 'error']);
  });

  it('logs info and above by default, hiding debug', () => {
    vi.stubEnv('LOG_LEVEL', '');
    const lines: string[] = [];
    const log = createLogger({}, { sink: (line) => lines.push(line) });
    log.debug('d');
    log.info('i');
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['i']);
  });

  it('takes the level from LOG_LEVEL when none is given', () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    createLogger({}, { sink: (line) => lines.push(line) }).debug('d');
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['d']);
  });

  it('writes nothing at all when LOG_LEVEL is silent', () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    const lines: string[] = [];
    const log = createLogger({}, { sink: (line) => lines.push(line) });
    log.error('e');
    log.child({ a: 1 }).warn('w');
    expect(lines).toEqual([]);
  });

  it('falls back to info for an unknown LOG_LEVEL', () => {
    vi.stubEnv('LOG_LEVEL', 'verbose');
    const lines: string[] = [];
    const log = createLogger({}, { sink: (line) => lines.push(line) });
    log.debug('d');
    log.info('i');
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['i']);
  });

  it('merges a child’s fields with the parent’s, the child winning', () => {
    const { log, entries } = capture({ service: 'worker', stage: 'parent' });
    log.child({ runId: 'run-7', stage: 'child' }).info('step');
    expect(entries()[0]).toMatchObject({ service: 'worker', runId: 'run-7', stage: 'child' });
  });

  it('keeps the level of the parent in a child', () => {
    const { log, entries } = capture({}, 'error');
    log.child({ runId: 'r' }).warn('hidden');
    expect(entries()).toEqual([]);
  });

  it.each([
    'password',
    'token',
    'cookie',
    'authorization',
    // Every platform session cookie of the platform table (shared/platforms.ts).
    ...PLATFORMS.flatMap(sessionCookieNames),
  ])('masks a value under the key %s', (key) => {
    const { log, lines, entries } = capture();
    log.info('login', { [key]: 'super-secret-value' });
    expect(entries()[0]![key]).toBe('[redacted]');
    expect(lines[0]).not.toContain('super-secret-value');
  });

  it('masks secret-looking keys whatever their case or surroundings', () => {
    const { log, lines } = capture();
    log.info('x', { accessToken: 's1', Authorization: 's2', 'set-cookie': 's3', clientSecret: 's4' });
    for (const secret of ['s1', 's2', 's3', 's4']) expect(lines[0]).not.toContain(`"${secret}"`);
  });

  it('masks secrets nested in objects and arrays', () => {
    const { log, lines, entries } = capture();
    log.info('request', {
      request: { headers: { authorization: 'Bearer abc.def.ghi', accept: 'application/json' } },
      accounts: [{ name: 'linkedin', cookies: { li_at: 'AQED-secret' } }],
    });
    expect(entries()[0]).toMatchObject({
      request: { headers: { authorization: '[redacted]', accept: 'application/json' } },
      accounts: [{ name: 'linkedin', cookies: '[redacted]' }],
    });
    expect(lines[0]).not.toContain('abc.def.ghi');
    expect(lines[0]).not.toContain('AQED-secret');
  });

  it('masks a secret six objects deep', () => {
    const { log, lines } = capture();
    log.info('deep', { a: { b: { c: { d: { e: { f: { password: 'deep-secret' } } } } } } });
    expect(lines[0]).toContain('"password":"[redacted]"');
    expect(lines[0]).not.toContain('deep-secret');
  });

  it('never writes a secret nested deeper than the redaction limit', () => {
    const { log, lines } = capture();
    log.info('deeper', { a: { b: { c: { d: { e: { f: { g: { password: 'hunter2' } } } } } } } });
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).toContain('[truncated]');
  });

  it('logs a circular value instead of throwing', () => {
    const { log, lines } = capture();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(() => log.info('circular', { loop })).not.toThrow();
    expect(JSON.parse(lines[0]!)).toMatchObject({ loop: { name: 'loop', self: '[circular]' } });
  });

  it('keeps its own level and message when fields carry the same names', () => {
    const { log, entries } = capture();
    log.warn('real message', { message: 'spoofed', level: 'debug' });
    expect(entries()[0]).toMatchObject({ level: 'warn', message: 'real message' });
  });

  it('masks api keys however the key is spelled', () => {
    const { log, lines } = capture();
    log.info('x', { 'x-api-key': 'k1', api_key: 'k2', apiKey: 'k3' });
    for (const secret of ['k1', 'k2', 'k3']) expect(lines[0]).not.toContain(`"${secret}"`);
  });

  it('masks secrets in the base fields too', () => {
    const { log, lines } = capture({ token: 'base-secret' });
    log.info('x');
    expect(lines[0]).not.toContain('base-secret');
  });

  it('serialises an Error with its name and message', () => {
    const { log, entries } = capture();
    log.error('failed', { error: new TypeError('bad input') });
    expect(entries()[0]!.error).toMatchObject({ name: 'TypeError', message: 'bad input' });
  });
});

describe('session cookie names', () => {
  it('are masked by their exact name only: a sessionId field stays readable', () => {
    const { log, entries } = capture();
    log.info('sync', { sessionid: 'secret-a', ct0: 'secret-b', sessionId: 'sess-1' });
    expect(entries()[0]).toMatchObject({ sessionid: '[redacted]', ct0: '[redacted]', sessionId: 'sess-1' });
  });
});

describe('request log fields', () => {
  it('adds the request’s own fields to every line of any logger, concurrent requests kept apart', async () => {
    const lines: string[] = [];
    // One logger built once, as a service built at cold start holds it.
    const shared = createLogger({ service: 'test' }, { level: 'info', sink: (line) => lines.push(line) });
    // Each request starts from its own callback, as the gateway's requests and Lambda's invocations do.
    const request = (requestId: string, delayMs: number) =>
      new Promise<void>((done) =>
        setTimeout(async () => {
          setRequestLogFields({ requestId, routeKey: 'GET /api/x' });
          await new Promise((r) => setTimeout(r, delayMs));
          shared.info('handled', { step: requestId });
          done();
        }, 0),
      );
    await Promise.all([request('req-a', 30), request('req-b', 5)]);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry.requestId).toBe(entry.step);
    expect(entries.map((e) => e.routeKey)).toEqual(['GET /api/x', 'GET /api/x']);
  });

  it('keeps a handler’s request fields from its invoker and the work the invoker starts later (issue 35 point 4)', async () => {
    const lines: string[] = [];
    const shared = createLogger({}, { level: 'info', sink: (line) => lines.push(line) });
    // A handler whose middleware sets its fields as it starts, as the HTTP and WebSocket wrappers do.
    const handler = async (requestId: string) => {
      setRequestLogFields({ requestId, routeKey: 'POST /api/flows' });
      await Promise.resolve();
      shared.info('handled');
    };
    // The invoker (a local gateway or poller) runs the handler, then later background work of its own.
    const invoker = async () => {
      await inOwnLogScope(() => handler('req-a'));
      shared.info('invoker goes on');
      await new Promise<void>((done) =>
        setTimeout(() => {
          shared.info('background work');
          done();
        }, 1),
      );
    };
    await invoker();
    const [handled, after, background] = lines.map((line) => JSON.parse(line));
    expect(handled).toMatchObject({ requestId: 'req-a', routeKey: 'POST /api/flows' });
    expect(after.requestId).toBeUndefined();
    expect(background.requestId).toBeUndefined();
    expect(background.routeKey).toBeUndefined();
  });

  it('shows how an unscoped handler’s fields would reach its invoker, which the scope prevents', async () => {
    const lines: string[] = [];
    const shared = createLogger({}, { level: 'info', sink: (line) => lines.push(line) });
    await inOwnLogScope(async () => {
      await (async () => setRequestLogFields({ requestId: 'leaky' }))();
      shared.info('caller after an unscoped handler');
    });
    shared.info('outside every scope');
    expect(JSON.parse(lines[0]!).requestId).toBe('leaky');
    expect(JSON.parse(lines[1]!).requestId).toBeUndefined();
  });

  it('gives a worker’s or task’s lines its fields within its work only', async () => {
    const lines: string[] = [];
    const shared = createLogger({}, { level: 'info', sink: (line) => lines.push(line) });
    await withRequestLogFields({ task: 'dispatch-unsent-automations' }, async () => {
      await Promise.resolve();
      shared.info('swept');
    });
    shared.info('idle');
    expect(JSON.parse(lines[0]!)).toMatchObject({ task: 'dispatch-unsent-automations' });
    expect(JSON.parse(lines[1]!).task).toBeUndefined();
  });

  it('logs no request fields outside a request', () => {
    const lines: string[] = [];
    const shared = createLogger({}, { level: 'info', sink: (line) => lines.push(line) });
    shared.info('idle');
    expect(JSON.parse(lines[0]!).requestId).toBeUndefined();
  });
});
