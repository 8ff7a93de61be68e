import { ThemeIcon } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconPlugConnected,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { PlatformName } from '../../../../../shared/connections';

const ICONS: Record<PlatformName, ComponentType<IconProps>> = {
  LINKEDIN: IconBrandLinkedin,
  TWITTER: IconBrandX,
  INSTAGRAM: IconBrandInstagram,
  FACEBOOK: IconBrandFacebook,
};

export const PLATFORM_COLORS: Record<PlatformName, string> = {
  LINKEDIN: 'blue',
  TWITTER: 'dark',
  INSTAGRAM: 'pink',
  FACEBOOK: 'indigo',
};

export function PlatformIcon({ platform, size = 40 }: { platform: string; size?: number }) {
  const Icon = ICONS[platform as PlatformName] ?? IconPlugConnected;
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color={PLATFORM_COLORS[platform as PlatformName] ?? 'gray'}
    >
      <Icon size={size * 0.6} aria-hidden />
    </ThemeIcon>
  );
}
