import { Card, Container, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconShieldLock, IconUser } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { useCurrentUser } from '../../../lib/session';
import { DangerZone } from '../components/DangerZone';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileInfoForm } from '../components/ProfileInfoForm';
import { SecurityForm } from '../components/SecurityForm';
import { TeamSection } from '../components/TeamSection';
import { UsageCard } from '../components/UsageCard';

export default function ProfilePage() {
  useDocumentTitle(`Profile Settings | ${PRODUCT_NAME}`);
  const user = useCurrentUser();
  // The route's guard lets only a signed-in user through.
  if (!user) return null;

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>Profile Settings</Title>
        <ProfileHeader user={user} />
        <UsageCard plan={user.plan} />
        <Card withBorder padding="lg">
          <Tabs defaultValue="info" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="info" leftSection={<IconUser size={16} aria-hidden />}>
                Profile Info
              </Tabs.Tab>
              <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} aria-hidden />}>
                Security
              </Tabs.Tab>
              <Tabs.Tab value="danger" color="red" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
                Danger Zone
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="info" pt="lg">
              {/* Keyed by the user, so the form starts again from what the server answered. */}
              <ProfileInfoForm key={user.id} user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="security" pt="lg">
              <SecurityForm />
            </Tabs.Panel>
            <Tabs.Panel value="danger" pt="lg">
              <DangerZone />
            </Tabs.Panel>
          </Tabs>
        </Card>
        <TeamSection plan={user.plan} />
      </Stack>
    </Container>
  );
}
