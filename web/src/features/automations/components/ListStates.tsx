import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AUTOMATIONS_TEXTS, statusTextOf } from '../automation-display';

/**
 * Part 2 section 8: the list error screen, with 'Try Again', saying 'Failed to fetch automations:
 * {status text}' ('Internal Server Error').
 */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={AUTOMATIONS_TEXTS.listErrorTitle}
    >
      <Text size="sm" data-testid="list-error">
        {AUTOMATIONS_TEXTS.listFetchFailed(statusTextOf(error))}
      </Text>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {AUTOMATIONS_TEXTS.tryAgain}
      </Button>
    </Alert>
  );
}

export function ListLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={44} />
    </Stack>
  );
}

/** An empty list: its text, and for the active list a way to start one. */
export function EmptyList({ text, browse = false }: { text: string; browse?: boolean }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm">
        <Title order={2} size="h4">
          {text}
        </Title>
        {browse && (
          <Button component={Link} to="/trobs" leftSection={<IconTemplate size={16} aria-hidden />}>
            {AUTOMATIONS_TEXTS.browseTemplates}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
