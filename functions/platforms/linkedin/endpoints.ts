/**
 * Every LinkedIn endpoint, query id, decoration id and header the drivers use, in one place
 * (platform-notes.md): when LinkedIn rotates one, this is the one edit. The sandbox LinkedIn serves
 * the same values (scripts/sandbox-platforms/linkedin.ts).
 */
export const LINKEDIN_API = {
  prefix: '/voyager/api',
  graphql: '/voyager/api/graphql',
  connections: '/voyager/api/relationships/dash/connections',
  profiles: '/voyager/api/identity/dash/profiles',
  companies: '/voyager/api/organization/companies',
  queryIds: {
    searchClusters: 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    organizationFollowers: 'voyagerOrganizationDashFollowers.e7a7a52c2e6f0bd9a8b3d5c7f2f0f1c6',
    reactions: 'voyagerSocialDashReactions.41ebf31a6a9a3a1f8e8f5b0c0d1b9f6e',
    comments: 'voyagerSocialDashComments.95ed44bc87596acce7c460c70934d0ff',
    /** Geo and company ids for the people search's geoUrn and currentCompany filters. */
    typeahead: 'voyagerSearchDashReusableTypeahead.4c13caf9ab4e9a4df3b9c2f2ad8a4c35',
  },
  /** The key under `data.data` of each query's answer. */
  graphqlRoots: {
    searchClusters: 'searchDashClustersByAll',
    typeahead: 'searchDashReusableTypeaheadByType',
    organizationFollowers: 'organizationDashFollowersByOrganizationalPage',
    reactions: 'socialDashReactionsByReactionType',
    comments: 'socialDashCommentsBySocialDetail',
  },
  decorations: {
    connections: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
    fullProfile: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
    company: 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12',
  },
  pageSizes: { followers: 50, connections: 40, search: 10, reactions: 10, comments: 10 },
  /** Replies the comments query brings along with each top-level comment. */
  commentReplies: 10,
  /** A post's own page (server-rendered): /feed/update/urn:li:activity:<id>/ */
  postPage: '/feed/update/',
  /** The post's author on its page: the actor link of the update card. */
  postActorLink: /class="[^"]*update-components-actor__[a-z-]*"[^>]*href="[^"]*\/in\/([^/"?#]+)/,
  /** What lists show instead of a person LinkedIn hides. */
  hiddenName: 'LinkedIn Member',
  /** LinkedIn stops search-based lists (followers, people search) at about this many. */
  searchCap: 1000,
  headers: {
    accept: 'application/vnd.linkedin.normalized+json+2.1',
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
  },
  csrfHeader: 'csrf-token',
  /** A light signed-in page to open the session on. */
  landingPath: '/feed/',
  challengeMarks: ['/checkpoint', '/challenge'],
  loginMarks: ['/login', '/authwall', '/uas/login'],
} as const;

/** Rest.li needs these percent-encoded inside a value. */
export function restliValue(value: string): string {
  return encodeURIComponent(value).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function graphqlPath(queryId: string, variables: string): string {
  return `${LINKEDIN_API.graphql}?includeWebMetadata=true&variables=${variables}&queryId=${queryId}`;
}
