import { paymentsPort } from '../core/adapters/payments-adapter';
import { env } from '../core/env';
import { ServiceUnavailableError } from '../core/errors';
import { logger } from '../core/logger';
import type { PaymentsPort } from '../core/ports/payments';
import { createBillingService } from './billing-service';

/**
 * The billing routes' wiring (built once per cold start; the payments adapters come with it, so the
 * trial route has its own, trial-deps.ts). The payments port is set up on first use, so a missing
 * payments setting fails the billing routes only, as a 503 that says so (logged with the reason)
 * rather than a bare 500; a failed setup is tried again by the next request.
 */
async function payments(): Promise<PaymentsPort> {
  try {
    return await paymentsPort();
  } catch (error) {
    logger.error('payments unavailable', { error });
    throw new ServiceUnavailableError('Payments are not available right now. Please try again later.');
  }
}

export const billing = createBillingService({
  payments,
  sandboxMode: () => env().PAYMENTS_MODE === 'sandbox',
  log: logger,
  now: () => new Date(),
});
