import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of the account screens: a narrow card with the screen's heading. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle !== undefined && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
