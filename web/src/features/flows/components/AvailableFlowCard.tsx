import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconPlayerPlay, IconStairs } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FLOW_CATEGORY_LABELS } from '../../../../../shared/flow-options';
import type { FlowTemplate } from '../../../../../shared/flows';
import { flowSetupPath, flowTemplatePath } from '../../../lib/flows/flow-paths';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

/** Spec 2.1: an available flow's name, platform, category, number of stages and estimated time. */
export function AvailableFlowCard({ template }: { template: FlowTemplate }) {
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={template.displayName}
      data-testid="flow-template-card"
    >
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4">
          {template.displayName}
        </Title>
        <Group gap="xs">
          <PlatformBadge platform={template.platform} />
          <Badge variant="outline" color="violet" data-testid="flow-category">
            {FLOW_CATEGORY_LABELS[template.category] ?? template.category}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {template.summary}
        </Text>
        <Group gap="md">
          <Group gap={4} wrap="nowrap">
            <IconStairs size={16} aria-hidden />
            <Text size="sm" data-testid="flow-stages">
              {FLOWS_PAGE_TEXTS.stages(template.stages.length)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm" data-testid="flow-time">
              <VisuallyHidden>Estimated time: </VisuallyHidden>
              {template.estimatedTime}
            </Text>
          </Group>
        </Group>
        <Group gap="sm">
          <Button component={Link} to={flowTemplatePath(template.id)} variant="default" size="sm">
            {FLOWS_PAGE_TEXTS.learnMore} <VisuallyHidden>about {template.displayName}</VisuallyHidden>
          </Button>
          <Button
            component={Link}
            to={flowSetupPath(template.id)}
            size="sm"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
          >
            {FLOWS_PAGE_TEXTS.start} <VisuallyHidden>{template.displayName}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
