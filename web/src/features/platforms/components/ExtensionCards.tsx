import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlugConnectedX, IconPuzzle } from '@tabler/icons-react';
import { EXTENSION_DOWNLOAD_URL, PLATFORMS_TEXTS } from '../api/platforms';

// The extension build lands in a later step (a zip at EXTENSION_DOWNLOAD_URL); these link to it now.
export function DownloadExtensionButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  return (
    <Button
      component="a"
      href={EXTENSION_DOWNLOAD_URL}
      download
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      Download Extension
    </Button>
  );
}

const STEPS = [
  'Install the browser extension.',
  'Log in to LinkedIn, X or Instagram in the same browser.',
  'Click the extension icon and sync your session.',
];

/** Spec 2.11: shown when connections exist, to add or refresh one. */
export function InstallExtensionCard() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="install-extension-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap="xs">
          <Group gap="xs">
            <IconPuzzle size={20} aria-hidden />
            <Title order={3} size="h4" id="install-extension-title">
              Install the browser extension
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Connect another account or refresh an existing one:
          </Text>
          <List size="sm" type="ordered">
            {STEPS.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        <DownloadExtensionButton variant="light" />
      </Group>
    </Card>
  );
}

/** Spec 2.11 and 8: the empty state. */
export function NoPlatformsCard() {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconPlugConnectedX size={40} aria-hidden />
        <Title order={2} size="h3">
          {PLATFORMS_TEXTS.empty}
        </Title>
        <Text c="dimmed" maw={480}>
          Install the browser extension, log in to LinkedIn, X or Instagram, then sync from the extension to
          connect your account.
        </Text>
        <DownloadExtensionButton />
      </Stack>
    </Card>
  );
}
