import { afterAll, beforeAll, expect } from 'vitest';
import { BUCKETS } from '../../functions/core/rate-limit';
import { AUTH_TEXTS } from '../../shared/auth';
import { type AccountsEnv, useAccountsEnv } from './accounts-env';
import { type Api, freshAddress, type TestUser, uniqueName } from './api-client';
import { newUser } from './users';

/**
 * What the account-route test files (auth-*.integration.test.ts) share: the accounts env behind the
 * local gateway, a verified user to read and sign in as, the expected error bodies and small helpers.
 * `env`, `api` and `ada` are live bindings, set by `startAuthSuite()`'s beforeAll.
 */
export let env: AccountsEnv;
export let api: Api;
/** A verified user the tests only read or sign in as, never change. */
export let ada: TestUser;

/** Starts the env (and makes `ada`) before the file's tests and closes it after them. */
export function startAuthSuite(): void {
  beforeAll(async () => {
    env = await useAccountsEnv();
    api = env.api;
    ada = await newUser({ username: uniqueName('ada') });
  });

  afterAll(async () => {
    await env?.close();
  });
}

export const validationError = (path: string, message: string) => ({
  code: 'VALIDATION_ERROR',
  message,
  issues: [{ path, message }],
});
export const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Authentication required' };
export const SESSION_ENDED = { code: 'UNAUTHORIZED', message: AUTH_TEXTS.sessionExpired };
export const TOO_MANY = { code: 'RATE_LIMITED', message: AUTH_TEXTS.tooManyAttempts };

export const me = (token: string) => api.get('/api/auth/me', { token });
export const refresh = (refreshToken: string) => api.post('/api/auth/refresh', { refreshToken });
/** Each reset request from its own address, so the per-address mail limit stays with its own test. */
export const requestReset = (email: string) =>
  api.from(freshAddress()).post('/api/auth/forgot-password', { email });

/** A refusal says when to try again: within the window and the bucket its oldest count sits in. */
export function expectRetryAfter(headers: Headers, windowSeconds: number) {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds + windowSeconds / BUCKETS);
}

/** Runs `count` calls, `width` at a time (each login failure costs a real scrypt check). */
export async function inBatches<T>(
  count: number,
  width: number,
  call: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => call(i + j)))),
    );
  }
  return out;
}
