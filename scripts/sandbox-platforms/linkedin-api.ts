import { avatarDataUrl, intParam, json, type Reply, type RequestContext, safeDecode } from './kit';
import { LINKEDIN } from './linkedin-config';
import { facetedSearch, facetMatcher, type PeopleFacets } from './linkedin-facets';
import {
  RestliSyntaxError,
  type RestliValue,
  rawQueryParam,
  restliInt,
  restliQueryParameters,
  restliRecord,
  restliString,
  restliVariables,
} from './restli';
import { linkedInIndustryId } from './words';
import { geoIdOf, type WorldIndex } from './world-index';
import { SANDBOX_EPOCH, type SandboxConnection, type SandboxPerson, type SandboxPost } from './world-types';

/**
 * The sandbox LinkedIn's JSON (Voyager) answers: the normalized envelope, `data` plus `included[]`
 * whose `*` keys are references resolved by `entityUrn`; GraphQL answers one level deeper
 * (`data.data.<root>`). Shapes from platform-notes.md; what the notes leave open is marked here.
 */

const T = LINKEDIN.types;
export type Entity = Record<string, unknown>;

export const degreeLabel = (d: number) => (d === 1 ? '1st' : d === 2 ? '2nd' : d === 3 ? '3rd+' : 'You');

export function memberDistance(d: number): string {
  return d === 0 ? 'SELF' : `DISTANCE_${d}`;
}

export function profileHref(p: SandboxPerson): string {
  return `${LINKEDIN.paths.profile}${encodeURIComponent(p.handle)}/`;
}

export const profileUrn = (p: SandboxPerson) => `urn:li:fsd_profile:${p.id}`;

/** The profile id in any URN that carries one (`urn:li:fsd_profile:<id>` inside). */
export function profileIdOfUrn(urn: string): string | undefined {
  return /urn:li:fsd_profile:([^,)]+)/.exec(urn)?.[1];
}

