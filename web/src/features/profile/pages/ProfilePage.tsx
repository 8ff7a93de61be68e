import { Alert, Card, Container, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldLock, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { WORKSPACE_TEXTS } from '../../../../../shared/team-texts';
import { useCurrentUser } from '../../../lib/session';
import { LoadingStatus } from '../../../lib/ui/LoadingStatus';
import { useNearScreen } from '../../../lib/use-near-screen';
import { usePageTitle, useWorkspaces } from '../../../lib/workspace';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileInfoForm } from '../components/ProfileInfoForm';
import { UsageCard } from '../components/UsageCard';
import { SECTIONS_LOAD_FAILED, SECTIONS_LOADING } from '../profile-texts';
import { useTabPanels } from './use-tab-panels';
import { useWorkspaceSections } from './use-workspace-sections';

export default function ProfilePage() {
  usePageTitle('Profile Settings');
  const user = useCurrentUser();
  const workspaces = useWorkspaces();
  const tabs = useTabPanels();
  // The Team and Brand cards sit below the fold: their code (and their calls) wait until they near the
  // screen or the keyboard is used.
  const sections = useNearScreen<HTMLDivElement>();
  const loaded = useWorkspaceSections(sections.near);
  const { security: Security, danger: Danger } = tabs.panels;
  // The route's guard lets only a signed-in user through.
  if (!user) return null;

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>Profile Settings</Title>
        <ProfileHeader user={user} />
        <UsageCard plan={user.plan} />
        <Card withBorder padding="lg">
          <Tabs value={tabs.active} onChange={tabs.choose} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="info" leftSection={<IconUser size={16} aria-hidden />}>
                Profile Info
              </Tabs.Tab>
              <Tabs.Tab
                value="security"
                leftSection={<IconShieldLock size={16} aria-hidden />}
                onPointerEnter={() => tabs.prefetch('security')}
                onFocus={() => tabs.prefetch('security')}
                aria-busy={tabs.loading === 'security' || undefined}
              >
                Security
              </Tabs.Tab>
              <Tabs.Tab
                value="danger"
                color="red"
                leftSection={<IconAlertTriangle size={16} aria-hidden />}
                onPointerEnter={() => tabs.prefetch('danger')}
                onFocus={() => tabs.prefetch('danger')}
                aria-busy={tabs.loading === 'danger' || undefined}
              >
                Danger Zone
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="info" pt="lg">
              {/* Keyed by the user, so the form starts again from what the server answered. */}
              <ProfileInfoForm key={user.id} user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="security" pt="lg">
              {Security && <Security />}
            </Tabs.Panel>
            <Tabs.Panel value="danger" pt="lg">
              {Danger && <Danger />}
            </Tabs.Panel>
          </Tabs>
        </Card>
        {/* The team and the brand are the workspace owner's (DECISIONS 31): a member working in a
            team's workspace is pointed to their own. */}
        {workspaces.inOwnWorkspace === false && workspaces.current && (
          <Alert color="blue" icon={<IconUsersGroup size={18} aria-hidden />}>
            {WORKSPACE_TEXTS.managedByOwner(workspaces.current.name)}
          </Alert>
        )}
        {workspaces.inOwnWorkspace && (
          <Stack gap="lg" ref={sections.ref}>
            {loaded && 'Sections' in loaded ? (
              <loaded.Sections plan={user.plan} />
            ) : loaded?.failed ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {SECTIONS_LOAD_FAILED}
              </Alert>
            ) : (
              <SectionsLoading />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

/** Where the Team and Brand cards come, while their code loads. */
function SectionsLoading() {
  return (
    <Card withBorder padding="lg" data-testid="workspace-sections-loading">
      <LoadingStatus label={SECTIONS_LOADING} size="sm" />
      <Stack gap="sm" mt="sm" aria-hidden>
        <Skeleton height={16} width="30%" />
        <Skeleton height={36} />
        <Skeleton height={52} />
      </Stack>
    </Card>
  );
}
