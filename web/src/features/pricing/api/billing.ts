import type { User } from '../../../../../shared/auth';
import type { CheckoutInput, CheckoutPlanId, CheckoutResponse } from '../../../../../shared/billing';
import { post } from '../../../lib/api-client';

export interface StartTrialResponse {
  message: string;
  data: { user: User };
}

export function startTrial() {
  return post<StartTrialResponse>('/billing/start-trial');
}

/** Spec 7: back to the dashboard with upgraded=true on success, to the pricing page on cancel. */
export function checkoutUrls(origin: string): Pick<CheckoutInput, 'successUrl' | 'cancelUrl'> {
  return { successUrl: `${origin}/dashboard?upgraded=true`, cancelUrl: `${origin}/pricing` };
}

export function createCheckoutSession(planId: CheckoutPlanId, origin = window.location.origin) {
  const input: CheckoutInput = { planId, ...checkoutUrls(origin) };
  return post<Partial<CheckoutResponse> | undefined>('/billing/create-checkout-session', input);
}

/** Leaving the app for another page (the checkout); one seam, so tests can watch it. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
