import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TEMPLATE_TEXTS } from '../../../../../shared/catalogue-values';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { usePageTitle } from '../../../lib/workspace';
import { usePlatformConnection, useTemplate } from '../api/catalogue';
import { difficultyLabel } from '../components/platform';
import { TemplateOverview } from '../components/TemplateOverview';

type Step = 'overview' | 'configure';

/**
 * The configuration form (its fields, pickers and form library: about 90 KB compressed) loads when
 * the user heads for it (Configure pointed at, focused or pressed), not with the overview a visitor
 * reads first (the first-load budget, issue 10 point 7).
 */
const loadConfigure = () => import('../components/TrobConfigure');
const TrobConfigure = lazy(() => loadConfigure().then((module) => ({ default: module.TrobConfigure })));
const prefetchConfigure = () => void loadConfigure();

/** The connection badge's width in every state: its text changing never rewraps the badges (no layout shift). */
const CONNECTION_BADGE_WIDTH = '8.75rem';

export default function TemplatePage() {
  const { trobId } = useParams();
  const navigate = useNavigate();
  const loaded = useTemplate(trobId);
  const { notFound, error, mutate } = loaded;
  // Read through a deferred value: the page's render with the template, when it arrives, runs in
  // slices instead of one long task (as the catalogue's; issue 10 point 7). The skeleton shows until then.
  const template = useDeferredValue(loaded.template);
  const connection = usePlatformConnection(loaded.template?.platform);
  const [step, setStep] = useState<Step>('overview');
  usePageTitle(template?.displayName ?? 'Trob');

  // Back from Configure returns to Overview; otherwise it leaves for the catalogue.
  const back = () => (step === 'configure' ? setStep('overview') : navigate('/trobs'));

  if (notFound) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {TEMPLATE_TEXTS.notFound}
          </Title>
          <Text c="dimmed">This trob does not exist or is no longer available.</Text>
          <Anchor component={Link} to="/trobs">
            Back to Trobs
          </Anchor>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={back}
            px={0}
          >
            Back
          </Button>
        </Group>

        {error && !template ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load the trob">
            <Text size="sm">{error instanceof Error ? error.message : 'Request failed'}</Text>
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => mutate()}>
              Retry
            </Button>
          </Alert>
        ) : !template ? (
          <Stack aria-busy="true" aria-label="Loading trob">
            <Skeleton height={36} width="50%" />
            <Skeleton height={120} />
            <Skeleton height={240} />
          </Stack>
        ) : (
          <>
            <div>
              <Title order={1}>{template.displayName}</Title>
              <Group gap="xs" mt="xs">
                <PlatformBadge platform={template.platform} />
                {template.isFlow && (
                  <Badge color="violet" variant="filled" leftSection={<IconSparkles size={12} aria-hidden />}>
                    AI Flow
                  </Badge>
                )}
                <Badge variant="outline" color="gray">
                  {difficultyLabel(template.difficulty)}
                </Badge>
                {connection.connected === undefined ? (
                  <Badge variant="light" color="gray" w={CONNECTION_BADGE_WIDTH}>
                    Checking…
                  </Badge>
                ) : (
                  <Badge
                    variant="light"
                    color={connection.connected ? 'green' : 'red'}
                    w={CONNECTION_BADGE_WIDTH}
                    data-testid="connection-badge"
                  >
                    {connection.connected ? 'Connected' : 'Not Connected'}
                  </Badge>
                )}
              </Group>
            </div>

            <Stepper
              active={step === 'overview' ? 0 : 1}
              onStepClick={(index) => setStep(index === 0 ? 'overview' : 'configure')}
              onPointerEnter={prefetchConfigure}
              onFocus={prefetchConfigure}
              size="sm"
            >
              <Stepper.Step label="Overview" description="What it does" />
              <Stepper.Step label="Configure" description="Set up and start" />
            </Stepper>

            {step === 'overview' ? (
              <TemplateOverview
                template={template}
                onConfigure={() => setStep('configure')}
                onHeadingToConfigure={prefetchConfigure}
              />
            ) : (
              <Suspense fallback={<Skeleton height={480} />}>
                <TrobConfigure
                  template={template}
                  isConnected={async () => (await connection.recheck()) === true}
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