/** Four characters after the id in a share link, fixed per post. */
function shareSuffix(id: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let n = BigInt(id);
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += alphabet[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/** "Copy link to post": /posts/<handle>_<first words>-activity-<id>-<4 chars>/ */
export function postSharePath(post: SandboxPost, author: SandboxPerson): string {
  const words = post.text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .join('-');
  return `${LINKEDIN.paths.postShare}${author.handle}_${words}-activity-${post.id}-${shareSuffix(post.id)}/`;
}

/**
 * The post id of a post URL path or URN: /feed/update/urn:li:(activity|share|ugcPost):<id>/, a share
 * link /posts/...-activity-<id>-xxxx/, or an URN such as a threadUrn or a socialDetailUrn.
 */
export function postIdOf(text: string): string | undefined {
  const decoded = safeDecode(text);
  return (
    /urn:li:(?:activity|share|ugcPost):(\d+)/.exec(decoded)?.[1] ??
    /-activity-(\d+)(?:-|\/|$)/.exec(decoded)?.[1]
  );
}

/**
 * LinkedIn's `vectorImage`: a root URL and sized artifacts (root + fileIdentifyingUrlPathSegment). The
 * root is the avatar's data: URL up to its comma and each artifact's segment the SVG (kit.ts,
 * avatarDataUrl: LinkedIn's image host is https, a sandbox site is not).
 */
export function vectorImage(p: SandboxPerson): Entity {
  const expiresAt = (Math.floor(Date.now() / 86_400_000) + 30) * 86_400_000;
  const url = avatarDataUrl(p);
  const comma = url.indexOf(',') + 1;
  return {
    $type: 'com.linkedin.common.VectorImage',
    rootUrl: url.slice(0, comma),
    artifacts: [100, 200, 400].map((size) => ({
      $type: 'com.linkedin.common.VectorArtifact',
      width: size,
      height: size,
      expiresAt,
      fileIdentifyingUrlPathSegment: url.slice(comma),
    })),
  };
}

function profilePicture(p: SandboxPerson): Entity {
  return {
    displayImageReference: { vectorImage: vectorImage(p) },
    displayImageUrn: `urn:li:digitalmediaAsset:${p.id}`,
  };
}

/** The `image` of search rows and lockups: attributes with the profile picture. */
export function lockupImage(p: SandboxPerson): Entity {
  return {
    attributes: [
      {
        detailData: {
          nonEntityProfilePicture: { profileUrn: profileUrn(p), vectorImage: vectorImage(p) },
        },
      },
    ],
    accessibilityText: p.name,
  };
}

/** Where a hidden person's row points: a headless search, not their profile. */
function headlessUrl(ctx: RequestContext): string {
  return `${ctx.baseUrl}${LINKEDIN.paths.headlessSearch}?origin=OTHER&keywords=${encodeURIComponent(LINKEDIN.hiddenName)}`;
}

/** The short Profile of lists (connections, company followers, commenters). */
export function profileEntity(p: SandboxPerson): Entity {
  return {
    $type: T.profile,
    entityUrn: profileUrn(p),
    objectUrn: `urn:li:member:${p.memberId}`,
    publicIdentifier: p.handle,
    firstName: p.firstName,
    lastName: p.lastName,
    headline: p.headline,
    profilePicture: profilePicture(p),
  };
}

export function bad(message: string): Reply {
  return json({ status: 400, message }, 400);
}

export function collection(paging: Entity, rest: Entity): Entity {
  return {
    $type: T.collection,
    paging: { $type: 'com.linkedin.restli.common.CollectionMetadata', ...paging },
    ...rest,
  };
}

export function graphqlAnswer(root: string, value: Entity, included: Entity[]): Reply {
  return json({
    data: { data: { [root]: value }, $type: 'com.linkedin.restli.common.GraphQLResponse' },
    included,
  });
}

// ---------------------------------------------------------------------------------------------------
// /voyager/api/me and connections

/** Who am I; `premium` is the account's tier (the sandbox owner's is premium, the free account's not). */
export function me(ctx: RequestContext, premium = false): Reply {
  const p = ctx.me;
  const urn = `urn:li:fs_miniProfile:${p.id}`;
  return json({
    data: {
      $type: 'com.linkedin.voyager.common.Me',
      '*miniProfile': urn,
      plainId: Number(p.memberId),
      premiumSubscriber: premium,
    },
    included: [
      {
        $type: T.miniProfile,
        entityUrn: urn,
        dashEntityUrn: profileUrn(p),
        objectUrn: `urn:li:member:${p.memberId}`,
        publicIdentifier: p.handle,
        firstName: p.firstName,
        lastName: p.lastName,
        occupation: p.headline,
        picture: null,
        trackingId: Buffer.from(p.id).toString('base64').slice(0, 24),
      },
    ],
  });
}

const CONNECTION_SORTS: Record<string, (a: SandboxPerson, b: SandboxPerson) => number> = {
  FIRSTNAME_LASTNAME: (a, b) =>
    a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName),
  LASTNAME_FIRSTNAME: (a, b) =>
    a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
};

/**
 * `/relationships/dash/connections?decorationId&count&q=search&sortType&start`: no total, the caller
 * pages until `*elements` is empty. sortType RECENTLY_ADDED (default), FIRSTNAME_LASTNAME or
 * LASTNAME_FIRSTNAME. A decorationId other than LINKEDIN.decorationIds.connections answers 400;
 * none at all is accepted.
 */
export function connectionsApi(
  ctx: RequestContext,
  connections: readonly SandboxConnection[] = ctx.index.world.connections[ctx.me.id] ?? [],
): Reply {
  const decoration = ctx.url.searchParams.get('decorationId');
  if (decoration !== null && decoration !== LINKEDIN.decorationIds.connections)
    return bad(`Unknown decorationId ${decoration}`);
  const start = intParam(ctx.url, 'start', 0);
  const count = Math.max(1, intParam(ctx.url, 'count', 40, LINKEDIN.pageSizes.connectionsCountMax));
  const sortType = ctx.url.searchParams.get('sortType') ?? 'RECENTLY_ADDED';
  let all = connections;
  const sort = CONNECTION_SORTS[sortType];
  if (sort) {
    all = [...all].sort((a, b) => sort(ctx.index.person(a.personId)!, ctx.index.person(b.personId)!));
  } else if (sortType !== 'RECENTLY_ADDED') return bad(`Unknown sortType ${sortType}`);
  const slice = all.slice(start, start + count);
  return json({
    data: {
      paging: { start, count, links: [] },
      '*elements': slice.map((c) => `urn:li:fsd_connection:${c.personId}`),
    },
    included: slice.flatMap((c) => {
      const p = ctx.index.person(c.personId)!;
      return [
        {
          $type: T.connection,
          entityUrn: `urn:li:fsd_connection:${p.id}`,
          createdAt: Date.parse(c.connectedAt),
          connectedMember: profileUrn(p),
          '*connectedMemberResolutionResult': profileUrn(p),
        },
        profileEntity(p),
      ];
    }),
  });
}

// ---------------------------------------------------------------------------------------------------
// /voyager/api/identity/dash/profiles?q=memberIdentity

function yearMonth(text: string): Entity {
  const [year, month] = text.split('-').map(Number);
  return { year, month };
}

/** The viewer's pending invitation to a member, as the profile's memberRelationship shows it. */
export interface PendingInvitation {
  id: string;
  sentAt: number;
}

/**
 * The full profile: included Profile (with `*profilePositions`, `*profileEducations`,
 * `*profileSkills` and `*industry` references, `geoLocation{*geo}`, `websites[]`,
 * `memberRelationship`), its Positions, Educations, Skills, Industry and Geo. Unknown members: 404.
 * A member the viewer invited shows the pending invitation under `noConnection.invitationUnion`.
 */
export function profileApi(
  ctx: RequestContext,
  pendingOf: (personId: string) => PendingInvitation | undefined = () => undefined,
): Reply {
  const { searchParams } = ctx.url;
  if (searchParams.get('q') !== 'memberIdentity') return bad('q must be memberIdentity');
  const decoration = searchParams.get('decorationId');
  if (decoration !== LINKEDIN.decorationIds.fullProfile) return bad(`Unknown decorationId ${decoration}`);
  const identity = searchParams.get('memberIdentity') ?? '';
  const p = ctx.index.byHandle(identity) ?? ctx.index.person(identity);
  if (!p) return json({ status: 404, message: 'Not Found' }, 404);
  const urn = profileUrn(p);
  const industryUrn = `urn:li:fsd_industry:${linkedInIndustryId(p.industry) ?? 0}`;
  const geoUrn = `urn:li:fsd_geo:${geoIdOf(p.location)}`;
  const positions: Entity[] = p.positions.map((pos, i) => ({
    $type: T.position,
    entityUrn: `urn:li:fsd_profilePosition:(${p.id},${i + 1})`,
    title: pos.title,
    companyName: pos.company,
    ...(pos.companyId ? { companyUrn: `urn:li:fsd_company:${pos.companyId}` } : {}),
    locationName: pos.location,
    description: pos.description,
    dateRange: { start: yearMonth(pos.start), ...(pos.end ? { end: yearMonth(pos.end) } : {}) },
  }));
  const educations: Entity[] = p.educations.map((e, i) => ({
    $type: T.education,
    entityUrn: `urn:li:fsd_profileEducation:(${p.id},${i + 1})`,
    schoolName: e.school,
    degreeName: e.degree,
    fieldOfStudy: e.fieldOfStudy,
    dateRange: { start: { year: e.startYear }, end: { year: e.endYear } },
  }));
  const skills: Entity[] = p.skills.map((name, i) => ({
    $type: T.skill,
    entityUrn: `urn:li:fsd_skill:(${p.id},${i + 1})`,
    name,
  }));
  const distance = ctx.index.distance(p.id);
  const pending = distance > 1 ? pendingOf(p.id) : undefined;
  const profile: Entity = {
    $type: T.profile,
    entityUrn: urn,
    objectUrn: `urn:li:member:${p.memberId}`,
    publicIdentifier: p.handle,
    firstName: p.firstName,
    lastName: p.lastName,
    headline: p.headline,
    summary: p.bio,
    locationName: p.location,
    geoLocation: { '*geo': geoUrn },
    '*industry': industryUrn,
    industryUrn,
    profilePicture: profilePicture(p),
    websites: p.website ? [{ url: p.website, category: 'PERSONAL' }] : [],
    memberRelationship: {
      memberRelationshipUnion:
        distance === 0
          ? { self: {} }
          : distance === 1
            ? { connection: { '*connection': `urn:li:fsd_connection:${p.id}` } }
            : {
                noConnection: {
                  memberDistance: memberDistance(distance),
                  ...(pending
                    ? {
                        invitationUnion: {
                          invitation: {
                            invitationUrn: `urn:li:fsd_invitation:${pending.id}`,
                            invitationState: 'PENDING',
                            sentTime: pending.sentAt,
                          },
                        },
                      }
                    : {}),
                },
              },
    },
    '*profilePositions': positions.map((e) => e.entityUrn),
    '*profileEducations': educations.map((e) => e.entityUrn),
    '*profileSkills': skills.map((e) => e.entityUrn),
  };
  return json({
    data: {
      $type: T.collection,
      paging: { start: 0, count: 10, total: 1 },
      '*elements': [urn],
    },
    included: [
      profile,
      ...positions,
      ...educations,
      ...skills,
      { $type: T.industry, entityUrn: industryUrn, name: p.industry },
      { $type: T.geo, entityUrn: geoUrn, defaultLocalizedName: p.location },
    ],
  });
}

// ---------------------------------------------------------------------------------------------------
// /voyager/api/organization/companies?q=universalName

/** A company page by its slug (`/company/<slug>/`): its id is the organizationalPage id. */
export function companiesApi(ctx: RequestContext): Reply {
  const { searchParams } = ctx.url;
  if (searchParams.get('q') !== 'universalName') return bad('q must be universalName');
  const decoration = searchParams.get('decorationId');
  if (decoration !== LINKEDIN.decorationIds.company) return bad(`Unknown decorationId ${decoration}`);
  const c = ctx.index.companyBySlug(searchParams.get('universalName') ?? '');
  const urn = c ? `urn:li:fs_normalized_company:${c.id}` : undefined;
  return json({
    data: {
      $type: T.collection,
      paging: { start: 0, count: 10, total: c ? 1 : 0 },
      '*elements': urn ? [urn] : [],
    },
    included: c
      ? [
          {
            $type: T.company,
            entityUrn: urn,
            dashCompanyUrn: `urn:li:fsd_company:${c.id}`,
            dashOrganizationalPageUrn: `urn:li:fsd_organizationalPage:${c.id}`,
            universalName: c.slug,
            name: c.name,
            url: `${ctx.baseUrl}${LINKEDIN.paths.company}${c.slug}/`,
            staffCount: c.employees,
            companyIndustries: [{ localizedName: c.industry }],
            headquarter: { city: c.location.split(',')[0] },
            followingInfo: { followerCount: c.followers.length },
            viewerPermissions: { canReadFollowers: c.adminIds.includes(ctx.me.id) },
          },
        ]
      : [],
  });
}

// ---------------------------------------------------------------------------------------------------
// /voyager/api/graphql

/**
 * People search's keywords as LinkedIn reads them: every term must match the start of a word of the
 * name, headline, company, location or industry; "quoted phrases" match whole, NOT excludes the next
 * term, OR joins groups (AND is the default).
 */
export function keywordMatcher(keywords: string): (text: string) => boolean {
  const groups: Array<Array<{ term: RegExp; not: boolean }>> = [[]];
  let not = false;
  for (const m of keywords.matchAll(/"([^"]*)"|(\S+)/g)) {
    const word = m[2];
    if (word === 'OR') {
      groups.push([]);
      continue;
    }
    if (word === 'AND') continue;
    if (word === 'NOT') {
      not = true;
      continue;
    }
    const term = (m[1] ?? word ?? '').toLowerCase().trim();
    if (term)
      groups.at(-1)!.push({
        term: new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'),
        not,
      });
    not = false;
  }
  const live = groups.filter((g) => g.length > 0);
  if (live.length === 0) return () => true;
  return (text) => live.some((g) => g.every(({ term, not: negated }) => term.test(text) !== negated));
}

