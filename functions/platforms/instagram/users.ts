import type { Lead } from '../../../shared/leads';
import { asRecord } from '../driver-helpers';
import type { ListRow } from '../driver-types';
import { profilePath } from './endpoints';

/**
 * Instagram people as the web API lists them (`{pk, pk_id, username, full_name, is_private,
 * is_verified, profile_pic_url}`) and as web_profile_info shows them (biography, external_url, counts).
 *
 * The lead mapping: Instagram has no headline, and a Lead has no fields for the username, the
 * verified and private flags, the counts or a comment's time and likes, which the templates promise.
 * The headline, the one line under the name in the lead list and the CSV's Headline column, is that
 * summary (`@username · Verified · Private · 1,234 followers · 56 following`, `… · commented on
 * 2026-01-10 · 3 likes`); the bio goes to `description`, and for a commenter without a visited
 * profile the comment's text does.
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

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}`;

export function igHeadline(user: IgUser, engagement?: string): string {
  const parts = [`@${user.username}`];
  if (user.verified) parts.push('Verified');
  if (user.private) parts.push('Private');
  if (user.followers !== undefined) parts.push(count(user.followers, 'followers'));
  if (user.following !== undefined) parts.push(count(user.following, 'following'));
  if (engagement) parts.push(engagement);
  return parts.join(' · ');
}

/**
 * A listed Instagram user as a row. Private accounts are ordinary rows (their name and picture show in
 * lists) unless the template's "Skip private accounts" is on: then they are hidden, never stored.
 */
export function igRow(
  user: IgUser,
  skipPrivate: boolean,
  extra: { engagement?: string; description?: string; context?: ListRow['context'] } = {},
): ListRow {
  const description = user.bio ?? extra.description;
  return {
    id: user.id,
    name: user.name,
    hidden: user.private && skipPrivate,
    headline: igHeadline(user, extra.engagement),
    profileUrl: profilePath(user.username),
    ...(user.image ? { profileImage: user.image } : {}),
    ...(description ? { description } : {}),
    ...(user.website ? { website: user.website } : {}),
    context: {
      username: user.username,
      verified: user.verified,
      private: user.private,
      ...(user.followers === undefined ? {} : { followers: user.followers }),
      ...(user.following === undefined ? {} : { following: user.following }),
      ...extra.context,
    },
  };
}

/** What a visited profile adds to a lead: bio, website, counts in the headline, the full name. */
export function profileFields(user: IgUser): Partial<Lead> {
  return {
    name: user.name,
    headline: igHeadline(user),
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
