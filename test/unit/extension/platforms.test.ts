import { describe, expect, it } from 'vitest';
import { platformSessionSpecs } from '../../../functions/platforms/session-check';
import { PLATFORM_TABLE, PLATFORMS } from '../../../shared/platforms';
import { isAppOrigin } from '../../../web/extension/src/config';
import {
  type BrowserCookie,
  cookieFingerprint,
  PLATFORM_COOKIES,
  PLATFORM_ORDER,
  pickSessionCookies,
  platformHosts,
  platformOfCookie,
} from '../../../web/extension/src/platforms';

const cookie = (
  name: string,
  value: string,
  domain = '.www.linkedin.com',
  extra: Partial<BrowserCookie> = {},
) => ({
  name,
  value,
  domain,
  path: '/',
  secure: true,
  httpOnly: false,
  ...extra,
});

describe('the extension cookie table', () => {
  it("reads exactly the session and CSRF cookies the server's session checks need", () => {
    for (const slug of PLATFORM_ORDER) {
      expect(PLATFORM_COOKIES[slug].session).toBe(platformSessionSpecs[slug].sessionCookie);
      expect(PLATFORM_COOKIES[slug].csrf).toBe(platformSessionSpecs[slug].csrfCookie);
    }
    expect(PLATFORM_ORDER).toEqual(Object.keys(platformSessionSpecs));
  });

  it('takes every name and label from the platform table (shared/platforms.ts)', () => {
    expect(PLATFORM_ORDER).toEqual(PLATFORMS);
    for (const platform of PLATFORMS) {
      const { label, cookies, sandboxUrlEnv } = PLATFORM_TABLE[platform];
      expect(PLATFORM_COOKIES[platform]).toMatchObject({ slug: platform, label, ...cookies });
      expect(platformSessionSpecs[platform]).toMatchObject({ platform, sandboxUrlEnv });
    }
  });

  it('asks host permissions for the platform domains only (production) or the local hosts (local)', () => {
    expect(platformHosts('production')).toEqual([
      'https://*.linkedin.com/*',
      'https://*.x.com/*',
      'https://*.twitter.com/*',
      'https://*.instagram.com/*',
    ]);
    expect(platformHosts('local')).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  });
});

describe('pickSessionCookies', () => {
  const linkedin = PLATFORM_COOKIES.linkedin;

  it('answers undefined when the login cookie is absent or empty (signed out: nothing is sent)', () => {
    expect(pickSessionCookies(linkedin, [[cookie('JSESSIONID', '"ajax:1"')]])).toBeUndefined();
    expect(
      pickSessionCookies(linkedin, [[cookie('li_at', ''), cookie('JSESSIONID', '"ajax:1"')]]),
    ).toBeUndefined();
    expect(pickSessionCookies(linkedin, [])).toBeUndefined();
  });

  it('keeps only the named cookies, one per name, from the first source with a login', () => {
    const picked = pickSessionCookies(linkedin, [
      [cookie('JSESSIONID', 'other-source')],
      [
        cookie('bcookie', 'tracking'),
        cookie('JSESSIONID', '"ajax:123"', '.www.linkedin.com', { expirationDate: 1_900_000_000.75 }),
        cookie('li_at', 'AQED', '.www.linkedin.com', { httpOnly: true }),
        cookie('li_at', 'shadowed'),
        cookie('li_a', 'sales', '.linkedin.com'),
      ],
    ]);
    expect(picked).toEqual([
      { name: 'li_at', value: 'AQED', domain: '.www.linkedin.com', path: '/', secure: true, httpOnly: true },
      {
        name: 'JSESSIONID',
        value: '"ajax:123"',
        domain: '.www.linkedin.com',
        path: '/',
        secure: true,
        httpOnly: false,
        expires: 1_900_000_000,
      },
      { name: 'li_a', value: 'sales', domain: '.linkedin.com', path: '/', secure: true, httpOnly: false },
    ]);
  });
});

describe('platformOfCookie', () => {
  it('names the platform of a session cookie on one of its sources, and nothing else', () => {
    expect(platformOfCookie('production', { name: 'li_at', domain: '.www.linkedin.com' })).toBe('linkedin');
    expect(platformOfCookie('production', { name: 'li_a', domain: '.linkedin.com' })).toBe('linkedin');
    expect(platformOfCookie('production', { name: 'ct0', domain: '.x.com' })).toBe('twitter');
    expect(platformOfCookie('production', { name: 'auth_token', domain: '.twitter.com' })).toBe('twitter');
    expect(platformOfCookie('production', { name: 'sessionid', domain: '.instagram.com' })).toBe('instagram');
    expect(platformOfCookie('production', { name: 'bcookie', domain: '.linkedin.com' })).toBeUndefined();
    expect(platformOfCookie('production', { name: 'li_at', domain: 'evil-linkedin.com' })).toBeUndefined();
    expect(platformOfCookie('production', { name: 'sessionid', domain: '127.0.0.1' })).toBeUndefined();
    expect(platformOfCookie('local', { name: 'sessionid', domain: '127.0.0.1' })).toBe('instagram');
    expect(platformOfCookie('local', { name: 'li_at', domain: 'localhost' })).toBe('linkedin');
    expect(platformOfCookie('local', { name: 'li_at', domain: '.linkedin.com' })).toBeUndefined();
  });
});

describe('cookieFingerprint', () => {
  it('depends on names, values and the user agent, not on order', async () => {
    const a = { name: 'li_at', value: 'A', domain: 'x', path: '/', secure: false, httpOnly: true };
    const b = { name: 'JSESSIONID', value: 'B', domain: 'x', path: '/', secure: false, httpOnly: false };
    const first = await cookieFingerprint([a, b], 'UA');
    expect(await cookieFingerprint([b, a], 'UA')).toBe(first);
    expect(await cookieFingerprint([a, { ...b, value: 'C' }], 'UA')).not.toBe(first);
    expect(await cookieFingerprint([a, b], 'UA 2')).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toContain('A');
  });
});

describe('isAppOrigin', () => {
  it('accepts the exact app origin, or any port of a wildcard host', () => {
    expect(isAppOrigin('https://app.example.com', ['https://app.example.com'])).toBe(true);
    expect(isAppOrigin('https://app.example.com:8443', ['https://app.example.com'])).toBe(false);
    expect(isAppOrigin('http://app.example.com', ['https://app.example.com'])).toBe(false);
    expect(isAppOrigin('https://evil.example.com', ['https://app.example.com'])).toBe(false);
    expect(isAppOrigin('http://localhost:41234', ['http://localhost:*'])).toBe(true);
    expect(isAppOrigin('http://localhost', ['http://localhost:*'])).toBe(true);
    expect(isAppOrigin('http://127.0.0.1:3011', ['http://localhost:*'])).toBe(false);
    expect(isAppOrigin('https://localhost:3000', ['http://localhost:*'])).toBe(false);
    expect(isAppOrigin('http://localhost:3000/path', ['http://localhost:*'])).toBe(false);
    expect(isAppOrigin(undefined, ['http://localhost:*'])).toBe(false);
    expect(isAppOrigin('null', ['http://localhost:*'])).toBe(false);
  });
});