/** Every keyword must appear in the name, headline, company, location or industry. */
export function searchPeople(index: WorldIndex, keywords: string): SandboxPerson[] {
  const matches = keywordMatcher(keywords);
  return index.world.people.filter((p) => {
    if (p.isOwner) return false;
    return matches(`${p.name} ${p.headline} ${p.company} ${p.location} ${p.industry}`.toLowerCase());
  });
}

const NETWORK_DISTANCE: Record<string, number> = { F: 1, S: 2, O: 3 };

function entityResultUrn(p: SandboxPerson, intent: string): string {
  return `urn:li:fsd_entityResultViewModel:(${profileUrn(p)},${intent},DEFAULT)`;
}

/** One search row. Hidden people: "LinkedIn Member", a headless link, no picture (id kept in the URN). */
function entityResult(ctx: RequestContext, p: SandboxPerson, intent: string): Entity {
  const distance = ctx.index.distance(p.id);
  return {
    $type: T.entityResult,
    entityUrn: entityResultUrn(p, intent),
    trackingUrn: `urn:li:member:${p.memberId}`,
    template: 'UNIVERSAL',
    title: { text: p.hidden ? LINKEDIN.hiddenName : p.name },
    primarySubtitle: { text: p.headline },
    secondarySubtitle: { text: p.location },
    badgeText: {
      text: `• ${degreeLabel(distance)}`,
      accessibilityText: `${degreeLabel(distance)} degree connection`,
    },
    navigationUrl: p.hidden ? headlessUrl(ctx) : `${ctx.baseUrl}${profileHref(p)}`,
    entityCustomTrackingInfo: { memberDistance: memberDistance(distance) },
    image: p.hidden ? null : lockupImage(p),
  };
}

