import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { planBadgeLabel, planOrFree } from '../../../../../shared/plan-policy';
import { FLOWS_PATH } from '../../../lib/flows/flow-paths';
import { useWorkspacePlan, type WorkspacePlan } from '../../../lib/session';
import { usePageTitle } from '../../../lib/workspace';
import { UPGRADE_TEXTS } from '../setup-texts';

/** Spec 2.2, 2.3 and 6: the flow template and setup screens need plan PLUS exactly (DECISIONS 3). */
export const hasPlusPlan = (workspace: Pick<WorkspacePlan, 'plan'> | undefined) =>
  planOrFree(workspace?.plan) === 'PLUS';

/**
 * The 'Upgrade Required' screen: it names the feature (AI Flows) and the plan (Plus), and offers
 * 'View Pricing Plans' (/pricing) and Back (the page before, or the flows list when opened directly).
 */
export function UpgradeRequired() {
  const workspace = useWorkspacePlan();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(UPGRADE_TEXTS.title);
  const back = () => (location.key === 'default' ? navigate(FLOWS_PATH) : navigate(-1));
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="violet">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {UPGRADE_TEXTS.title}
          </Title>
          <Text>{UPGRADE_TEXTS.text(planBadgeLabel(workspace?.plan))}</Text>
          <Group justify="center">
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
              {UPGRADE_TEXTS.back}
            </Button>
            <Button component={Link} to="/pricing">
              {UPGRADE_TEXTS.viewPricing}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
