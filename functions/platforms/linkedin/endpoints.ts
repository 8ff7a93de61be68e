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
  queryIds: {
    searchClusters: 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    organizationFollowers: 'voyagerOrganizationDashFollowers.7a1c3c1a5ad1b3f0b5a3a6c0b9e2d4f1',
    reactions: 'voyagerSocialDashReactions.cab8ae4ee6c5dd8a2d4b5e3d2c1f0a9b',
    comments: 'voyagerSocialDashComments.afec6d88d7810d45548797a8dac4fb87',
  },
  decorations: {
    connections: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
    fullProfile: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
  },
  pageSizes: { followers: 50, connections: 40, search: 10, reactions: 10, comments: 10 },
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
