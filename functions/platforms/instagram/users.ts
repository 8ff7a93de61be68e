import type { Lead, LeadEngagement } from '../../../shared/leads';
import { asRecord } from '../driver-helpers';
import type { ListRow } from '../driver-types';
import { profilePath } from './endpoints';

/**
 * Instagram people as the web API lists them (`{pk, pk_id, username, full_name, is_private,
 * is_verified, profile_pic_url}`) and as web_profile_info shows them (biography, external_url, counts).
 *
 * The lead mapping (DECISIONS 26): Instagram has no headline, so none is made up; the bio is the
 * lead's `description`; the username, the verified and private flags, the counts (web_profile_info
 * only) and, for a post engager, the comment with its time are fields of their own.
 */
export interface IgUser {
  id: string;
  username: string;
  name: string;
  image?: string;
  verified: boolean;
  private: boolean;
  bio?: string;
  website?: string;
  followers?: number;
  following?: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A user of a list, a comment or web_profile_info; undefined without an id and a username. */
export function igUserOf(value: unknown): IgUser | undefined {
  const u = asRecord(value);
  const id = str(u.pk_id) ?? (u.pk === undefined ? undefined : str(String(u.pk))) ?? str(u.id);
  const username = str(u.username);
  if (!id || !username) return undefined;
  const links = Array.isArray(u.bio_links) ? (u.bio_links as Array<{ url?: unknown }>) : [];
  return {
    id,
    username,
    name: str(u.full_name) ?? username,
    image: str(u.profile_pic_url_hd) ?? str(u.profile_pic_url),
    verified: u.is_verified === true,
    private: u.is_private === true,
    bio: str(u.biography),
    website: str(u.external_url) ?? str(links[0]?.url),
    followers: num(asRecord(u.edge_followed_by).count) ?? num(u.follower_count),
    following: num(asRecord(u.edge_follow).count) ?? num(u.following_count),
  };
}

/** The fields of DECISIONS 26 that an Instagram user shows (the counts only where given). */
function accountFields(user: IgUser) {
  return {
    handle: user.username,
    verified: user.verified,
    isPrivate: user.private,
    ...(user.followers === undefined ? {} : { followersCount: user.followers }),
    ...(user.following === undefined ? {} : { followingCount: user.following }),
  };
}

/**
 * A listed Instagram user as a row. Private accounts are ordinary rows (their name and picture show in
 * lists) unless the template's "Skip private accounts" is on: then they are hidden, never stored.
 */
export function igRow(
  user: IgUser,
  skipPrivate: boolean,
  extra: { engagement?: LeadEngagement; context?: ListRow['context'] } = {},
): ListRow {
  return {
    id: user.id,
    name: user.name,
    hidden: user.private && skipPrivate,
    profileUrl: profilePath(user.username),
    ...accountFields(user),
    ...(extra.engagement ? { engagement: extra.engagement } : {}),
    ...(user.image ? { profileImage: user.image } : {}),
    ...(user.bio ? { description: user.bio } : {}),
    ...(user.website ? { website: user.website } : {}),
    ...(extra.context ? { context: extra.context } : {}),
  };
}

/** What a visited profile adds to a lead: bio, website, picture, the full name, flags and counts. */
export function profileFields(user: IgUser): Partial<Lead> {
  return {
    name: user.name,
    ...accountFields(user),
    ...(user.bio ? { description: user.bio } : {}),
    ...(user.website ? { website: user.website } : {}),
    ...(user.image ? { profileImage: user.image } : {}),
  };
}

/** The username of a stored lead's profile URL (`<origin>/<username>/`). */
export function usernameOf(profileUrl: string | undefined): string | undefined {
  let path = profileUrl ?? '';
  try {
    path = new URL(path).pathname;
  } catch {
    // Already a path.
  }
  const match = /^\/([A-Za-z0-9._]{1,30})\/?$/.exec(path);
  return match?.[1];
}
