import type { Lead } from '../../../shared/leads';
import { SKILL_SEPARATOR } from '../../../shared/leads';
import type { PlatformPage } from '../browser';
import type { ProfileReader } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { LINKEDIN_API } from './endpoints';
import { findImage } from './search-results';
import { handleOf, voyagerGet } from './voyager';

/**
 * Profile enrichment: /identity/dash/profiles by the public identifier, FullProfileWithEntities
 * decoration. Title and company come from the current position (the first without an end date),
 * skills from the Skill entities, the website from the profile's websites.
 */
export function profilePath(handle: string): string {
  return `${LINKEDIN_API.profiles}?q=memberIdentity&memberIdentity=${encodeURIComponent(handle)}&decorationId=${LINKEDIN_API.decorations.fullProfile}`;
}

const typeIs = (item: Record<string, unknown>, suffix: string) => String(item.$type ?? '').endsWith(suffix);

export function profileReader(csrf: string): ProfileReader {
  return {
    action: 'profile-views',
    read: (page, lead) => readProfile(page, csrf, lead.profileUrl),
  };
}

/**
 * The fields a profile shows, read by its public identifier (the handle in its URL); undefined when
 * the URL has none or the profile is not visible. Trob enrichment and a flow's profile read share it.
 */
export async function readProfile(
  page: PlatformPage,
  csrf: string,
  profileUrl: string | undefined,
): Promise<Partial<Lead> | undefined> {
  const handle = handleOf(profileUrl);
  if (!handle) return undefined;
  let body: Awaited<ReturnType<typeof voyagerGet>>;
  try {
    body = await voyagerGet(page, profilePath(handle), csrf);
  } catch (error) {
    if (error instanceof PlatformStop && error.reason === 'not-found') return undefined;
    throw error;
  }
  const items = body.included ?? [];
  const profile = items.find(
    (i) => typeIs(i, '.Profile') && (i.publicIdentifier === handle || !i.publicIdentifier),
  );
  if (!profile) return undefined;
  const positions = items.filter((i) => typeIs(i, '.Position'));
  const current = positions.find((p) => !(p.dateRange as { end?: unknown } | undefined)?.end) ?? positions[0];
  const skills = items
    .filter((i) => typeIs(i, '.Skill'))
    .map((s) => String(s.name ?? ''))
    .filter(Boolean);
  const websites = (profile.websites as Array<{ url?: string }> | undefined) ?? [];
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const out: Partial<Lead> = {
    name: [str(profile.firstName), str(profile.lastName)].filter(Boolean).join(' ') || undefined,
    headline: str(profile.headline),
    description: str(profile.summary),
    location: str(profile.locationName) ?? str(current?.locationName),
    title: str(current?.title),
    company: str(current?.companyName),
    skills: skills.length ? skills.join(SKILL_SEPARATOR) : undefined,
    website: str(websites[0]?.url) ?? str(profile.website),
    profileImage: findImage(profile.profilePicture),
  };
  return out;
}
