import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconSparkles, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
// A type only (erased at build): the page carries no schema.
import type { TemplateCard as TemplateCardData } from '../../../../../shared/catalogue';
import { DEFAULT_ESTIMATED_TIME } from '../../../../../shared/catalogue-values';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { DifficultyDots } from './platform';
import { TemplateImage } from './TemplateImage';

const count = new Intl.NumberFormat('en-US');

/** Spec 2.9: a catalogue card; the whole card links to the template's page (focus ring: a11y.css). */
function TemplateCardView({ template, priority }: { template: TemplateCardData; priority?: boolean }) {
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={`/trobs/${template.id}`}
      data-testid="template-card"
      style={{ textDecoration: 'none', color: 'inherit', height: '100%' }}
    >
      <Card.Section>
        <TemplateImage id={template.id} platform={template.platform} alt="" priority={priority} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap="xs">
          <PlatformBadge platform={template.platform} />
          {template.isFlow && (
            <Badge color="violet" variant="filled" leftSection={<IconSparkles size={12} aria-hidden />}>
              Flow
            </Badge>
          )}
        </Group>
        {/* The card's accessible name is its visible text, title first (WCAG 2.5.3). */}
        <Text component="h3" fw={700} m={0} fz="md">
          {template.displayName}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {template.summary}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs" gap="xs">
          <DifficultyDots level={template.difficultyLevel} difficulty={template.difficulty} />
          <Group gap="sm">
            <Group gap={4} wrap="nowrap" aria-label="Success rate">
              <IconTrendingUp size={14} aria-hidden />
              <Text size="xs">{template.successRate}%</Text>
            </Group>
            <Group gap={4} wrap="nowrap" aria-label="Estimated time">
              <IconClock size={14} aria-hidden />
              <Text size="xs">{template.estimatedTime || DEFAULT_ESTIMATED_TIME}</Text>
            </Group>
            <Group gap={4} wrap="nowrap" aria-label="Times used">
              <IconUsers size={14} aria-hidden />
              <Text size="xs">{count.format(template.usageCount ?? 0)}</Text>
            </Group>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** Memoised: the catalogue re-renders on every keystroke in its search and as its answers arrive. */
export const TemplateCard = memo(TemplateCardView);
