import { ThemeIcon } from '@mantine/core';
import { platformLook } from '../platform-icons';

/** A platform's icon on its colour, as the connection cards and sandbox buttons show it. */
export function PlatformIcon({ platform, size = 40 }: { platform: string; size?: number }) {
  const { Icon, color } = platformLook(platform);
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color}>
      <Icon size={size * 0.6} aria-hidden />
    </ThemeIcon>
  );
}
