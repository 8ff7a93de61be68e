import { Container, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { usePageTitle } from '../../../lib/workspace';
import { useAutomationList } from '../api/automations';
import { AUTOMATIONS_TEXTS, activeAutomations } from '../automation-display';
import { ActiveAutomationsTable } from '../components/ActiveAutomationsTable';
import { EmptyList, ListError, ListLoading } from '../components/ListStates';
import { QueueLine } from '../components/QueueLine';

/** Part 2 section 2.8: the automations that are pending, running or active; and paused (DECISIONS 25). */
export default function ActiveAutomationsPage() {
  usePageTitle(AUTOMATIONS_TEXTS.activeTitle);
  const { automations, error, mutate } = useAutomationList();
  const active = useMemo(() => (automations ? activeAutomations(automations) : undefined), [automations]);

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{AUTOMATIONS_TEXTS.activeTitle}</Title>
          <Text c="dimmed">Automations that are waiting, running, scheduled or paused.</Text>
        </div>
        <QueueLine />
        {error && !active ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : !active ? (
          <ListLoading label="Loading automations" />
        ) : active.length === 0 ? (
          <EmptyList text={AUTOMATIONS_TEXTS.noActive} browse />
        ) : (
          <ActiveAutomationsTable automations={active} />
        )}
      </Stack>
    </Container>
  );
}
