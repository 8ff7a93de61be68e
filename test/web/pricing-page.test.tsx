import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPricingPlanId, pricingPlans } from '../../shared/pricing-plans';
import { PlanCard } from '../../web/src/features/pricing/components/PlanCard';
import { renderApp, renderWithProviders, withStandIn } from './render-app';

const card = (name: string) => screen.getByRole('article', { name });

describe('pricing page', () => {
  it('shows the Free Trial, Pro and Plus cards with their prices', async () => {
    renderApp('/pricing');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((element) => within(element).getByRole('heading').textContent)).toEqual([
      'Free Trial',
      'Pro',
      'Plus',
    ]);
    expect(card('Free Trial').textContent).toContain('$0 for 14 days');
    expect(card('Pro').textContent).toContain('$39/month');
    expect(card('Plus').textContent).toContain('$69/month');
  });

  it("marks Plus, and only Plus, as 'Most Popular'", async () => {
    renderApp('/pricing');
    await screen.findAllByRole('article');

    expect(within(card('Plus')).getByText('Most Popular')).toBeTruthy();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
  });

  it('lists each plan’s numbers and shows flows as included in Plus only', async () => {
    renderApp('/pricing');
    await screen.findAllByRole('article');

    const trial = within(card('Free Trial'));
    expect(trial.getByText('3 concurrent automations')).toBeTruthy();
    expect(trial.getByText('500 profiles during the trial')).toBeTruthy();
    expect(trial.getByText('No credit card required')).toBeTruthy();
    expect(within(card('Pro')).getByText('500 profiles/month')).toBeTruthy();
    expect(within(card('Plus')).getByText('10 concurrent automations')).toBeTruthy();
    expect(within(card('Plus')).getByText('2,000 profiles/month')).toBeTruthy();
    expect(within(card('Plus')).getByText('Priority e-mail support')).toBeTruthy();

    const flowsLine = (name: string) => within(card(name)).getByText('Flows').closest('li')?.textContent;
    expect(flowsLine('Free Trial')).toBe('Not included: Flows');
    expect(flowsLine('Pro')).toBe('Not included: Flows');
    expect(flowsLine('Plus')).toBe('Flows');
  });

  it('shows the reassurance lines', async () => {
    renderApp('/pricing');
    await screen.findAllByRole('article');

    expect(screen.getByText('No setup fees')).toBeTruthy();
    expect(screen.getByText('Cancel anytime')).toBeTruthy();
    expect(screen.getByText('14-day free trial')).toBeTruthy();
  });

  it('answers the billing, refund, coverage and trial questions in the FAQ', async () => {
    renderApp('/pricing');
    const faq = within(await screen.findByRole('region', { name: 'Frequently asked questions' }));

    expect(faq.getByText('All plans are billed monthly.')).toBeTruthy();
    expect(faq.getByText('Plan changes are prorated for the rest of the billing month.')).toBeTruthy();
    expect(faq.getByText('Yes. Every plan comes with a 30-day money-back guarantee.')).toBeTruthy();
    expect(faq.getByText('All plans cover LinkedIn and Twitter/X, and all export formats.')).toBeTruthy();
    expect(
      faq.getByText(
        'The 14-day free trial includes Pro features, including Smart Flows. No credit card required.',
      ),
    ).toBeTruthy();
  });

  it('shows the product name in the header, leading a visitor to sign in, beside Pricing and Sign in', async () => {
    renderApp('/pricing');
    await screen.findAllByRole('article');

    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Trobly' }).getAttribute('href')).toBe('/login');
    expect(header.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it("tells a visitor who picks a plan 'Please login to continue' and goes to /login", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/pricing', withStandIn('/login'));

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }));

    expect(await screen.findByText('Please login to continue')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Stand-in screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a keyboard user reach a plan button and pick it with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/pricing', withStandIn('/login'));
    const trialButton = await screen.findByRole('button', { name: 'Start Free Trial' });

    for (let presses = 0; presses < 10 && document.activeElement !== trialButton; presses++) {
      await user.tab();
    }
    expect(document.activeElement).toBe(trialButton);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Please login to continue')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('current plan', () => {
  it('disables the button of the plan the user is on', async () => {
    const pro = pricingPlans.find((plan) => plan.id === 'pro')!;
    renderWithProviders(<PlanCard plan={pro} current onChoose={() => {}} />);

    const button = screen.getByRole('button', { name: 'Current Plan' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('matches the TRIAL, PRO and PLUS user plans to their cards and FREE and BASE to none', () => {
    expect(currentPricingPlanId('TRIAL')).toBe('trial');
    expect(currentPricingPlanId('PRO')).toBe('pro');
    expect(currentPricingPlanId('PLUS')).toBe('plus');
    expect(currentPricingPlanId('FREE')).toBeUndefined();
    expect(currentPricingPlanId('BASE')).toBeUndefined();
    expect(currentPricingPlanId(undefined)).toBeUndefined();
  });
});
