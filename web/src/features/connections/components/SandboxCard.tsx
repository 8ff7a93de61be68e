import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import type { PlatformSlug } from '../../../../../shared/connections';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { connectSandbox, failureMessage, PLATFORMS_TEXTS } from '../api/platforms';
import { PlatformIcon } from './PlatformIcon';

const SANDBOX_BUTTONS: readonly { slug: PlatformSlug; name: string; label: string }[] = [
  { slug: 'linkedin', name: 'LINKEDIN', label: 'LinkedIn' },
  { slug: 'twitter', name: 'TWITTER', label: 'X' },
  { slug: 'instagram', name: 'INSTAGRAM', label: 'Instagram' },
];

/**
 * The 'Connect sandbox account': a simulated account on the local sandbox sites, never a real
 * one. Shown only where sandboxOffered() (api/platforms.ts) says so; a 404 means the server has no
 * sandbox, and the card then says so instead of offering buttons.
 */
export function SandboxCard({ onConnected }: { onConnected: () => Promise<unknown> }) {
  const [pending, setPending] = useState<PlatformSlug>();
  const [unavailable, setUnavailable] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  async function connect(platform: PlatformSlug) {
    setPending(platform);
    setRefusal(undefined);
    try {
      const answer = await connectSandbox(platform);
      if (answer?.message) notifySuccess(answer.message);
      await onConnected();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setUnavailable(true);
      } else {
        const message = failureMessage(error, PLATFORMS_TEXTS.sandboxFailed);
        // A plan refusal (403) stays on the card as well as in the toast: it explains the missing row.
        if (error instanceof ApiError && error.status === 403) setRefusal(message);
        notifyError(message);
      }
    } finally {
      setPending(undefined);
    }
  }

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="sandbox-title"
      style={{ borderStyle: 'dashed' }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconFlask size={20} aria-hidden />
          <Title order={3} size="h4" id="sandbox-title">
            Connect sandbox account
          </Title>
          <Badge color="grape" variant="light">
            Sandbox
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Local sandbox — simulated LinkedIn, X and Instagram sites; no real account is used
        </Text>
        {unavailable ? (
          <Text size="sm" data-testid="sandbox-unavailable">
            {PLATFORMS_TEXTS.sandboxOff}
          </Text>
        ) : (
          <Group gap="xs">
            {SANDBOX_BUTTONS.map(({ slug, name, label }) => (
              <Button
                key={slug}
                variant="default"
                leftSection={<PlatformIcon platform={name} size={20} />}
                onClick={() => connect(slug)}
                loading={pending === slug}
                disabled={pending !== undefined && pending !== slug}
                aria-label={`Connect sandbox ${label}`}
              >
                {label}
              </Button>
            ))}
          </Group>
        )}
        {refusal && (
          <Alert color="orange" variant="light">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
