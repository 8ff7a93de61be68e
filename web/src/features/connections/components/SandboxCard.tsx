import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PLATFORM_TABLE, PLATFORMS, type Platform } from '../../../../../shared/platforms';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PlatformIcon } from '../../../lib/ui/PlatformIcon';
import { connectSandbox, failureMessage, PLATFORMS_TEXTS } from '../api/platforms';

const sandboxLabel = (platform: Platform) => `Connect sandbox ${PLATFORM_TABLE[platform].label}`;

/**
 * The 'Connect sandbox account': a simulated account on the local sandbox sites, never a real
 * one. Shown only where sandboxOffered() (api/platforms.ts) says so; a 404 means the server has no
 * sandbox, and the card then says so instead of offering buttons.
 */
export function SandboxCard({ onConnected }: { onConnected: () => Promise<unknown> }) {
  const [pending, setPending] = useState<Platform>();
  const [unavailable, setUnavailable] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  // The button was disabled while connecting, which drops its focus: it gets it back once enabled.
  const focusBack = useRef<Platform>(undefined);
  useEffect(() => {
    const platform = focusBack.current;
    if (pending !== undefined || !platform) return;
    focusBack.current = undefined;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.querySelector<HTMLButtonElement>(`button[aria-label="${sandboxLabel(platform)}"]`)?.focus();
  }, [pending]);

  async function connect(platform: Platform) {
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
      focusBack.current = platform;
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
            {PLATFORMS.map((slug) => (
              <Button
                key={slug}
                variant="default"
                leftSection={<PlatformIcon platform={slug} size={20} />}
                onClick={() => connect(slug)}
                loading={pending === slug}
                disabled={pending !== undefined && pending !== slug}
                aria-label={sandboxLabel(slug)}
              >
                {PLATFORM_TABLE[slug].label}
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
