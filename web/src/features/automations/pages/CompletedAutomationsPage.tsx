import { Container, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { usePageTitle } from '../../../lib/workspace';
import { useAutomationList } from '../api/automations';
import { AUTOMATIONS_TEXTS, completedAutomations } from '../automation-display';
import { CompletedAutomationsTable } from '../components/CompletedAutomationsTable';
import { EmptyList, ListError, ListLoading } from '../components/ListStates';

/** Part 2 section 2.9: the automations that completed, failed or were cancelled. */
export default function CompletedAutomationsPage() {
  usePageTitle(AUTOMATIONS_TEXTS.completedTitle);
  const { automations, error, mutate } = useAutomationList();
  const completed = useMemo(
    () => (automations ? completedAutomations(automations) : undefined),
    [automations],
  );

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{AUTOMATIONS_TEXTS.completedTitle}</Title>
          <Text c="dimmed">Automations that finished, failed or were cancelled.</Text>
        </div>
        {error && !completed ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : !completed ? (
          <ListLoading label="Loading automations" />
        ) : completed.length === 0 ? (
          <EmptyList text={AUTOMATIONS_TEXTS.noCompleted} />
        ) : (
          <CompletedAutomationsTable automations={completed} />
        )}
      </Stack>
    </Container>
  );
}
