import type { Lead, LeadEngagement } from '../../../shared/leads';
import type { ListRow } from '../../platforms/driver-types';

/**
 * A listed row as a lead: absolute URLs, the extraction time, nothing the list did not show. The
 * fields of DECISIONS 26 are copied as the list gave them: a count of 0 and a flag that is false are
 * what the platform says, so they are kept; a blank text is not.
 */
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
    handle: row.handle,
  };
  for (const [key, value] of Object.entries(optional))
    if (value) (lead as unknown as Record<string, unknown>)[key] = value;
  if (isCount(row.followersCount)) lead.followersCount = row.followersCount;
  if (isCount(row.followingCount)) lead.followingCount = row.followingCount;
  if (typeof row.verified === 'boolean') lead.verified = row.verified;
  if (typeof row.isPrivate === 'boolean') lead.isPrivate = row.isPrivate;
  const engagement = row.engagement && engagementOf(row.engagement);
  if (engagement) lead.engagement = engagement;
  return lead;
}

const isCount = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The engagement without blank parts (DynamoDB items keep no empty texts). */
function engagementOf(engagement: LeadEngagement): LeadEngagement {
  const text = engagement.text?.trim();
  return {
    type: engagement.type,
    ...(text ? { text } : {}),
    ...(engagement.at ? { at: engagement.at } : {}),
  };
}