function searchClusters(ctx: RequestContext, vars: { [key: string]: RestliValue }): Reply {
  const query = restliRecord(vars.query);
  const params = restliQueryParameters(query.queryParameters);
  const resultType = params.get('resultType')?.[0];
  const start = restliInt(vars.start, 0);
  const sizes = LINKEDIN.pageSizes;
  let list: SandboxPerson[];
  let count: number;
  let intent: string;
  let followingStates = false;
  if (resultType === 'FOLLOWERS') {
    list = (ctx.index.world.followers[ctx.me.id] ?? []).map((id) => ctx.index.person(id)!);
    count = Math.max(1, Math.min(restliInt(vars.count, sizes.followersCountMax), sizes.followersCountMax));
    intent = restliString(query.flagshipSearchIntent) ?? 'MYNETWORK_CURATION_HUB';
    followingStates = true;
  } else if (resultType === 'PEOPLE') {
    const keywords = restliString(query.keywords) ?? '';
    const F = LINKEDIN.facets;
    const facets: PeopleFacets = {
      keywords,
      industries: params.get(F.industry) ?? [],
      countries: params.get(F.country) ?? [],
      titles: params.get(F.title) ?? [],
      companySizes: params.get(F.companySize) ?? [],
    };
    // The faceted search reads keywords its own way and leaves hidden people out; the facets filter
    // any people search.
    list =
      restliString(vars.origin) === LINKEDIN.facetedOrigin
        ? facetedSearch(ctx.index, facets, ctx.me.id)
        : searchPeople(ctx.index, keywords).filter(facetMatcher(ctx.index, { ...facets, keywords: '' }));
    const network = params.get('network');
    const distances = network?.length ? new Set(network.map((n) => NETWORK_DISTANCE[n])) : undefined;
    const geos = params.get('geoUrn');
    const geoSet = geos?.length
      ? new Set(geos.map((g) => g.replace(/^urn:li:(?:fsd_)?geo:/, '')))
      : undefined;
    const companies = params.get('currentCompany');
    const companySet = companies?.length
      ? new Set(companies.map((c) => c.replace(/^urn:li:(?:fsd_)?company:/, '')))
      : undefined;
    list = list.filter(
      (p) =>
        (!distances || distances.has(ctx.index.distance(p.id))) &&
        (!geoSet || geoSet.has(geoIdOf(p.location))) &&
        (!companySet || companySet.has(p.companyId)),
    );
    count = Math.max(1, Math.min(restliInt(vars.count, sizes.searchCount), sizes.searchCountMax));
    intent = restliString(query.flagshipSearchIntent) ?? 'SEARCH_SRP';
  } else return bad(`Unsupported resultType ${resultType ?? '(none)'}`);

  const total = list.length;
  const cap = ctx.listCap > 0 ? ctx.listCap : Number.POSITIVE_INFINITY;
  const end = Math.min(start + count, total, cap);
  const page = start < end ? list.slice(start, end) : [];
  const included: Entity[] = [];
  for (const p of page) {
    const row = entityResult(ctx, p, intent);
    if (followingStates) {
      const stateUrn = `urn:li:fsd_followingState:urn:li:fsd_profile:${p.id}`;
      row['*followingState'] = stateUrn;
      included.push({
        $type: T.followingState,
        entityUrn: stateUrn,
        following: ctx.index.ownerFollows(p.id),
        followingType: ctx.index.ownerFollows(p.id) ? 'FOLLOWING' : 'DEFAULT',
      });
    }
    included.push(row);
  }
  return graphqlAnswer(
    LINKEDIN.graphqlRoots.searchClusters,
    collection(
      { start, count, total: Math.min(total, cap) },
      {
        metadata: {
          totalResultCount: total,
          $type: 'com.linkedin.voyager.dash.search.SearchClusterCollectionMetadata',
        },
        elements: page.length
          ? [
              {
                $type: T.searchCluster,
                items: page.map((p) => ({
                  $type: T.searchItem,
                  item: { '*entityResult': entityResultUrn(p, intent) },
                })),
              },
            ]
          : [],
      },
    ),
    included,
  );
}

