import { PLATFORM_TABLE } from '../../shared/platforms';

/**
 * The sandbox LinkedIn's contract in one object: cookie names, paths, GraphQL query ids, decoration
 * ids, `$type`s and page sizes (platform-notes.md). Query ids and decoration numbers rotate on the real
 * site: the drivers keep the same values in their own one place, and the sandbox answers 400 to any
 * other (a stale id), as LinkedIn does.
 */
export const LINKEDIN = {
  // The platform's own session cookies, from the one platform table (what the extension reads).
  sessionCookie: PLATFORM_TABLE.linkedin.cookies.session,
  csrfCookie: PLATFORM_TABLE.linkedin.cookies.csrf,
  csrfHeader: 'csrf-token',
  apiPrefix: '/voyager/api/',
  paths: {
    login: '/login',
    logout: '/m/logout',
    feed: '/feed/',
    post: '/feed/update/urn:li:activity:',
    /** Share links: /posts/<handle>_<words>-activity-<id>-<4 chars>/ */
    postShare: '/posts/',
    profile: '/in/',
    company: '/company/',
    connections: '/mynetwork/invite-connect/connections/',
    followers: '/mynetwork/network-manager/people-follow/followers/',
    peopleSearch: '/search/results/people/',
    /** Where a hidden person's ("LinkedIn Member") search result points instead of a profile. */
    headlessSearch: '/search/results/people/headless',
    challenge: '/checkpoint/challenge/',
    avatars: '/media/avatars/',
    me: '/voyager/api/me',
    connectionsApi: '/voyager/api/relationships/dash/connections',
    graphql: '/voyager/api/graphql',
    profilesApi: '/voyager/api/identity/dash/profiles',
    companiesApi: '/voyager/api/organization/companies',
  },
  /** `queryId=` of /voyager/api/graphql, `<name>.<32 hex>`. */
  queryIds: {
    /** People search (resultType PEOPLE) and the owner's followers (resultType FOLLOWERS). */
    searchClusters: 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    /** Geo and company ids for the people search's geoUrn and currentCompany filters. */
    typeahead: 'voyagerSearchDashReusableTypeahead.4c13caf9ab4e9a4df3b9c2f2ad8a4c35',
    /** A company page's followers (page admins only). */
    organizationFollowers: 'voyagerOrganizationDashFollowers.e7a7a52c2e6f0bd9a8b3d5c7f2f0f1c6',
    reactions: 'voyagerSocialDashReactions.41ebf31a6a9a3a1f8e8f5b0c0d1b9f6e',
    comments: 'voyagerSocialDashComments.95ed44bc87596acce7c460c70934d0ff',
  },
  /** The key under `data.data` of each query's answer. */
  graphqlRoots: {
    searchClusters: 'searchDashClustersByAll',
    typeahead: 'searchDashReusableTypeaheadByType',
    organizationFollowers: 'organizationDashFollowersByOrganizationalPage',
    reactions: 'socialDashReactionsByReactionType',
    comments: 'socialDashCommentsBySocialDetail',
  },
  decorationIds: {
    fullProfile: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
    connections: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
    company: 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12',
  },
  types: {
    collection: 'com.linkedin.restli.common.CollectionResponse',
    miniProfile: 'com.linkedin.voyager.identity.shared.MiniProfile',
    profile: 'com.linkedin.voyager.dash.identity.profile.Profile',
    position: 'com.linkedin.voyager.dash.identity.profile.Position',
    education: 'com.linkedin.voyager.dash.identity.profile.Education',
    skill: 'com.linkedin.voyager.dash.identity.profile.Skill',
    industry: 'com.linkedin.voyager.dash.common.Industry',
    geo: 'com.linkedin.voyager.dash.common.Geo',
    connection: 'com.linkedin.voyager.dash.relationships.Connection',
    company: 'com.linkedin.voyager.organization.Company',
    searchCluster: 'com.linkedin.voyager.dash.search.SearchClusterViewModel',
    searchItem: 'com.linkedin.voyager.dash.search.SearchItem',
    entityResult: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    followingState: 'com.linkedin.voyager.dash.feed.FollowingState',
    typeahead: 'com.linkedin.voyager.dash.search.TypeaheadViewModel',
    organizationFollower: 'com.linkedin.voyager.dash.organization.OrganizationFollower',
    reaction: 'com.linkedin.voyager.dash.social.Reaction',
    comment: 'com.linkedin.voyager.dash.social.Comment',
  },
  /** Shown instead of a hidden person's name in lists. */
  hiddenName: 'LinkedIn Member',
  pageSizes: {
    connections: 40,
    followers: 50,
    search: 10,
    searchMaxPages: 100,
    /** JSON `count` defaults and maxima. */
    searchCount: 10,
    searchCountMax: 49,
    followersCountMax: 50,
    organizationFollowersCount: 20,
    organizationFollowersCountMax: 100,
    reactionsCount: 10,
    commentsCount: 10,
    socialCountMax: 100,
    connectionsCountMax: 40,
  },
} as const;
