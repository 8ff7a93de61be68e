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
    /** The account's pending sent invitations (a page, and its JSON). */
    sentInvitations: '/mynetwork/invitation-manager/sent/',
    sentInvitationsApi: '/voyager/api/relationships/sentInvitationViewsV2',
    /** POST `?action=verifyQuotaAndCreateV2`: invite, with an optional note. */
    invitationsCreateApi: '/voyager/api/voyagerRelationshipsDashMemberRelationships',
    /** POST `/<urn:li:fsd_invitation:ID, percent-encoded>?action=withdraw` `{invitationType}`: withdraw one. */
    invitationsApi: '/voyager/api/voyagerRelationshipsDashInvitations',
    /** POST `?threadUrn=urn:li:activity:<id>` `{reactionType}`: react to a post. */
    reactionsCreateApi: '/voyager/api/voyagerSocialDashReactions',
    /** POST `{commentary:{text}, threadUrn}`: comment on a post. */
    commentsCreateApi: '/voyager/api/voyagerSocialDashNormComments',
    /** POST `?action=createMessage`: message a 1st-degree connection. */
    messagesCreateApi: '/voyager/api/voyagerMessagingDashMessengerMessages',
    /** The messaging GraphQL (its own query ids): conversations with their messages. */
    messagingGraphql: '/voyager/api/voyagerMessagingGraphQL/graphql',
    /** The account's message threads (a page). */
    messaging: '/messaging/',
  },
  /** The `?action=` of the write calls. */
  actions: {
    invite: 'verifyQuotaAndCreateV2',
    withdraw: 'withdraw',
    createMessage: 'createMessage',
  },
  /**
   * The faceted people search (what the search's filter pills send, `origin:FACETED_SEARCH`): keywords
   * must all be found in the name, headline, title, company or skills, people LinkedIn hides are left
   * out, and these queryParameters keys filter (linkedin-facets.ts).
   */
  facetedOrigin: 'FACETED_SEARCH',
  facets: {
    /** LinkedIn industry ids. */
    industry: 'industry',
    /** ISO country codes of the people's locations. */
    country: 'countryCode',
    /** Phrases of the current title. */
    title: 'title',
    /** LinkedIn's size letters B (1-10) to I (10,001+). */
    companySize: 'companySize',
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
    /** A member's recent posts (their activity), `(count,start,profileUrn)`. */
    profileUpdates: 'voyagerFeedDashProfileUpdates.6cd388181a7eda2af7f971c0faf5476d',
  },
  /** `queryId=` of the messaging GraphQL (paths.messagingGraphql). */
  messagingQueryIds: {
    /** `(mailboxUrn,recipients:List(urn))`: the account's conversations with those people. */
    conversations: 'messengerConversations.d401357a2e62e404a52149ce96ef3139',
  },
  messagingRoots: {
    conversations: 'messengerConversationsByRecipients',
  },
  /** The key under `data.data` of each query's answer. */
  graphqlRoots: {
    searchClusters: 'searchDashClustersByAll',
    typeahead: 'searchDashReusableTypeaheadByType',
    organizationFollowers: 'organizationDashFollowersByOrganizationalPage',
    reactions: 'socialDashReactionsByReactionType',
    comments: 'socialDashCommentsBySocialDetail',
    profileUpdates: 'feedDashProfileUpdatesByMemberShareFeed',
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
    update: 'com.linkedin.voyager.dash.feed.Update',
    socialDetail: 'com.linkedin.voyager.dash.social.SocialDetail',
    socialActivityCounts: 'com.linkedin.voyager.dash.feed.SocialActivityCounts',
    invitation: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
    invitationView: 'com.linkedin.voyager.relationships.invitation.InvitationView',
    createInvitation: 'com.linkedin.voyager.dash.relationships.invitation.CreateInvitationResponse',
    conversation: 'com.linkedin.messenger.Conversation',
    message: 'com.linkedin.messenger.Message',
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
    profileUpdatesCount: 10,
    profileUpdatesCountMax: 20,
    sentInvitationsCount: 100,
    sentInvitationsCountMax: 100,
  },
} as const;
