import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { type PricingPlan, priceParts } from '../../../../../shared/pricing-plans';

interface PlanCardProps {
  plan: PricingPlan;
  /** The user's current plan: its button is disabled. */
  current: boolean;
  onChoose: (plan: PricingPlan) => void;
  /** This card's choice is being processed. */
  loading?: boolean;
  /** Another card's choice is being processed. */
  locked?: boolean;
}

function buttonLabel(plan: PricingPlan, current: boolean): string {
  if (current) return 'Current Plan';
  return plan.id === 'trial' ? 'Start Free Trial' : `Choose ${plan.name}`;
}

export function PlanCard({ plan, current, onChoose, loading = false, locked = false }: PlanCardProps) {
  const titleId = useId();
  const price = priceParts(plan.price);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      shadow={plan.mostPopular ? 'md' : 'xs'}
      padding="lg"
      style={
        plan.mostPopular ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={2} size="h3" id={titleId}>
            {plan.name}
          </Title>
          {plan.mostPopular && (
            <Badge variant="filled" tt="none">
              Most Popular
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{plan.description}</Text>
        <Text component="p" m={0}>
          <Text component="span" fz={36} fw={700} lh={1}>
            {price.amount}
          </Text>
          <Text component="span" c="dimmed">
            {price.period}
          </Text>
        </Text>
        <List spacing="xs" center style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item
              key={feature.text}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  color={feature.included ? 'green' : 'gray'}
                  variant={feature.included ? 'filled' : 'light'}
                  aria-hidden
                >
                  {feature.included ? <IconCheck size={14} /> : <IconX size={14} />}
                </ThemeIcon>
              }
            >
              {feature.included ? (
                feature.text
              ) : (
                <Text span c="dimmed" td="line-through">
                  <VisuallyHidden>Not included: </VisuallyHidden>
                  {feature.text}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
        <Button
          fullWidth
          size="md"
          variant={plan.mostPopular ? 'filled' : 'light'}
          disabled={current || locked}
          loading={loading}
          onClick={() => onChoose(plan)}
        >
          {buttonLabel(plan, current)}
        </Button>
      </Stack>
    </Card>
  );
}
