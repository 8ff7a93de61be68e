import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconPlugConnected,
} from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TABLE, PLATFORMS } from '../../../shared/platforms';
import { platformLook } from '../../../web/src/lib/platform-icons';

describe('platformLook: the web side of the platform table', () => {
  it('gives each platform its icon and the colour of its row, by id or record spelling', () => {
    const icons = { linkedin: IconBrandLinkedin, twitter: IconBrandX, instagram: IconBrandInstagram };
    for (const platform of PLATFORMS) {
      const look = { Icon: icons[platform], color: PLATFORM_TABLE[platform].color };
      expect(platformLook(platform)).toEqual(look);
      expect(platformLook(PLATFORM_TABLE[platform].record)).toEqual(look);
    }
  });

  it('shows a FACEBOOK record as Facebook and anything else as a grey plug', () => {
    expect(platformLook('FACEBOOK')).toEqual({ Icon: IconBrandFacebook, color: 'indigo' });
    expect(platformLook('MYSPACE')).toEqual({ Icon: IconPlugConnected, color: 'gray' });
  });
});
