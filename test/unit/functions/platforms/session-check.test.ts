import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkPlatformSession,
  platformBaseUrl,
  platformSessionSpecs,
} from '../../../../functions/platforms/session-check';

const UA = 'Mozilla/5.0 test';

describe('who-am-I request shapes', () => {
  it('LinkedIn sends every cookie and JSESSIONID without its quotes as csrf-token', () => {
    const req = platformSessionSpecs.linkedin.whoAmIRequest(
      'https://li.test',
      [
        { name: 'li_at', value: 'AQEDtoken' },
        { name: 'JSESSIONID', value: '"ajax:1234567890123456789"' },
      ],
      UA,
    );
    expect(req.url).toBe('https://li.test/voyager/api/me');
    expect(req.headers.cookie).toBe('li_at=AQEDtoken; JSESSIONID="ajax:1234567890123456789"');
    expect(req.headers['csrf-token']).toBe('ajax:1234567890123456789');
    expect(req.headers['user-agent']).toBe(UA);
    expect(req.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('X sends auth_token and ct0, with ct0 echoed as x-csrf-token', () => {
    const req = platformSessionSpecs.twitter.whoAmIRequest(
      'https://x.test',
      [
        { name: 'auth_token', value: 'abc' },
        { name: 'ct0', value: 'csrf0' },
      ],
      UA,
    );
    expect(req.url).toBe('https://x.test/i/api/1.1/account/verify_credentials.json');
    expect(req.headers.cookie).toBe('auth_token=abc; ct0=csrf0');
    expect(req.headers['x-csrf-token']).toBe('csrf0');
    expect(req.headers.authorization).toMatch(/^Bearer /);
  });

  it('Instagram sends sessionid and csrftoken, with csrftoken echoed as x-csrftoken and the app id', () => {
    const req = platformSessionSpecs.instagram.whoAmIRequest(
      'https://ig.test',
      [
        { name: 'sessionid', value: '1%3Aabc' },
        { name: 'csrftoken', value: 'tok' },
      ],
      UA,
    );
    expect(req.url).toBe('https://ig.test/api/v1/accounts/current_user/');
    expect(req.headers.cookie).toBe('sessionid=1%3Aabc; csrftoken=tok');
    expect(req.headers['x-csrftoken']).toBe('tok');
    expect(req.headers['x-ig-app-id']).toBe('936619743392459');
  });

  it('uses the sandbox URL when set and the real site otherwise', () => {
    expect(platformBaseUrl('linkedin', {})).toBe('https://www.linkedin.com');
    expect(platformBaseUrl('twitter', { SANDBOX_X_URL: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
  });
});

describe('reading the answers', () => {
  const read = (
    platform: keyof typeof platformSessionSpecs,
    status: number,
    json: unknown,
    location?: string,
  ) =>
    platformSessionSpecs[platform].readWhoAmI(
      { status, json, location, contentType: 'application/json' },
      'https://b.test',
    );

  it('maps walls, sign-outs and refusals to reasons', () => {
    expect(read('linkedin', 302, undefined, '/checkpoint/challenge/')).toMatchObject({ reason: 'challenge' });
    expect(read('linkedin', 302, undefined, '/login?x')).toMatchObject({ reason: 'expired' });
    expect(read('linkedin', 401, {})).toMatchObject({ reason: 'expired' });
    // A 403 is the session's (CSRF or a flagged session), as the runner reads it: linkedin/endpoints.ts.
    expect(read('linkedin', 403, {})).toMatchObject({ reason: 'expired' });
    expect(read('twitter', 403, { errors: [{ code: 326 }] })).toMatchObject({ reason: 'challenge' });
    expect(read('instagram', 400, { message: 'challenge_required' })).toMatchObject({ reason: 'challenge' });
    expect(read('instagram', 401, { message: 'login_required' })).toMatchObject({ reason: 'expired' });
  });

  it('reads the account from a LinkedIn /me answer', () => {
    const urn = 'urn:li:fs_miniProfile:ACoAAB1';
    expect(
      read('linkedin', 200, {
        data: { '*miniProfile': urn },
        included: [{ entityUrn: urn, dashEntityUrn: 'urn:li:fsd_profile:ACoAAB1', publicIdentifier: 'ada' }],
      }),
    ).toEqual({
      ok: true,
      accountId: 'ACoAAB1',
      accountUsername: 'ada',
      profileUrl: 'https://b.test/in/ada/',
    });
  });
});

describe('checkPlatformSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers unreachable on a network failure and never echoes a cookie', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const result = await checkPlatformSession(
      'linkedin',
      [
        { name: 'li_at', value: 'SECRET-VALUE' },
        { name: 'JSESSIONID', value: '"ajax:1"' },
      ],
      UA,
    );
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(JSON.stringify(result)).not.toContain('SECRET-VALUE');
  });

  it('does not call the platform when the login cookie is missing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const result = await checkPlatformSession('twitter', [{ name: 'ct0', value: 'x' }], UA);
    expect(result).toMatchObject({ ok: false, reason: 'expired' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
