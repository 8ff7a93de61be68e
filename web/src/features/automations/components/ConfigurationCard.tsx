import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { configGroups } from '../config-view';
import { FactTable } from './FactTable';

/** Part 2 section 2.10 'Configuration card': the settings the automation was started with. */
export function ConfigurationCard({ config }: { config: Record<string, unknown> | undefined }) {
  const headingId = useId();
  const groups = configGroups(config);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Configuration
      </Title>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          Default settings.
        </Text>
      ) : (
        <Stack gap="md">
          {groups.map((group) => (
            <div key={group.title}>
              <Title order={3} size="h6" mb={4}>
                {group.title}
              </Title>
              <FactTable
                label={group.title}
                facts={group.rows.map((row) => [row.label, row.value] as const)}
              />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
