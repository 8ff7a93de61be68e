import type { PlatformPage } from '../browser';
import type { ListReader, TrobConfig } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { graphqlPath, LINKEDIN_API, restliValue } from './endpoints';
import { readSearchClusters } from './search-results';
import { byUrn, type Normalized, profileIdIn, voyagerGet } from './voyager';

/**
 * The follower extractor's list: the account's own followers (the My Network curation hub, a
 * search-based list capped at about 1,000), or the followers of a company page the account
 * administers (voyagerOrganizationDashFollowers, paged with a total).
 */
function companySlug(config: TrobConfig): string | undefined {
  const url = (config.targetSettings as { companyPageUrl?: string } | undefined)?.companyPageUrl;
  const match = /\/company\/([^/?#]+)/.exec(url ?? '');
  return match?.[1];
}

export function ownFollowersPath(start: number, count: number): string {
  const variables =
    `(start:${start},origin:CurationHub,query:(flagshipSearchIntent:MYNETWORK_CURATION_HUB,` +
    `queryParameters:List((key:resultType,value:List(FOLLOWERS)))),count:${count})`;
  return graphqlPath(LINKEDIN_API.queryIds.searchClusters, variables);
}

export function companyFollowersPath(organizationUrn: string, start: number, count: number): string {
  return graphqlPath(
    LINKEDIN_API.queryIds.organizationFollowers,
    `(start:${start},count:${count},organizationalPage:${restliValue(organizationUrn)})`,
  );
}

export function followersReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'followers',
    capWords: (cap) => `LinkedIn lists at most ${cap.toLocaleString('en-US')}`,
    async read(page, cursor, config) {
      const start = Number(cursor ?? 0);
      const count = LINKEDIN_API.pageSizes.followers;
      const slug = companySlug(config);
      if (!slug)
        return readSearchClusters(await voyagerGet(page, ownFollowersPath(start, count), csrf), start, count);
      const organizationUrn = await organizationalPageOf(page, slug, csrf);
      const body = await voyagerGet(page, companyFollowersPath(organizationUrn, start, count), csrf);
      return readCompanyFollowers(body, start);
    },
  };
}

/** The company page's organizational page URN, from its slug; only its admins may read its followers. */
async function organizationalPageOf(page: PlatformPage, slug: string, csrf: string): Promise<string> {
  const path = `${LINKEDIN_API.companies}?q=universalName&universalName=${encodeURIComponent(slug)}&decorationId=${LINKEDIN_API.decorations.company}`;
  const body = await voyagerGet(page, path, csrf);
  const company = (body.included ?? []).find((item) => typeof item.dashOrganizationalPageUrn === 'string');
  if (!company) throw new PlatformStop('not-found', `LinkedIn has no company page '${slug}'`);
  const permissions = company.viewerPermissions as { canReadFollowers?: boolean } | undefined;
  if (permissions?.canReadFollowers === false) {
    throw new PlatformStop('not-found', 'LinkedIn shows a page’s followers to its admins only');
  }
  return String(company.dashOrganizationalPageUrn);
}

function readCompanyFollowers(body: Normalized, start: number) {
  const inner = (body.data?.data as Record<string, unknown> | undefined)
    ?.organizationDashFollowersByOrganizationalPage as
    | { paging?: { total?: number }; elements?: Array<{ followerV2?: Record<string, unknown> }> }
    | undefined;
  if (!inner) throw new PlatformStop('not-found', 'LinkedIn shows this page’s followers to its admins only');
  const included = byUrn(body);
  const rows = (inner.elements ?? []).flatMap((element) => {
    const ref = element.followerV2?.['*profile'];
    const profile = typeof ref === 'string' ? included.get(ref) : undefined;
    const id = profileIdIn(ref);
    if (!profile || !id) return [];
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    const handle = typeof profile.publicIdentifier === 'string' ? profile.publicIdentifier : undefined;
    return [
      {
        id,
        name: name || 'LinkedIn Member',
        hidden: !name || !handle,
        headline: typeof profile.headline === 'string' ? profile.headline : undefined,
        ...(handle ? { profileUrl: `/in/${encodeURIComponent(handle)}/` } : {}),
      },
    ];
  });
  const total = inner.paging?.total;
  const end = start + (inner.elements ?? []).length;
  const more = rows.length > 0 && (total === undefined || end < total);
  return { rows, ...(more ? { next: String(end) } : {}), ...(total === undefined ? {} : { total }) };
}
