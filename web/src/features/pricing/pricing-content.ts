import { TRIAL_DAYS } from '../../../../shared/pricing-plans';

/** Spec part 1, section 8 'Visitor picks a plan'. */
export const LOGIN_REQUIRED_MESSAGE = 'Please login to continue';

/** Spec part 1, section 2.13. */
export const reassurances: readonly string[] = [
  'No setup fees',
  'Cancel anytime',
  `${TRIAL_DAYS}-day free trial`,
];

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}

/**
 * Spec part 1, section 9 'Pricing page plans'. The trial answer contradicts the trial card (trobs
 * only); the spec keeps both readings, so both are shown as written (DECISIONS 5).
 */
export const faq: readonly FaqEntry[] = [
  { question: 'How does billing work?', answer: 'All plans are billed monthly.' },
  {
    question: 'What happens when I change my plan?',
    answer: 'Plan changes are prorated for the rest of the billing month.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: 'Yes. Every plan comes with a 30-day money-back guarantee.',
  },
  {
    question: 'Which platforms and export formats are included?',
    answer: 'All plans cover LinkedIn and Twitter/X, and all export formats.',
  },
  {
    question: 'What does the free trial include?',
    answer: `The ${TRIAL_DAYS}-day free trial includes Pro features, including Smart Flows. No credit card required.`,
  },
];
