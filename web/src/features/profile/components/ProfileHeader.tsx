import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '../../../../../shared/auth';
import { planBadgeLabel } from '../../../../../shared/plan-policy';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}

/** Spec 2.12: 'Joined {date}', the date reading 'Recently' when it is missing or unreadable. */
export function joinedText(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : undefined;
  return `Joined ${date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : 'Recently'}`;
}

export function ProfileHeader({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Card withBorder padding="lg">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar size={72} radius="xl" color="indigo" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {name}
          </Title>
          <Text c="dimmed" truncate>
            {user.email}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {joinedText(user.createdAt)}
            </Text>
            <Badge color={user.emailVerified ? 'green' : 'yellow'} variant="light" tt="none">
              {user.emailVerified ? 'Verified' : 'Unverified'}
            </Badge>
            {/* An unknown or missing plan reads as the free plan (spec 2.12 'default Free', section 6). */}
            <Badge color="indigo" variant="light" tt="none">
              {planBadgeLabel(user.plan)}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
