import type { Lead } from '../../../shared/leads';
import { SKILL_SEPARATOR } from '../../../shared/leads';
import type { PlatformPage } from '../browser';
import type { ListReader, ListRow, ProfileReader, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { listOf } from '../filters';
import { LINKEDIN_API } from './endpoints';
import { profilePath } from './profile';
import { findImage } from './search-results';
import { handleOf, type Normalized, profileIdIn, voyagerGet } from './voyager';

/**
 * The profile collector: a list of profile URLs, not a platform list. Each "page" of its list is ONE
 * configured URL (repeats removed, in the order given) visited with the full-profile call, so the
 * engine's one governor take per page read is exactly one 'profile-views' take per visit.
 *
 * The row carries what a ListRow can: name, headline, location, picture, degree, website, and the
 * about text as `description` when 'about' is chosen. Title and company (experience) and skills have
 * no ListRow field, so when 'experience' or 'skills' is chosen the driver asks for the enrichment
 * phase, whose reader answers from what the visit already read (kept in memory for the segment), and
 * visits again only when the segment that read it has ended. A profile LinkedIn does not show (404,
 * or no name: "LinkedIn Member") is a hidden row, counted and reported as such, never stored.
 */

export type ProfileSection = 'about' | 'experience' | 'education' | 'skills';

/** The handles of the configured URLs, repeats removed (case, trailing slash, query, subdomain). */
export function profileHandles(config: TrobConfig): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of listOf(config, 'profileSettings', 'profileUrls')) {
    const handle = handleOf(url);
    if (!handle || seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    out.push(handle);
  }
  return out;
}

export function sectionsOf(config: TrobConfig): Set<ProfileSection> {
  // The start fills the template's default (about, experience); an empty list asks for no section.
  return new Set(listOf(config, 'profileSettings', 'sections') as ProfileSection[]);
}

/** The details a section adds beyond the list row: title and company, skills. */
interface Details {
  title?: string;
  company?: string;
  skills?: string;
}

