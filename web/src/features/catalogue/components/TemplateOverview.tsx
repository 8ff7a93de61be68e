import { Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCheck,
  IconChecklist,
  IconClock,
  IconPlayerPlay,
  IconStairs,
  IconTrendingUp,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense } from 'react';
import type { Template } from '../../../../../shared/catalogue';
import { DEFAULT_ESTIMATED_TIME } from '../../../../../shared/catalogue-values';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { difficultyLabel } from './platform';

const count = new Intl.NumberFormat('en-US');

function Stat({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number }>;
}) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Group gap="xs" wrap="nowrap">
        <Icon size={18} />
        <div>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} data-testid="stat-value">
            {value}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

// The dialog (and Mantine's modal code) loads when Watch Demo is first pressed, not with the page.
const DemoModal = lazy(() => import('./DemoModal'));

function WatchDemo({ url, title }: { url: string; title: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const wanted = useOpenedOnce(opened);
  return (
    <>
      <Button variant="light" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={open}>
        Watch Demo
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <DemoModal url={url} title={title} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

function Bullets({
  title,
  items,
  icon: Icon,
  color,
}: {
  title: string;
  items: string[];
  icon: ComponentType<{ size?: number }>;
  color: string;
}) {
  if (items.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <List
        spacing="xs"
        size="sm"
        icon={
          <Text c={color} component="span" style={{ display: 'flex' }}>
            <Icon size={16} />
          </Text>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** Spec 2.10 Overview: description, demo, stats, features, the detailed description, requirements, limitations. */
export function TemplateOverview({
  template,
  onConfigure,
  onHeadingToConfigure,
}: {
  template: Template;
  onConfigure: () => void;
  /** Configure pointed at or focused: the form's code can start loading. */
  onHeadingToConfigure?: () => void;
}) {
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Text>{template.description}</Text>
        <Group mt="md">
          <Button onClick={onConfigure} onPointerEnter={onHeadingToConfigure} onFocus={onHeadingToConfigure}>
            Configure
          </Button>
          {template.videoUrl && <WatchDemo url={template.videoUrl} title={template.displayName} />}
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label="Success rate" value={`${template.successRate}%`} icon={IconTrendingUp} />
        <Stat label="Setup time" value={template.estimatedTime || DEFAULT_ESTIMATED_TIME} icon={IconClock} />
        <Stat label="Times used" value={count.format(template.usageCount ?? 0)} icon={IconUsers} />
        <Stat label="Difficulty" value={difficultyLabel(template.difficulty)} icon={IconStairs} />
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Bullets title="Features" items={template.features} icon={IconCheck} color="green" />
            <Card withBorder padding="lg" component="section" aria-label="How it works">
              <Typography>
                {/* The API sanitizes detailedDescription to basic tags (shared/catalogue.ts), so it renders as is. */}
                <div
                  data-testid="detailed-description"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API.
                  dangerouslySetInnerHTML={{ __html: template.detailedDescription }}
                />
              </Typography>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Bullets title="Requirements" items={template.requirements} icon={IconChecklist} color="indigo" />
            <Bullets
              title="Limitations"
              items={template.limitations}
              icon={IconAlertTriangle}
              color="orange"
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
