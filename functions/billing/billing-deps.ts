import { env } from '../core/env';
import { NotFoundError, ServiceUnavailableError } from '../core/errors';
import { logger } from '../core/logger';
import { paymentsPort } from '../core/ports/payments';
import { createBillingService } from './billing-service';

/**
 * Built on first use, so a missing payments setting fails the billing routes only, as a 503 that says so
 * (logged with the reason) rather than a bare 500.
 */
export async function billingService() {
  try {
    return createBillingService({ payments: await paymentsPort(), log: logger });
  } catch (error) {
    logger.error('payments unavailable', { error });
    throw new ServiceUnavailableError('Payments are not available right now. Please try again later.');
  }
}

/** The sandbox routes exist only where payments run in sandbox mode (the local cloud). */
export async function sandboxBillingService() {
  if (env().PAYMENTS_MODE !== 'sandbox') throw new NotFoundError();
  return billingService();
}