/**
 * Typeahead for the search filters: `(keywords:Berl,query:(typeaheadUseCase:PEOPLE_SEARCH),type:GEO)`
 * (or `type:COMPANY`) → elements `{title.text, trackingUrn: urn:li:geo:<id> | urn:li:company:<id>}`.
 * The real answer carries more; the sandbox gives what the filters need.
 */
function typeahead(ctx: RequestContext, vars: { [key: string]: RestliValue }): Reply {
  const keywords = (restliString(vars.keywords) ?? '').toLowerCase();
  const type = restliString(vars.type) ?? 'GEO';
  let elements: Entity[];
  if (type === 'GEO') {
    const places = [...new Set(ctx.index.world.people.map((p) => p.location))].sort();
    elements = places
      .filter((place) => place.toLowerCase().includes(keywords))
      .map((place) => ({
        $type: T.typeahead,
        title: { text: place },
        trackingUrn: `urn:li:geo:${geoIdOf(place)}`,
        target: { '*geo': `urn:li:fsd_geo:${geoIdOf(place)}` },
      }));
  } else if (type === 'COMPANY') {
    elements = ctx.index.world.companies
      .filter((c) => c.name.toLowerCase().includes(keywords))
      .map((c) => ({
        $type: T.typeahead,
        title: { text: c.name },
        subtitle: { text: c.industry },
        trackingUrn: `urn:li:company:${c.id}`,
        target: { '*company': `urn:li:fsd_company:${c.id}` },
      }));
  } else return bad(`Unsupported typeahead type ${type}`);
  elements = elements.slice(0, 10);
  return graphqlAnswer(
    LINKEDIN.graphqlRoots.typeahead,
    collection({ start: 0, count: elements.length, total: elements.length }, { elements }),
    [],
  );
}

