import { Button, Card, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected, IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { planBadgeLabel } from '../../../../../shared/plan-policy';
import { DASHBOARD_PLATFORMS, platformTag } from '../../../../../shared/platforms';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { useWorkspacePlan } from '../../../lib/session';
import { usePageTitle } from '../../../lib/workspace';
import { useDashboardData } from '../api/dashboard';
import { OnboardingCard } from '../components/OnboardingCard';
import { PopularTemplatesCard } from '../components/PopularTemplatesCard';
import { RecentAutomationsCard } from '../components/RecentAutomationsCard';
import { StatCard } from '../components/StatCard';
import { TutorialsCard } from '../components/TutorialsCard';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const workspace = useWorkspacePlan();
  const data = useDashboardData();
  const { hasAutomations, stats, isLoading } = data;

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            {/* Spec 2.8 and DECISIONS 18. */}
            <Title order={1}>{hasAutomations ? 'Welcome Back!' : `Welcome to ${PRODUCT_NAME}!`}</Title>
            <Text c="dimmed">Automate your outreach and lead extraction on social platforms.</Text>
          </div>
          <Button component={Link} to="/trobs" leftSection={<IconPlus size={16} aria-hidden />}>
            New Automation
          </Button>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label="Completed Automations"
            value={stats?.completedAutomations}
            loading={isLoading}
            icon={IconCircleCheck}
            color="green"
          />
          <StatCard
            label="Available Templates"
            value={stats?.totalTemplates}
            loading={isLoading}
            icon={IconTemplate}
            color="indigo"
          />
          <StatCard
            label="Connected Accounts"
            value={stats?.connectedAccounts}
            loading={isLoading}
            // DECISIONS 16: the counter counts LinkedIn and Twitter/X only.
            hint={`of ${DASHBOARD_PLATFORMS.length} (${DASHBOARD_PLATFORMS.map(platformTag).join(', ')})`}
            icon={IconPlugConnected}
            color="orange"
          />
        </SimpleGrid>

        {/*
          Below the counters, everything appears at once when the data is in: the onboarding card
          (only without automations) would otherwise push the cards under it down as they show
          (a layout shift; issue 10 point 7).
        */}
        {!hasAutomations && !isLoading && <OnboardingCard />}

        {!isLoading && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <RecentAutomationsCard automations={data.automations} />
                <PopularTemplatesCard templates={data.popularTemplates} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <TutorialsCard />
                <Card withBorder padding="lg">
                  <Group justify="space-between">
                    <div>
                      <Text size="sm" c="dimmed">
                        Your plan
                      </Text>
                      <Text fw={600}>{planBadgeLabel(workspace?.plan)}</Text>
                    </div>
                    <Button component={Link} to="/pricing" variant="light">
                      View Plans
                    </Button>
                  </Group>
                  <Button component={Link} to="/platforms" variant="subtle" mt="sm" px={0}>
                    Manage connections
                  </Button>
                </Card>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
