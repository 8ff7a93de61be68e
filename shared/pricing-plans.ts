import * as z from 'zod/mini';

/**
 * The plans the pricing page offers (spec part 1, sections 2.13, 6 and 9 'Pricing page plans').
 * The card numbers differ from the plan-limit table on purpose: both sets stay as the spec gives
 * them (DECISIONS 2 and 5), so nothing here is derived from the limits.
 */

/** A user's plan (spec part 1, section 3 'User'). */
export const USER_PLANS = ['FREE', 'TRIAL', 'BASE', 'PRO', 'PLUS'] as const;
export const userPlan = z.enum(USER_PLANS);
export type UserPlan = z.infer<typeof userPlan>;

/** The plan card ids; the checkout call names its plan with one of them. */
export const pricingPlanId = z.enum(['trial', 'pro', 'plus']);
export type PricingPlanId = z.infer<typeof pricingPlanId>;

export interface PlanFeature {
  readonly text: string;
  readonly included: boolean;
}

export interface PlanPrice {
  /** Whole US dollars. */
  readonly amountUsd: number;
  readonly period: 'trial' | 'month';
}

/** The spec's 'Plan card' entity, plus the user plan that choosing it gives. */
export interface PricingPlan {
  readonly id: PricingPlanId;
  readonly name: string;
  readonly description: string;
  readonly price: PlanPrice;
  readonly features: readonly PlanFeature[];
  readonly userPlan: UserPlan;
  readonly mostPopular: boolean;
}

export const TRIAL_DAYS = 14;

const allPlatforms: PlanFeature = { text: 'LinkedIn and Twitter/X', included: true };
const allExportFormats: PlanFeature = { text: 'All export formats', included: true };

export const pricingPlans: readonly PricingPlan[] = [
  {
    id: 'trial',
    name: 'Free Trial',
    description: 'Trobs only, no flows',
    price: { amountUsd: 0, period: 'trial' },
    features: [
      { text: '3 concurrent automations', included: true },
      { text: '500 profiles during the trial', included: true },
      allPlatforms,
      allExportFormats,
      { text: 'No credit card required', included: true },
      { text: 'Flows', included: false },
    ],
    userPlan: 'TRIAL',
    mostPopular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'All trobs, no flows',
    price: { amountUsd: 39, period: 'month' },
    features: [
      { text: '3 concurrent automations', included: true },
      { text: '500 profiles/month', included: true },
      allPlatforms,
      allExportFormats,
      { text: 'Flows', included: false },
    ],
    userPlan: 'PRO',
    mostPopular: false,
  },
  {
    id: 'plus',
    name: 'Plus',
    description: 'Trobs and flows, priority support',
    price: { amountUsd: 69, period: 'month' },
    features: [
      { text: '10 concurrent automations', included: true },
      { text: '2,000 profiles/month', included: true },
      allPlatforms,
      allExportFormats,
      { text: 'Flows', included: true },
      { text: 'Priority e-mail support', included: true },
    ],
    userPlan: 'PLUS',
    mostPopular: true,
  },
];

/** The price as the card shows it: '$0 for 14 days', '$39/month'. */
export function priceParts(price: PlanPrice): { amount: string; period: string } {
  return {
    amount: `$${price.amountUsd}`,
    period: price.period === 'trial' ? ` for ${TRIAL_DAYS} days` : '/month',
  };
}

/** The card of the plan a user is on; FREE and BASE have none on the pricing page. */
export function currentPricingPlanId(plan: UserPlan | undefined): PricingPlanId | undefined {
  return pricingPlans.find((card) => card.userPlan === plan)?.id;
}