/** "3d", "2w", "5mo", "1yr": how LinkedIn shows when someone followed. */
function relativeTime(iso: string): string {
  const days = Math.max(0, Math.floor((SANDBOX_EPOCH - Date.parse(iso)) / 86_400_000));
  if (days < 7) return `${Math.max(1, days)}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}yr`;
}

/** A company page's followers: admins only (403 otherwise, 404 for an unknown page). */
function organizationFollowers(ctx: RequestContext, vars: { [key: string]: RestliValue }): Reply {
  const page = restliString(vars.organizationalPage) ?? '';
  const id =
    /urn:li:(?:fsd_organizationalPage|fsd_company|company|organization):(\d+)/.exec(page)?.[1] ?? page;
  const company = ctx.index.company(id);
  if (!company) return json({ status: 404, message: 'Not Found' }, 404);
  if (!company.adminIds.includes(ctx.me.id))
    return json({ status: 403, message: 'Only page admins can see the followers of this page.' }, 403);
  const sizes = LINKEDIN.pageSizes;
  const start = restliInt(vars.start, 0);
  const count = Math.max(
    1,
    Math.min(restliInt(vars.count, sizes.organizationFollowersCount), sizes.organizationFollowersCountMax),
  );
  const slice = company.followers.slice(start, start + count);
  return graphqlAnswer(
    LINKEDIN.graphqlRoots.organizationFollowers,
    collection(
      { start, count, total: company.followers.length },
      {
        elements: slice.map((f) => ({
          $type: T.organizationFollower,
          followerV2: { '*profile': `urn:li:fsd_profile:${f.personId}` },
          followedAt: { text: relativeTime(f.followedAt) },
        })),
      },
    ),
    slice.map((f) => profileEntity(ctx.index.person(f.personId)!)),
  );
}

