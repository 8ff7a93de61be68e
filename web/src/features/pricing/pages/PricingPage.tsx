import { Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { currentPricingPlanId, pricingPlans } from '../../../../../shared/pricing-plans';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { useCurrentUser } from '../../../app/current-user';
import { notifyError } from '../../../lib/notify';
import { PlanCard } from '../components/PlanCard';
import { PricingFaq } from '../components/PricingFaq';
import { LOGIN_REQUIRED_MESSAGE, reassurances } from '../pricing-content';

export default function PricingPage() {
  useDocumentTitle(`Pricing | ${PRODUCT_NAME}`);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const currentPlanId = currentPricingPlanId(user?.plan);

  function choosePlan() {
    if (!user) {
      notifyError(LOGIN_REQUIRED_MESSAGE);
      navigate('/login');
    }
    // A signed-in user's choice (start the trial, or go to checkout) comes with the billing issue.
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1} ta="center">
          Choose your plan
        </Title>

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {pricingPlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} current={plan.id === currentPlanId} onChoose={choosePlan} />
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
