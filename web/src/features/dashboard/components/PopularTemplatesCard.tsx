import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { platformTag } from '../../../../../shared/platforms';
import { type DashboardData, POPULAR_TEMPLATES } from '../api/dashboard';

function PopularTemplatesCardView({ templates }: { templates: DashboardData['popularTemplates'] }) {
  const headingId = useId();
  const popular = templates.slice(0, POPULAR_TEMPLATES);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          Popular Templates
        </Title>
        <Anchor component={Link} to="/trobs" size="sm">
          Browse all
        </Anchor>
      </Group>
      {popular.length === 0 ? (
        <Text c="dimmed" size="sm" mt="md">
          No templates yet.
        </Text>
      ) : (
        <Stack gap="sm" mt="md">
          {popular.map((template) => (
            <Group key={template.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/trobs/${template.id}`} fw={600}>
                {template.displayName}
              </Anchor>
              <Badge variant="light" color="gray" tt="none">
                {platformTag(template.platform)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Memoised: the dashboard re-renders as each of its three answers arrives (issue 10 point 7). */
export const PopularTemplatesCard = memo(PopularTemplatesCardView);