function postOf(ctx: RequestContext, urn: string | undefined): SandboxPost | undefined {
  const id = urn ? postIdOf(urn) : undefined;
  return id ? ctx.index.post(id) : undefined;
}

/** Who reacted to a post, 10 a page by default; `reactionType:PRAISE` keeps one type. */
function reactions(ctx: RequestContext, vars: { [key: string]: RestliValue }): Reply {
  const post = postOf(ctx, restliString(vars.threadUrn));
  if (!post) return json({ status: 404, message: 'Not Found' }, 404);
  const only = restliString(vars.reactionType);
  const rows = post.likerIds
    .map((personId, i) => ({ person: ctx.index.person(personId)!, type: post.reactionTypes[i]! }))
    .filter((r) => !only || only === 'ALL' || r.type === only);
  const start = restliInt(vars.start, 0);
  const sizes = LINKEDIN.pageSizes;
  const count = Math.max(1, Math.min(restliInt(vars.count, sizes.reactionsCount), sizes.socialCountMax));
  const slice = rows.slice(start, start + count);
  const urnOf = (p: SandboxPerson) => `urn:li:fsd_reaction:(${profileUrn(p)},urn:li:activity:${post.id},0)`;
  return graphqlAnswer(
    LINKEDIN.graphqlRoots.reactions,
    collection({ start, count, total: rows.length }, { '*elements': slice.map((r) => urnOf(r.person)) }),
    slice.map(({ person: p, type }) => ({
      $type: T.reaction,
      entityUrn: urnOf(p),
      actorUrn: profileUrn(p),
      reactionType: type,
      reactorLockup: {
        title: { text: p.hidden ? LINKEDIN.hiddenName : p.name },
        subtitle: { text: p.headline },
        label: { text: degreeLabel(ctx.index.distance(p.id)) },
        ...(p.hidden ? {} : { navigationUrl: `${ctx.baseUrl}${profileHref(p)}` }),
        image: p.hidden ? null : lockupImage(p),
      },
    })),
  );
}

