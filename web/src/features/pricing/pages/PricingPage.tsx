import { Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BILLING_TEXTS } from '../../../../../shared/billing';
import {
  currentPricingPlanId,
  type PricingPlan,
  type PricingPlanId,
  pricingPlans,
} from '../../../../../shared/pricing-plans';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser, useSession } from '../../../lib/session';
import { createCheckoutSession, pageNavigation, startTrial } from '../api/billing';
import { PlanCard } from '../components/PlanCard';
import { PricingFaq } from '../components/PricingFaq';
import { LOGIN_REQUIRED_MESSAGE, reassurances } from '../pricing-content';

/** Spec 4 and 9: the dashboard follows a started trial after 1.5 s. */
export const TRIAL_REDIRECT_MS = 1500;

/** A trial refusal the server explains (already used, say) is shown as it says; anything else is generic. */
function trialFailureMessage(error: unknown): string {
  const explained =
    error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'UNEXPECTED_RESPONSE';
  return explained ? error.message : BILLING_TEXTS.checkoutFailed;
}

export default function PricingPage() {
  useDocumentTitle(`Pricing | ${PRODUCT_NAME}`);
  const user = useCurrentUser();
  const { setUser, refreshUser } = useSession();
  const navigate = useNavigate();
  const currentPlanId = currentPricingPlanId(user?.plan);
  const [pendingPlanId, setPendingPlanId] = useState<PricingPlanId>();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function chooseTrial() {
    setPendingPlanId('trial');
    try {
      const answer = await startTrial();
      // The answer carries the user on the trial; without it, ask the server again.
      if (answer?.data?.user) setUser(answer.data.user);
      else await refreshUser();
      notifySuccess(BILLING_TEXTS.trialStarted);
      redirectTimer.current = setTimeout(() => navigate('/dashboard'), TRIAL_REDIRECT_MS);
    } catch (error) {
      notifyError(trialFailureMessage(error));
    } finally {
      setPendingPlanId(undefined);
    }
  }

  async function chooseCheckout(planId: 'pro' | 'plus') {
    setPendingPlanId(planId);
    let checkoutUrl: string | undefined;
    try {
      checkoutUrl = (await createCheckoutSession(planId))?.checkoutUrl;
    } catch {
      // Spec 8: one message for every checkout failure.
    }
    if (!checkoutUrl) {
      setPendingPlanId(undefined);
      notifyError(BILLING_TEXTS.checkoutFailed);
      return;
    }
    // The button keeps spinning while the browser leaves for the checkout page.
    pageNavigation.assign(checkoutUrl);
  }

  function choosePlan(plan: PricingPlan) {
    if (!user) {
      notifyError(LOGIN_REQUIRED_MESSAGE);
      navigate('/login');
      return;
    }
    if (pendingPlanId || plan.id === currentPlanId) return;
    if (plan.id === 'trial') void chooseTrial();
    else void chooseCheckout(plan.id);
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1} ta="center">
          Choose your plan
        </Title>

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {pricingPlans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === currentPlanId}
              loading={plan.id === pendingPlanId}
              locked={pendingPlanId !== undefined && plan.id !== pendingPlanId}
              onChoose={choosePlan}
            />
          ))}
        </SimpleGrid>

        <Group component="ul" justify="center" gap="xl" p={0} m={0} style={{ listStyle: 'none' }}>
          {reassurances.map((line) => (
            <Group component="li" key={line} gap="xs" wrap="nowrap">
              <ThemeIcon size={20} radius="xl" color="green" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
              <Text>{line}</Text>
            </Group>
          ))}
        </Group>

        <PricingFaq />
      </Stack>
    </Container>
  );
}