export interface ParsedProfile {
  row: ListRow;
  about?: string;
  details: Details;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const typeIs = (item: Record<string, unknown>, suffix: string) => String(item.$type ?? '').endsWith(suffix);

const DISTANCE: Record<string, string> = {
  DISTANCE_1: '1st',
  DISTANCE_2: '2nd',
  DISTANCE_3: '3rd+',
  OUT_OF_NETWORK: '3rd+',
};

function degreeOf(profile: Record<string, unknown>): string | undefined {
  const union = (
    profile.memberRelationship as { memberRelationshipUnion?: Record<string, unknown> } | undefined
  )?.memberRelationshipUnion;
  if (!union) return undefined;
  if (union.connection) return '1st';
  const distance = (union.noConnection as { memberDistance?: string } | undefined)?.memberDistance;
  return distance ? DISTANCE[distance] : undefined;
}

/** The full-profile answer (FullProfileWithEntities) read into a row and its section details. */
export function parseFullProfile(body: Normalized, handle: string): ParsedProfile | undefined {
  const items = body.included ?? [];
  const wanted = handle.toLowerCase();
  const profile =
    items.find((i) => typeIs(i, '.Profile') && String(i.publicIdentifier ?? '').toLowerCase() === wanted) ??
    items.find((i) => typeIs(i, '.Profile'));
  const id = profileIdIn(profile?.entityUrn);
  if (!profile || !id) return undefined;
  const positions = items.filter((i) => typeIs(i, '.Position'));
  const current = positions.find((p) => !(p.dateRange as { end?: unknown } | undefined)?.end) ?? positions[0];
  const skills = items
    .filter((i) => typeIs(i, '.Skill'))
    .map((s) => str(s.name))
    .filter((s): s is string => !!s);
  const name = [str(profile.firstName), str(profile.lastName)].filter(Boolean).join(' ');
  const publicId = str(profile.publicIdentifier) ?? handle;
  const hidden = !name || name === LINKEDIN_API.hiddenName;
  const websites = (profile.websites as Array<{ url?: string }> | undefined) ?? [];
  const degree = degreeOf(profile);
  return {
    row: {
      id,
      name: name || LINKEDIN_API.hiddenName,
      hidden,
      headline: str(profile.headline),
      location: str(profile.locationName) ?? str(current?.locationName),
      ...(hidden ? {} : { profileUrl: `/in/${encodeURIComponent(publicId)}/` }),
      profileImage: findImage(profile.profilePicture),
      ...(degree ? { connectionDegree: degree } : {}),
      website: str(websites[0]?.url) ?? str(profile.website),
    },
    about: str(profile.summary),
    details: {
      title: str(current?.title),
      company: str(current?.companyName),
      skills: skills.length ? skills.join(SKILL_SEPARATOR) : undefined,
    },
  };
}

/** What the chosen sections keep of the details. */
export function detailsFor(details: Details, sections: ReadonlySet<ProfileSection>): Partial<Lead> {
  const out: Partial<Lead> = {};
  if (sections.has('experience')) {
    if (details.title) out.title = details.title;
    if (details.company) out.company = details.company;
  }
  if (sections.has('skills') && details.skills) out.skills = details.skills;
  return out;
}

/** Experience and skills need the enrichment phase: a ListRow has no field for them. */
export function wantsDetails(config: TrobConfig): boolean {
  const sections = sectionsOf(config);
  return sections.has('experience') || sections.has('skills');
}

async function visit(page: PlatformPage, csrf: string, handle: string): Promise<ParsedProfile | undefined> {
  try {
    return parseFullProfile(await voyagerGet(page, profilePath(handle), csrf), handle);
  } catch (error) {
    if (error instanceof PlatformStop && error.reason === 'not-found') return undefined;
    throw error;
  }
}

/**
 * The collector's list and its detail reader, sharing what the visits read. `sections` is the config's
 * choice, known from the list reads and from wantsEnrichment (the engine asks it before the first
 * detail read of the segment that finishes the list).
 */
export function profileCollector(csrf: string): {
  list: ListReader;
  profile: ProfileReader;
  wantsEnrichment(config: TrobConfig): boolean;
} {
  const read = new Map<string, Details>();
  let sections: Set<ProfileSection> | undefined;

  const list: ListReader = {
    action: 'profile-views',
    noun: 'profiles',
    async read(page, cursor, config) {
      sections = sectionsOf(config);
      const handles = profileHandles(config);
      const index = Math.max(0, Number(cursor ?? 0) || 0);
      const handle = handles[index];
      if (!handle) return { rows: [], total: handles.length };
      const parsed = await visit(page, csrf, handle);
      const next = index + 1 < handles.length ? { next: String(index + 1) } : {};
      if (!parsed) {
        // Reported with the hidden ones: LinkedIn shows no such profile to this account.
        return {
          rows: [
            {
              id: `unreachable:${handle}`,
              name: handle,
              hidden: true,
              context: { unreachable: true, handle },
            },
          ],
          ...next,
          total: handles.length,
        };
      }
      read.set(parsed.row.id, parsed.details);
      const row: ListRow = {
        ...parsed.row,
        ...(sections.has('about') && parsed.about ? { description: parsed.about } : {}),
      };
      return { rows: [row], ...next, total: handles.length };
    },
  };

  const profile: ProfileReader = {
    action: 'profile-views',
    async read(page, lead) {
      let details = read.get(lead.id);
      if (!details) {
        const handle = handleOf(lead.profileUrl);
        const parsed = handle ? await visit(page, csrf, handle) : undefined;
        if (!parsed) return undefined;
        details = parsed.details;
      }
      // Known from this segment's list reads or wantsEnrichment; a segment that starts in the
      // enrichment phase learns it after its first detail read, which keeps both detail sections.
      return detailsFor(details, sections ?? new Set<ProfileSection>(['experience', 'skills']));
    },
  };

  return {
    list,
    profile,
    wantsEnrichment(config) {
      sections = sectionsOf(config);
      return wantsDetails(config);
    },
  };
}
