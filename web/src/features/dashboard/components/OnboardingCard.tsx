import { Button, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';

interface Step {
  readonly title: string;
  readonly text: string;
  readonly action?: { readonly label: string; readonly to: string };
}

/** Spec 2.8: connect a platform, choose a template, start. */
export const onboardingSteps: readonly Step[] = [
  {
    title: 'Connect a platform',
    text: 'Install the browser extension and sync your LinkedIn or Twitter/X account.',
    action: { label: 'Connect Platform', to: '/platforms' },
  },
  {
    title: 'Choose a template',
    text: 'Pick a trob from the catalogue, such as follower extraction or post leads.',
    action: { label: 'Browse Templates', to: '/trobs' },
  },
  {
    title: 'Start your automation',
    text: 'Configure it, press start, and follow its progress from the dashboard.',
  },
];

/** Shown only while the user has no automations (spec 2.8). */
function OnboardingCardView() {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Get started in 3 steps
      </Title>
      <List
        component="ol"
        spacing="lg"
        mt="md"
        listStyleType="none"
        p={0}
        center
        styles={{ itemWrapper: { width: '100%' }, itemLabel: { flex: 1 } }}
      >
        {onboardingSteps.map((step, index) => (
          <List.Item
            key={step.title}
            icon={
              <ThemeIcon size={32} radius="xl" aria-hidden>
                {index + 1}
              </ThemeIcon>
            }
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{step.title}</Text>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
              </div>
              {step.action && (
                <Button
                  component={Link}
                  to={step.action.to}
                  variant="light"
                  size="xs"
                  rightSection={<IconArrowRight size={14} aria-hidden />}
                >
                  {step.action.label}
                </Button>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** Memoised: the dashboard re-renders as each of its three answers arrives (issue 10 point 7). */
export const OnboardingCard = memo(OnboardingCardView);
