import { AUTH_TEXTS, type User } from '../../shared/auth';
import { BILLING_TEXTS } from '../../shared/billing';
import { TRIAL_DAYS } from '../../shared/pricing-plans';
import { findUserById, publicUser, startTrialOnce } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ConflictError, UnauthorizedError } from '../core/errors';
import type { Logger } from '../core/logger';

export interface TrialDeps {
  log: Logger;
  now: () => Date;
}

/** The 14-day trial: once per user, and only from FREE or BASE (spec 4, 9; DECISIONS 5). */
export function createTrialService({ log, now }: TrialDeps) {
  return { startTrial };

  async function startTrial(user: AuthUser): Promise<{ message: string; user: User }> {
    const at = now();
    const trialEndsAt = new Date(at.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString();
    const updated = await startTrialOnce(user.id, { trialEndsAt, trialStartedAt: at.toISOString() }, [
      'FREE',
      'BASE',
    ]);
    if (!updated) {
      const stored = await findUserById(user.id);
      if (!stored) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      throw new ConflictError(
        stored.trialStartedAt ? BILLING_TEXTS.trialAlreadyUsed : BILLING_TEXTS.alreadyOnPlan,
      );
    }
    log.info('trial started', { userId: user.id, trialEndsAt });
    return { message: BILLING_TEXTS.trialStarted, user: publicUser(updated) };
  }
}
