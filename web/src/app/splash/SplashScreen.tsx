import { Center, Loader, Stack, Text } from '@mantine/core';
import { SPLASH_TEXT } from './splash-text';

export { SPLASH_TEXT };

/**
 * The full-screen splash; it sits above the app, which keeps loading underneath. index.html draws the
 * same splash before the app's code is in, so the first paint is this screen, not a blank page.
 */
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
