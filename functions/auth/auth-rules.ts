import type { RateRule } from '../core/rate-limit';
import type { TokenPurpose } from './one-time-token-repository';

/** Session lifetimes: absolute, whatever the refreshes (DECISIONS 7: remember me keeps it longer). */
export const SESSION_SECONDS = { remembered: 30 * 24 * 3600, browser: 24 * 3600 } as const;

/** E-mail verification links live 24 hours, password reset links 1 hour. */
export const TOKEN_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 3600,
};

/** Rate rules (DESIGN.md 6): sign-in failures per account and per client address; mails per address. */
export const RATE = {
  loginFailuresPerAccount: (email: string): RateRule => ({
    subject: `login-fail:email:${email}`,
    limit: 5,
    windowSeconds: 900,
  }),
  loginFailuresPerClient: (ip: string): RateRule => ({
    subject: `login-fail:ip:${ip}`,
    limit: 20,
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
