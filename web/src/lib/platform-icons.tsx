import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconPlugConnected,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import {
  FACEBOOK_RECORD,
  isPlatform,
  PLATFORM_TABLE,
  type PlatformIconKey,
  platformOfRecord,
} from '../../../shared/platforms';

/**
 * The one place the web app turns THE platform table's icon keys (shared/platforms.ts, which cannot
 * import React) into components. Every colour and icon of a platform comes from that table.
 */
const ICONS: Readonly<Record<PlatformIconKey, ComponentType<IconProps>>> = {
  'brand-linkedin': IconBrandLinkedin,
  'brand-x': IconBrandX,
  'brand-instagram': IconBrandInstagram,
  'brand-facebook': IconBrandFacebook,
};

export interface PlatformLook {
  readonly Icon: ComponentType<IconProps>;
  /** A Mantine colour name. */
  readonly color: string;
}

/**
 * The icon and colour of a platform named by its id ('linkedin') or its connection record's spelling
 * ('LINKEDIN', 'FACEBOOK'); anything else gets a neutral plug.
 */
export function platformLook(platform: string): PlatformLook {
  const id = isPlatform(platform) ? platform : platformOfRecord(platform);
  if (id) return { Icon: ICONS[PLATFORM_TABLE[id].icon], color: PLATFORM_TABLE[id].color };
  if (platform === 'FACEBOOK') return { Icon: ICONS[FACEBOOK_RECORD.icon], color: FACEBOOK_RECORD.color };
  return { Icon: IconPlugConnected, color: 'gray' };
}
