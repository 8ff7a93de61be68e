import { describe, expect, it } from 'vitest';
import { PASSWORD_SLOWDOWN, passwordSlowdownMs, RATE } from '../../../../functions/auth/auth-rules';

describe('passwordSlowdownMs', () => {
  it('costs nothing for the first 5 attempts of an account in a window', () => {
    for (let attempts = 0; attempts <= RATE.passwordFailuresPerAccount('a@b.c').limit; attempts++)
      expect(passwordSlowdownMs(attempts), String(attempts)).toBe(0);
  });

  it('then waits 250 ms, doubling with each attempt', () => {
    expect([6, 7, 8, 9].map(passwordSlowdownMs)).toEqual([250, 500, 1000, 2000]);
  });

  it('never waits more than 3 s, however many guesses came from elsewhere', () => {
    expect(PASSWORD_SLOWDOWN.maxMs).toBe(3000);
    for (const attempts of [10, 11, 50, 1_000, 1_000_000])
      expect(passwordSlowdownMs(attempts), String(attempts)).toBe(3000);
  });
});
