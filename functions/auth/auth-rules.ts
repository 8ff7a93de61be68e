import type { RateRule } from '../core/rate-limit';
import type { TokenPurpose } from './one-time-token-repository';

/** Session lifetimes: absolute, whatever the refreshes (DECISIONS 7: remember me keeps it longer). */
export const SESSION_SECONDS = { remembered: 30 * 24 * 3600, browser: 24 * 3600 } as const;

/** E-mail verification links live 24 hours, password reset links 1 hour. */
export const TOKEN_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 3600,
};

/**
 * Rate rules (DESIGN.md 6). Password guesses (sign-in, and the current password of a password change or
 * an account deletion) are refused per account and client together, so an attacker's guesses never lock
 * the owner's own client out, and per client across accounts, so one client cannot spray many accounts.
 * The failures of one account from every client only slow its checks down (passwordSlowdownMs), never
 * refuse them: a correct password is always accepted. Mails are limited per address and per client.
 */
export const RATE = {
  passwordFailuresPerAccountClient: (email: string, ip: string): RateRule => ({
    subject: `password-fail:email-ip:${email}:${ip}`,
    limit: 5,
    windowSeconds: 900,
  }),
  passwordFailuresPerClient: (ip: string): RateRule => ({
    subject: `password-fail:ip:${ip}`,
    limit: 20,
    windowSeconds: 900,
  }),
  /** Never refuses: its count only sets the slowdown. The limit is the failures that cost no wait. */
  passwordFailuresPerAccount: (email: string): RateRule => ({
    subject: `password-fail:email:${email}`,
    limit: 5,
    windowSeconds: 900,
  }),
  mailsPerAddress: (kind: string, email: string): RateRule => ({
    subject: `${kind}:email:${email}`,
    limit: 3,
    windowSeconds: 3600,
  }),
  mailsPerClient: (kind: string, ip: string): RateRule => ({
    subject: `${kind}:ip:${ip}`,
    limit: 10,
    windowSeconds: 3600,
  }),
};

/** The wait before a password check once an account has failed often: doubling from 250 ms, at most 3 s. */
export const PASSWORD_SLOWDOWN = { firstMs: 250, maxMs: 3000 } as const;

/**
 * `attempts` is the account's count of the window with this attempt included. Bounded, so a flood of
 * guesses from elsewhere costs the owner a few seconds at worst instead of a lockout.
 */
export function passwordSlowdownMs(attempts: number): number {
  const over = attempts - RATE.passwordFailuresPerAccount('').limit;
  if (over <= 0) return 0;
  return Math.min(PASSWORD_SLOWDOWN.maxMs, PASSWORD_SLOWDOWN.firstMs * 2 ** Math.min(over - 1, 16));
}
