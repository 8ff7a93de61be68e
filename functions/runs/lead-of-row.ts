import type { Lead } from '../../shared/leads';
import type { ListRow } from '../platforms/driver-types';

/** A listed row as a lead: absolute URLs, the extraction time, nothing the list did not show. */
export function leadOf(row: ListRow, baseUrl: string, extractedAt: string): Lead {
  const absolute = (url: string | undefined) => (url ? new URL(url, baseUrl).toString() : undefined);
  const lead: Lead = {
    id: row.id,
    profileId: row.id,
    name: row.name,
    profileUrl: absolute(row.profileUrl) ?? '#',
    extractedAt,
  };
  const optional: Partial<Lead> = {
    profileImage: absolute(row.profileImage),
    headline: row.headline,
    location: row.location,
    connectionDegree: row.connectionDegree,
    website: row.website,
    description: row.description,
    title: row.title,
    company: row.company,
    skills: row.skills,
  };
  for (const [key, value] of Object.entries(optional))
    if (value) (lead as unknown as Record<string, unknown>)[key] = value;
  return lead;
}
