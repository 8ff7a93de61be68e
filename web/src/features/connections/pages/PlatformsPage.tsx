import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/workspace';
import { useExtensionPairing } from '../api/extension';
import { PLATFORMS_TEXTS, sandboxOffered, usePlatformConnections } from '../api/platforms';
import { ConnectionCard } from '../components/ConnectionCard';
import { ExtensionAction, InstallExtensionCard, NoPlatformsCard } from '../components/ExtensionCards';
import { LazyPairPasswordModal } from '../components/LazyPairPasswordModal';
import { SandboxCard } from '../components/SandboxCard';

export default function PlatformsPage() {
  usePageTitle('Platform Connections');
  const { data, error, mutate } = usePlatformConnections();
  const platforms = data?.data.platforms;
  const refresh = useCallback(() => mutate(), [mutate]);
  const { user } = useSession();
  // The extension's content script marks this page when it is installed; pairing re-reads the list.
  const extension = useExtensionPairing(user?.id, refresh);

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Platform Connections</Title>
            <Text c="dimmed">The social accounts your automations run on.</Text>
          </div>
          <ExtensionAction extension={extension} />
        </Group>

        {error && !platforms ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} aria-hidden />}
            title={PLATFORMS_TEXTS.listFailed}
          >
            <Button size="xs" variant="light" color="red" onClick={refresh}>
              Retry
            </Button>
          </Alert>
        ) : !platforms ? (
          <Stack gap="md" data-testid="platforms-loading" aria-busy="true">
            <Skeleton height={140} radius="md" />
            <Skeleton height={140} radius="md" />
          </Stack>
        ) : platforms.length === 0 ? (
          <NoPlatformsCard extension={extension} />
        ) : (
          <>
            <Stack
              gap="md"
              component="ul"
              aria-label="Connected accounts"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {platforms.map((connection) => (
                <ConnectionCard key={connection.id} connection={connection} onChanged={refresh} />
              ))}
            </Stack>
            <InstallExtensionCard extension={extension} />
          </>
        )}

        {/* Below the list, once it is there: shown over the loading list, it moved down as the list came
            (issue 38: a layout shift of 0.17 on a phone). */}
        {sandboxOffered() && (platforms || error) && <SandboxCard onConnected={refresh} />}
        <LazyPairPasswordModal extension={extension} />
      </Stack>
    </Container>
  );
}
