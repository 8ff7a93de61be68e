import { logger } from '../core/logger';
import { paymentsPort } from '../core/ports/payments';
import { createBillingService } from './billing-service';

let service: ReturnType<typeof createBillingService> | undefined;
/** Built on first use, so a missing payments setting fails the billing routes only. */
export function billingService() {
  service ??= createBillingService({ payments: paymentsPort(), log: logger });
  return service;
}
