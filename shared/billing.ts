import * as z from 'zod/mini';

/** `POST /api/billing/create-checkout-session` (spec 7): the pricing page buys Pro or Plus. */
export const checkoutPlanId = z.enum(['pro', 'plus']);
export type CheckoutPlanId = z.infer<typeof checkoutPlanId>;

/** Browsers and CloudFront handle longer URLs, but a return address of ours is far shorter than this. */
export const RETURN_URL_MAX = 2048;
/* @__NO_SIDE_EFFECTS__ */
const returnUrl = (field: string) =>
  z.string().check(
    z.maxLength(RETURN_URL_MAX, {
      error: `${field} must be ${RETURN_URL_MAX} characters or less`,
      abort: true,
    }),
    z.url(),
  );

export const checkoutInput = z.object({
  planId: checkoutPlanId,
  successUrl: returnUrl('successUrl'),
  cancelUrl: returnUrl('cancelUrl'),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

export interface CheckoutResponse {
  checkoutUrl: string;
}

export const BILLING_TEXTS = {
  trialStarted: 'Trial started successfully! Redirecting to dashboard...',
  trialAlreadyUsed: 'You have already used your free trial.',
  checkoutFailed: 'Failed to process your request. Please try again.',
  alreadyOnPlan: 'You are already on this plan.',
  alreadyPaid: 'You already have a paid plan, which includes everything in the trial.',
} as const;
