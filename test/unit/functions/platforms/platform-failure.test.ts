import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPage } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { isServerError, isUnder, pathOf, wallAt } from '../../../../functions/platforms/platform-failure';
import {
  type PlatformApi,
  PlatformServerError,
  platformRequest,
  stopOf,
} from '../../../../functions/platforms/platform-request';
import { checkPlatformSession } from '../../../../functions/platforms/session-check';
import { PLATFORM_SESSION_VERDICT } from '../../../../functions/platforms/session-types';

describe('the shared pieces of the classifiers', () => {
  it('a server error is 500 to 599 and nothing else', () => {
    expect([499, 500, 501, 599, 600, 999].map(isServerError)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('a wall mark matches its path and what is under it, never a path that merely starts like it', () => {
    expect(isUnder('/login', '/login')).toBe(true);
    expect(isUnder('/login/', '/login')).toBe(true);
    expect(isUnder('/login/error', '/login')).toBe(true);
    expect(isUnder('/challenge/1/', '/challenge/')).toBe(true);
    expect(isUnder('/loginhelp', '/login')).toBe(false);
    expect(isUnder('/login-help/', '/login')).toBe(false);
    expect(isUnder('/in/login/', '/login')).toBe(false);
  });

  it('reads the path of absolute URLs, paths with a query and relative Locations alike', () => {
    expect(pathOf('https://x.test/i/flow/login?redirect=1')).toBe('/i/flow/login');
    expect(pathOf('/checkpoint/challenge/?a=b')).toBe('/checkpoint/challenge/');
    const marks = { challengeMarks: ['/checkpoint'], loginMarks: ['/login'] };
    expect(wallAt('/checkpoint/challenge/?a=b', marks)).toBe('challenge');
    expect(wallAt('https://li.test/login?x=1', marks)).toBe('expired');
    expect(wallAt('https://li.test/feed/', marks)).toBeUndefined();
  });

  it('the session check has a verdict for every reason, and keeps the words it shares with a stop', () => {
    expect(PLATFORM_SESSION_VERDICT).toEqual({
      challenge: 'challenge',
      expired: 'expired',
      'rate-limited': 'unreachable',
      'server-error': 'unreachable',
      changed: 'unreachable',
      'not-found': 'unreachable',
    });
  });
});

describe('the one request wrapper', () => {
  const api = (reason?: 'expired' | 'server-error'): PlatformApi => ({
    headers: { accept: 'application/json' },
    csrfHeader: 'x-csrf',
    classify: () => (reason ? { reason, detail: 'said so' } : undefined),
    serverError: (status) => new PlatformServerError('Test', status),
  });
  const page = (status: number) => {
    const sent: Array<{ path: string; headers?: Record<string, string> }> = [];
    const p: PlatformPage = {
      baseUrl: 'https://t.test',
      landedAt: 'https://t.test/',
      landingStatus: 200,
      async request(path, init) {
        sent.push({ path, headers: init?.headers });
        return {
          status,
          url: `https://t.test${path}`,
          contentType: 'application/json',
          headers: {},
          json: {},
        };
      },
      async close() {},
    };
    return { p, sent };
  };

  it('sends the platform headers and the CSRF header from inside the page, and returns a good answer', async () => {
    const { p, sent } = page(200);
    const res = await platformRequest(p, '/api/x', 'tok', api());
    expect(res.status).toBe(200);
    expect(sent).toEqual([{ path: '/api/x', headers: { accept: 'application/json', 'x-csrf': 'tok' } }]);
  });

  it('throws a PlatformStop for a stop and the platform’s server error for a 5xx', async () => {
    const stop = await platformRequest(page(403).p, '/api/x', 'tok', api('expired')).catch((e: unknown) => e);
    expect(stop).toBeInstanceOf(PlatformStop);
    expect(stop).toMatchObject({ reason: 'expired', detail: 'said so' });
    const error = await platformRequest(page(503).p, '/api/x', 'tok', api('server-error')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformServerError);
    expect(error).not.toBeInstanceOf(PlatformStop);
    expect(error).toMatchObject({ status: 503, message: 'Test answered 503' });
    expect(stopOf({ reason: 'server-error', detail: '' })).toBeUndefined();
  });
});

describe('checkPlatformSession reads the answer through the platform’s classifier', () => {
  afterEach(() => vi.unstubAllGlobals());
  const LINKEDIN = [
    { name: 'li_at', value: 'AQED' },
    { name: 'JSESSIONID', value: '"ajax:1"' },
  ];

  it('a redirect to the checkpoint is a challenge, read at its relative Location', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('', { status: 302, headers: { location: '/checkpoint/challenge/' } }),
        ),
    );
    expect(await checkPlatformSession('linkedin', LINKEDIN, 'UA')).toMatchObject({
      ok: false,
      reason: 'challenge',
    });
  });

  it('a 403 is expired, as a run reads it', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ status: 403 }, { status: 403 })));
    expect(await checkPlatformSession('linkedin', LINKEDIN, 'UA')).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('a page saying too many requests is a rate limit (unreachable for a sync), read from its text', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('<p>Too many requests</p>', { status: 200, headers: { 'content-type': 'text/html' } }),
        ),
    );
    expect(await checkPlatformSession('linkedin', LINKEDIN, 'UA')).toMatchObject({
      ok: false,
      reason: 'unreachable',
      detail: 'LinkedIn said too many requests',
    });
  });
});
