import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { email, registerInput } from '../../../shared/auth';
import { CONFIG_BOUNDS, startAutomationInput } from '../../../shared/automations';
import { syncInput } from '../../../shared/connections';
import { hasPlaceholder, textLength } from '../../../shared/outgoing-text';
import { hasHiddenCharacters, isCookieValue, isHeaderValue, jsonBoundsProblem } from '../../../shared/text';

describe('visible text (issue 8, point 12)', () => {
  it('flags controls, NUL, C1 and bidi controls, and lone surrogates', () => {
    for (const bad of [
      'a\u0000',
      'a\u0007',
      'a\u001b',
      'a\u007f',
      'a\u0085',
      'a\u202Eb',
      'a\u202Ab',
      'a\u2066b',
      'a\u200Fb',
      'a\u061Cb',
      'a\uD800',
    ]) {
      expect(hasHiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    expect(hasHiddenCharacters('a\nb')).toBe(true);
    expect(hasHiddenCharacters('a\nb\tc\r\n', true)).toBe(false);
    expect(hasHiddenCharacters('a\u0000', true)).toBe(true);
  });

  it('accepts accents, other scripts and emoji', () => {
    for (const good of ['Zoë', 'Ñúñez-Brontë', 'Müller 🚀', 'سارة', '山田', '👩🏽‍💻']) {
      expect(hasHiddenCharacters(good), good).toBe(false);
    }
  });
});

describe('header-safe values', () => {
  it('cookie values follow RFC 6265: quoted JSESSIONID and URL-encoded values pass', () => {
    for (const good of ['AQEDAR0abc-_.~', '"ajax:1234567890"', 'u%3D1234', '123%3Aabc%3A12', '']) {
      expect(isCookieValue(good), good).toBe(true);
    }
    for (const bad of ['a b', 'a;b', 'a,b', 'a\\b', 'a"b', '"a', 'é', '🍪', 'a\r\nb', 'a\u0000']) {
      expect(isCookieValue(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('user agents are visible ASCII and spaces', () => {
    expect(
      isHeaderValue('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    ).toBe(true);
    for (const bad of ['UA\r\n', 'UA\u0000', 'UA é', 'UA 🙂', 'UA\t']) expect(isHeaderValue(bad)).toBe(false);
  });

  it('a sync with a real-looking session passes the schema', () => {
    const result = z.safeParse(syncInput, {
      platform: 'linkedin',
      cookies: [
        { name: 'li_at', value: 'AQEDAR0abc', domain: '.linkedin.com', path: '/', expires: 1790000000 },
        { name: 'JSESSIONID', value: '"ajax:123"', domain: '.www.linkedin.com', path: '/', expires: -1 },
        { name: 'sessionid', value: '123%3Aabc', domain: '127.0.0.1', path: '/' },
      ],
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
      accountUsername: 'Zoë 🚀',
    });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });
});

describe('bounds (issue 8, point 10)', () => {
  it('e-mail: at most 254 characters, with the spec-style message', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(56)}.test`;
    expect(at254.length).toBe(254);
    expect(z.safeParse(email, at254).success).toBe(true);
    const res = z.safeParse(email, `x${at254}`);
    expect(res.error?.issues.map((i) => i.message)).toEqual(['Email must be 254 characters or less']);
  });

  it('names keep their 50-character limit and message', () => {
    const res = z.safeParse(registerInput, {
      email: 'a@example.test',
      username: 'someone',
      password: 'Sturdy-Lantern-42',
      firstName: 'x'.repeat(51),
    });
    expect(res.error?.issues.map((i) => i.message)).toEqual(['First name must be 50 characters or less']);
  });

  it('a trob configuration is bounded in depth, size, key and text length', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < CONFIG_BOUNDS.maxDepth + 1; i++) deep = { a: deep };
    expect(jsonBoundsProblem(deep, CONFIG_BOUNDS)).toMatch(/levels deep/);
    expect(jsonBoundsProblem({ list: Array(CONFIG_BOUNDS.maxNodes).fill(1) }, CONFIG_BOUNDS)).toMatch(
      /values/,
    );
    expect(jsonBoundsProblem({ ['k'.repeat(101)]: 1 }, CONFIG_BOUNDS)).toMatch(/keys/);
    expect(jsonBoundsProblem({ a: 'x'.repeat(5001) }, CONFIG_BOUNDS)).toMatch(/5000 characters/);
    expect(jsonBoundsProblem({ a: 'line\u202E' }, CONFIG_BOUNDS)).toMatch(/control/);
    expect(
      jsonBoundsProblem({ a: { b: ['line one\nline two'] }, n: 3, ok: true }, CONFIG_BOUNDS),
    ).toBeUndefined();
    const res = z.safeParse(startAutomationInput, { templateId: 't', config: { a: 'x'.repeat(5001) } });
    expect(res.error?.issues[0]).toMatchObject({
      path: ['config'],
      message: 'config texts must be 5000 characters or less',
    });
  });
});

describe('a written text that may go out (issue 20 point 9)', () => {
  it('counts characters as a platform does: an emoji is one, however many UTF-16 units it takes', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('héllo')).toBe(5);
    expect(textLength('🚀')).toBe(1);
    expect(textLength('a👩🏽‍💻b')).toBe(6);
  });

  it('finds a template left unfilled: any brace, square or angle bracket', () => {
    for (const text of [
      'Hi {name}',
      'At [Company]',
      'Your <title>',
      'Hi {{first_name}}',
      '{',
      '}',
      '[',
      ']',
      '<',
      '>',
    ]) {
      expect(hasPlaceholder(text), text).toBe(true);
    }
  });

  it('finds an upper-case name joined by underscores, of two letters or more each', () => {
    expect(hasPlaceholder('Hi FIRST_NAME, how are you?')).toBe(true);
    expect(hasPlaceholder('At COMPANY_NAME_HERE')).toBe(true);
    expect(hasPlaceholder('Hi AB_CD')).toBe(true);
    expect(hasPlaceholder('An A_BC test')).toBe(false);
    expect(hasPlaceholder('An AB_C test')).toBe(false);
  });

  it('leaves plain text alone: capitals, lower-case names, words joined with lower case', () => {
    for (const text of [
      'Hello Ada, I enjoyed your post on NASA and the ISS.',
      'first_name',
      'lower_CASE',
      'FIRST_name',
      'Thanks, talk soon!',
    ]) {
      expect(hasPlaceholder(text), text).toBe(false);
    }
  });
});
