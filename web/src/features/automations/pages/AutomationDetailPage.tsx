import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconDatabase,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useDeferredValue, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Automation } from '../../../../../shared/automations-values';
import { platformLabel } from '../../../../../shared/platforms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BackLink } from '../../../lib/ui/BackLink';
import { BusyButton } from '../../../lib/ui/BusyButton';
import { usePageTitle } from '../../../lib/workspace';
import {
  failureReason,
  pauseAutomation,
  replaceInList,
  useAutomation,
  useTemplateDescription,
} from '../api/automations';
import { useLiveAutomation } from '../api/live';
import { useResumeAutomation } from '../api/resume';
import { AUTOMATIONS_TEXTS, canPause, canResume, leadsPath, showsLiveProgress } from '../automation-display';
import { ConfigurationCard } from '../components/ConfigurationCard';
import { DataPreviewCard } from '../components/DataPreviewCard';
import { JobCard } from '../components/JobCard';
import { LiveProgressCard } from '../components/LiveProgressCard';
import { QueueLine } from '../components/QueueLine';
import { RunsCard, showsRuns } from '../components/RunsCard';
import { StatusBadge } from '../components/StatusBadge';
import { SummaryCard } from '../components/SummaryCard';

/** 'Automation not found' and 'Error Loading Automation' (part 2 sections 2.10 and 8). */
function ErrorScreen({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        <Group>
          <Button component={Link} to="/automations" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {AUTOMATIONS_TEXTS.backToAutomations}
          </Button>
          {onRetry && (
            <Button variant="default" onClick={onRetry}>
              {AUTOMATIONS_TEXTS.tryAgain}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}

function ViewDataButton({ automation, variant }: { automation: Automation; variant?: 'filled' | 'light' }) {
  return (
    <Button
      component={Link}
      to={leadsPath(automation)}
      variant={variant}
      leftSection={<IconDatabase size={16} aria-hidden />}
      rightSection={
        automation.totalLeads > 0 ? (
          <Badge size="sm" variant="white" color="dark" data-testid="lead-count">
            {automation.totalLeads.toLocaleString('en-US')}
            <VisuallyHidden> leads</VisuallyHidden>
          </Badge>
        ) : undefined
      }
    >
      {AUTOMATIONS_TEXTS.viewData}
    </Button>
  );
}

/**
 * Part 2 section 2.10: one automation, its template's description, its live progress, settings and
 * first leads; the run queue, reloaded every 30 s like the automation (part 2 section 7); Pause for an
 * active automation, Resume for a paused one (DECISIONS 25).
 */
export default function AutomationDetailPage() {
  const { automationId } = useParams();
  const { automation, notFound, error, isLoading, retry } = useAutomation(automationId);
  const connection = useLiveAutomation(automation);
  const { description, settled: describedOrNot } = useTemplateDescription(automation?.templateId);
  const [pausing, setPausing] = useState(false);
  const resumer = useResumeAutomation();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(automation?.displayName ?? 'Automation');
  // The template's description sits above everything: the page waits for it rather than move down when
  // it comes (issue 38: a layout shift of 0.11 on a phone). Once all is in, the page is drawn as a
  // transition, in slices the phone can interrupt: SWR's answers alone would draw it in one task.
  const drawn = useDeferredValue(!isLoading && !!automation && describedOrNot);

  if (notFound) {
    return (
      <ErrorScreen
        title={AUTOMATIONS_TEXTS.notFound}
        text="This automation does not exist or is no longer available."
      />
    );
  }
  if (error) {
    return (
      <ErrorScreen
        title={AUTOMATIONS_TEXTS.detailErrorTitle}
        text={AUTOMATIONS_TEXTS.detailFetchFailed}
        onRetry={() => void retry()}
      />
    );
  }

  const pause = async (target: Automation) => {
    setPausing(true);
    try {
      const paused = await pauseAutomation(target.id);
      notifySuccess(AUTOMATIONS_TEXTS.paused);
      // The Pause button goes with the status: keep the keyboard user's place at the page's heading.
      heading.current?.focus();
      await retry((current) => (paused ? replaceInList(current, paused) : current), { revalidate: true });
    } catch (failure) {
      notifyError(AUTOMATIONS_TEXTS.pauseFailed(failureReason(failure)));
    } finally {
      setPausing(false);
    }
  };

  const resume = async (target: Automation) => {
    // As with Pause: the Resume button goes with the status, the keyboard's place goes to the heading.
    if (await resumer.resume(target)) heading.current?.focus();
  };

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <BackLink to="/automations/completed">{AUTOMATIONS_TEXTS.back}</BackLink>

        {!drawn || !automation ? (
          <Stack aria-busy="true" aria-label="Loading automation">
            <Skeleton height={36} width="50%" />
            <Skeleton height={140} />
            <Skeleton height={240} />
          </Stack>
        ) : (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={1} ref={heading} tabIndex={-1}>
                  {automation.displayName}
                </Title>
                {description && (
                  <Text c="dimmed" mt={4} maw={720} data-testid="template-description">
                    {description}
                  </Text>
                )}
                <Group gap="xs" mt="xs">
                  <StatusBadge status={automation.status} />
                  <Text size="sm" c="dimmed">
                    {platformLabel(automation.platform)}
                  </Text>
                </Group>
                <Box mt="xs">
                  <QueueLine />
                </Box>
              </div>
              <Group gap="sm">
                {canPause(automation.status) && (
                  <BusyButton
                    variant="default"
                    icon={<IconPlayerPause size={16} aria-hidden />}
                    busy={pausing}
                    onClick={() => void pause(automation)}
                  >
                    {AUTOMATIONS_TEXTS.pause}
                  </BusyButton>
                )}
                {canResume(automation.status) && (
                  <BusyButton
                    variant="light"
                    color="yellow"
                    icon={<IconPlayerPlay size={16} aria-hidden />}
                    busy={resumer.busy}
                    onClick={() => void resume(automation)}
                  >
                    {AUTOMATIONS_TEXTS.resume}
                  </BusyButton>
                )}
                <ViewDataButton automation={automation} />
              </Group>
            </Group>

            {automation.status === 'completed' && automation.progress >= 100 && (
              <Alert
                color="green"
                variant="light"
                role="status"
                icon={<IconCircleCheck size={20} aria-hidden />}
                title={AUTOMATIONS_TEXTS.completedBanner}
                data-testid="completed-banner"
              >
                <ViewDataButton automation={automation} variant="light" />
              </Alert>
            )}

            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  {showsLiveProgress(automation.status) && (
                    <LiveProgressCard automation={automation} connection={connection ?? 'connecting'} />
                  )}
                  <JobCard automation={automation} />
                  <DataPreviewCard
                    jobId={automation.jobId || automation.id}
                    totalLeads={automation.totalLeads ?? 0}
                    leadsTo={leadsPath(automation)}
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <SummaryCard automation={automation} />
                  {showsRuns(automation) && <RunsCard automation={automation} />}
                  <ConfigurationCard config={automation.config} />
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}
      </Stack>
    </Container>
  );
}
