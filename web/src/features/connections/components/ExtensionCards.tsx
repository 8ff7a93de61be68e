import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  IconCheck,
  IconDownload,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPuzzle,
} from '@tabler/icons-react';
import type { ExtensionControls } from '../api/extension';
import { EXTENSION_DOWNLOAD_URL, PLATFORMS_TEXTS } from '../api/platforms';

type Variant = 'filled' | 'light';

/** The zip `npm run build:extension` writes, until a store listing exists. */
export function DownloadExtensionButton({ variant = 'filled' }: { variant?: Variant }) {
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

/** The extension is installed: 'Pair extension', or 'Extension paired' with a way to pair again. */
export function PairExtensionButton({
  extension,
  variant = 'filled',
}: {
  extension: ExtensionControls;
  variant?: Variant;
}) {
  if (extension.paired) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge
          color="green"
          variant="light"
          size="lg"
          leftSection={<IconCheck size={14} aria-hidden />}
          data-testid="extension-paired"
        >
          Extension paired
        </Badge>
        <Button variant="subtle" size="xs" onClick={() => void extension.pair()} loading={extension.pending}>
          Pair again
        </Button>
      </Group>
    );
  }
  return (
    <Button
      variant={variant}
      leftSection={<IconPlugConnected size={16} aria-hidden />}
      onClick={() => void extension.pair()}
      loading={extension.pending}
    >
      Pair extension
    </Button>
  );
}

/** Download when the extension is not in this browser, else its pairing. */
export function ExtensionAction({ extension, variant }: { extension: ExtensionControls; variant?: Variant }) {
  return extension.installed ? (
    <PairExtensionButton extension={extension} {...(variant ? { variant } : {})} />
  ) : (
    <DownloadExtensionButton {...(variant ? { variant } : {})} />
  );
}

const SYNC_STEP =
  'Log in to LinkedIn, X or Instagram in the same browser: the extension syncs your session, and again whenever it changes.';

function steps(extension: ExtensionControls): string[] {
  if (!extension.installed)
    return ['Install the browser extension.', 'Reload this page and pair the extension.', SYNC_STEP];
  if (!extension.paired) return ['Pair the extension with your account (once per browser).', SYNC_STEP];
  return [SYNC_STEP, 'Use Sync now in the extension to refresh a session at once.'];
}

function cardTitle(extension: ExtensionControls): string {
  if (!extension.installed) return 'Install the browser extension';
  return extension.paired ? 'Browser extension' : 'Pair the browser extension';
}

/** Spec 2.11: shown when connections exist, to add or refresh one. */
export function InstallExtensionCard({ extension }: { extension: ExtensionControls }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="install-extension-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap="xs">
          <Group gap="xs">
            <IconPuzzle size={20} aria-hidden />
            <Title order={3} size="h4" id="install-extension-title">
              {cardTitle(extension)}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Connect another account or refresh an existing one:
          </Text>
          <List size="sm" type="ordered">
            {steps(extension).map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        <ExtensionAction extension={extension} variant="light" />
      </Group>
    </Card>
  );
}

function emptyStateText(extension: ExtensionControls): string {
  if (!extension.installed)
    return 'Install the browser extension, log in to LinkedIn, X or Instagram, then pair the extension here to connect your account.';
  if (!extension.paired)
    return 'Pair the extension with your account, then log in to LinkedIn, X or Instagram in this browser: your account appears here.';
  return 'The extension is paired. Log in to LinkedIn, X or Instagram in this browser and your account appears here.';
}

/** Spec 2.11 and 8: the empty state. */
export function NoPlatformsCard({ extension }: { extension: ExtensionControls }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconPlugConnectedX size={40} aria-hidden />
        <Title order={2} size="h3">
          {PLATFORMS_TEXTS.empty}
        </Title>
        <Text c="dimmed" maw={480}>
          {emptyStateText(extension)}
        </Text>
        <ExtensionAction extension={extension} />
      </Stack>
    </Card>
  );
}
