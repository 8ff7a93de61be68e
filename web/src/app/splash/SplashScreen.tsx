import { Center, Loader, Stack, Text } from '@mantine/core';

export const SPLASH_TEXT = 'Automation Loading...';

/** The full-screen splash; it sits above the app, which keeps loading underneath. */
export function SplashScreen() {
  return (
    <Center
      role="status"
      aria-live="polite"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000 }}
    >
      <Stack align="center" gap="md">
        <Loader size="lg" aria-hidden />
        <Text fw={600} fz="lg">
          {SPLASH_TEXT}
        </Text>
      </Stack>
    </Center>
  );
}
