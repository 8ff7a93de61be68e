import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_TEXTS } from '../../shared/auth';
import { record, refuseOver, release } from '../core/rate-limit';
import { passwordSlowdownMs, RATE } from './auth-rules';

/** Who is guessing whose password: the account's e-mail (lower case, as stored) and the client's address. */
export interface PasswordAttempt {
  /** The same key on every route, so guesses at sign-in and at a password change add up. */
  email: string;
  clientIp: string;
}

/**
 * Runs one password check under the guessing limits, for every route that takes a password (sign-in,
 * password change, account deletion, re-entering it to pair the extension), and answers what `check`
 * answered; the caller turns false into its own error.
 *
 * Every attempt counts as a failure before its check, so guesses sent all at once cannot outrun a limit;
 * a right password gives its counts back. Over the account+client or the client limit it throws
 * RateLimitedError (429, AUTH_TEXTS.tooManyAttempts, Retry-After) without checking. The account's
 * failures from every client only delay the check (bounded, see passwordSlowdownMs): someone else's
 * guesses can slow the owner down, never refuse the owner's right password.
 */
export async function guardPasswordAttempt(
  attempt: PasswordAttempt,
  check: () => Promise<boolean>,
  { wait = sleep }: { wait?: (ms: number) => Promise<unknown> } = {},
): Promise<boolean> {
  const refusing = [
    RATE.passwordFailuresPerAccountClient(attempt.email, attempt.clientIp),
    RATE.passwordFailuresPerClient(attempt.clientIp),
  ];
  const slowing = RATE.passwordFailuresPerAccount(attempt.email);
  // One clock for counting and giving back, so both land in the same bucket.
  const now = Date.now();
  const [counts, accountAttempts] = await Promise.all([
    Promise.all(refusing.map((rule) => record(rule, now))),
    record(slowing, now),
  ]);
  try {
    refuseOver(refusing, counts, AUTH_TEXTS.tooManyAttempts);
  } catch (error) {
    // A refused attempt checked nothing: it is not a guess at the account.
    await release([slowing], now);
    throw error;
  }
  const delay = passwordSlowdownMs(accountAttempts.count);
  if (delay > 0) await wait(delay);
  const ok = await check();
  if (ok) await release([...refusing, slowing], now);
  return ok;
}
