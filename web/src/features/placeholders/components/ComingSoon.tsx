import { Badge, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/workspace';

interface ComingSoonProps {
  title: string;
  icon: Icon;
  children: ReactNode;
}

/** Spec 2.14, DECISIONS 17: a screen that is announced but not offered yet. */
export function ComingSoon({ title, icon: PageIcon, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <PageIcon size={34} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Badge variant="light" size="lg" tt="none">
            Coming soon
          </Badge>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}

export function Lead({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
