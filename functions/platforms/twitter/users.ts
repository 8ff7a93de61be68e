import type { LeadEngagement } from '../../../shared/leads';
import { asRecord } from '../driver-helpers';
import type { ListRow } from '../driver-types';
import { profilePath } from './endpoints';

/**
 * An X user as GraphQL answers it, in either shape: since 2026 `legacy` is null and the fields live in
 * `core`, `avatar`, `location`, `privacy`, `profile_bio`, `relationship_counts`, `website`; older
 * answers had them in `legacy{screen_name, name, description, followers_count, ...}`.
 */
export interface TwitterUser {
  id: string;
  handle: string;
  name: string;
  bio?: string;
  location?: string;
  website?: string;
  image?: string;
  followers?: number;
  following?: number;
  verified: boolean;
  protected: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A `user_results.result` (or `data.user.result`); undefined for UserUnavailable and the like. */
export function twitterUserOf(result: unknown): TwitterUser | undefined {
  const r = asRecord(result);
  if (r.__typename !== undefined && r.__typename !== 'User') return undefined;
  const legacy = asRecord(r.legacy);
  const core = asRecord(r.core);
  const id = str(r.rest_id) ?? str(legacy.id_str);
  const handle = str(core.screen_name) ?? str(legacy.screen_name);
  if (!id || !handle) return undefined;
  const urls = asRecord(asRecord(legacy.entities).url).urls;
  const legacyUrls = Array.isArray(urls) ? (urls as Array<{ expanded_url?: unknown }>) : [];
  return {
    id,
    handle,
    name: str(core.name) ?? str(legacy.name) ?? handle,
    bio: str(asRecord(r.profile_bio).description) ?? str(legacy.description),
    location: str(asRecord(r.location).location) ?? str(legacy.location),
    website: str(asRecord(r.website).url) ?? str(legacyUrls[0]?.expanded_url) ?? str(legacy.url),
    image: str(asRecord(r.avatar).image_url) ?? str(legacy.profile_image_url_https),
    followers: num(asRecord(r.relationship_counts).followers) ?? num(legacy.followers_count),
    following: num(asRecord(r.relationship_counts).following) ?? num(legacy.friends_count),
    verified:
      r.is_blue_verified === true || asRecord(r.verification).verified === true || legacy.verified === true,
    protected: asRecord(r.privacy).protected === true || legacy.protected === true,
  };
}

/**
 * A listed X user as a row (DECISIONS 26): X has no headline, so none is made up; the bio is the
 * lead's `description` (the profile's "about" text, as LinkedIn's summary is); the handle, the counts,
 * the verified and protected flags and, for a post engager, how they engaged are fields of their own.
 * Protected accounts are ordinary rows (their name and bio show in lists) unless the template's "Skip
 * protected accounts" is on: then they are hidden, never stored.
 */
export function twitterRow(user: TwitterUser, skipProtected: boolean, engagement?: LeadEngagement): ListRow {
  return {
    id: user.id,
    name: user.name,
    hidden: user.protected && skipProtected,
    profileUrl: profilePath(user.handle),
    handle: user.handle,
    verified: user.verified,
    isPrivate: user.protected,
    ...(user.followers === undefined ? {} : { followersCount: user.followers }),
    ...(user.following === undefined ? {} : { followingCount: user.following }),
    ...(engagement ? { engagement } : {}),
    ...(user.image ? { profileImage: user.image } : {}),
    ...(user.bio ? { description: user.bio } : {}),
    ...(user.location ? { location: user.location } : {}),
    ...(user.website ? { website: user.website } : {}),
  };
}