/** A post's comments (no replies in the sandbox world), oldest first; REVERSE_CHRONOLOGICAL reverses. */
function comments(ctx: RequestContext, vars: { [key: string]: RestliValue }): Reply {
  const post = postOf(ctx, restliString(vars.socialDetailUrn) ?? restliString(vars.threadUrn));
  if (!post) return json({ status: 404, message: 'Not Found' }, 404);
  const all =
    restliString(vars.sortOrder) === 'REVERSE_CHRONOLOGICAL' ? [...post.comments].reverse() : post.comments;
  const start = restliInt(vars.start, 0);
  const sizes = LINKEDIN.pageSizes;
  const count = Math.max(1, Math.min(restliInt(vars.count, sizes.commentsCount), sizes.socialCountMax));
  const slice = all.slice(start, start + count);
  const activity = `urn:li:activity:${post.id}`;
  const urnOf = (id: string) => `urn:li:fsd_comment:(${id},${activity})`;
  const included: Entity[] = [];
  const seen = new Set<string>();
  for (const c of slice) {
    const p = ctx.index.person(c.authorId)!;
    const legacyUrn = `urn:li:comment:(activity:${post.id},${c.id})`;
    included.push({
      $type: T.comment,
      entityUrn: urnOf(c.id),
      urn: legacyUrn,
      threadUrn: activity,
      commentary: { text: c.text },
      createdAt: Date.parse(c.createdAt),
      permalink: `${ctx.baseUrl}${LINKEDIN.paths.post}${post.id}/?commentUrn=${encodeURIComponent(legacyUrn)}`,
      commenter: {
        title: { text: p.name },
        subtitle: p.headline,
        navigationUrl: `${ctx.baseUrl}${profileHref(p)}`,
        actor: { '*profileUrn': profileUrn(p) },
        image: lockupImage(p),
        author: p.id === post.authorId,
      },
    });
    if (!seen.has(p.id)) {
      seen.add(p.id);
      included.push(profileEntity(p));
    }
  }
  return graphqlAnswer(
    LINKEDIN.graphqlRoots.comments,
    collection({ start, count, total: all.length }, { '*elements': slice.map((c) => urnOf(c.id)) }),
    included,
  );
}

export type GraphqlHandler = (ctx: RequestContext, vars: { [key: string]: RestliValue }) => Reply;
export type GraphqlQuery = keyof typeof LINKEDIN.queryIds;

/** The queries answered from the world alone; the others come with the site's state (linkedin.ts). */
const HANDLERS: Partial<Record<GraphqlQuery, GraphqlHandler>> = {
  searchClusters,
  typeahead,
  organizationFollowers,
  reactions,
  comments,
};

/** GET /voyager/api/graphql?includeWebMetadata=true&variables=(...)&queryId=<name>.<hash> */
export function graphql(
  ctx: RequestContext,
  more: Partial<Record<GraphqlQuery, GraphqlHandler>> = {},
): Reply {
  const queryId = safeDecode(rawQueryParam(ctx.url.search, 'queryId') ?? '');
  const entry = Object.entries(LINKEDIN.queryIds).find(([, id]) => id === queryId);
  if (!entry) return bad(`Unknown queryId ${queryId || '(none)'}`);
  let vars: { [key: string]: RestliValue };
  try {
    vars = restliVariables(ctx.url.search);
  } catch (error) {
    if (error instanceof RestliSyntaxError) return bad(error.message);
    throw error;
  }
  const name = entry[0] as GraphqlQuery;
  const handler = more[name] ?? HANDLERS[name];
  return handler ? handler(ctx, vars) : bad(`Unsupported queryId ${queryId}`);
}
