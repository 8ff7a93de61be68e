import type { ProfileReader } from '../driver-types';
import { profileInfo } from './followers';
import { profileFields, usernameOf } from './users';

/**
 * "Collect bios and follower counts": one web_profile_info visit per stored lead, for the biography,
 * the external URL and the follower and following counts (`followersCount`, `followingCount`).
 */
export function profileReader(csrf: string): ProfileReader {
  return {
    action: 'profile-views',
    async read(page, lead) {
      const username = usernameOf(lead.profileUrl);
      if (!username) return undefined;
      const user = await profileInfo(page, username, csrf);
      return user ? profileFields(user) : undefined;
    },
  };
}
