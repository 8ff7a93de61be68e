import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../api/profile';

/** The owner's cards below PLUS (Team, Brand): what the plan lacks, the upgrade hint, the pricing link. */
export function PlusOnly({ text, hint, viewPricing }: { text: string; hint?: string; viewPricing: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{text}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Anchor component={Link} to="/pricing" size="sm" fw={600}>
        {viewPricing}
      </Anchor>
    </Stack>
  );
}

/** A card's answer that did not load: the server's words when it gave any, and Retry. */
export function SectionLoadError({
  error,
  onRetry,
  title,
  retry,
}: {
  error: unknown;
  onRetry: () => void;
  title: string;
  retry: string;
}) {
  const message = failureMessage(error, title);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      {message !== title && <Text size="sm">{message}</Text>}
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {retry}
      </Button>
    </Alert>
  );
}
