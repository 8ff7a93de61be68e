import { PLATFORM_TABLE } from '../../../shared/platforms';
import {
  failed,
  isServerError,
  type PlatformAnswer,
  type PlatformFailure,
  type WallReason,
  wallAt,
  wallFailure,
} from '../platform-failure';

/**
 * THE LinkedIn module: every endpoint, query id, decoration id, header, cookie name and wall path the
 * drivers and the session check use, and the one classifier of LinkedIn's answers
 * (platform-notes.md). When LinkedIn rotates one, this is the one edit. The sandbox LinkedIn serves
 * the same values (scripts/sandbox-platforms/linkedin-config.ts).
 */
export const LINKEDIN_API = {
  realBaseUrl: 'https://www.linkedin.com',
  /** The env var that points LinkedIn at its local sandbox site. */
  sandboxUrlEnv: PLATFORM_TABLE.linkedin.sandboxUrlEnv,
  /** `li_at` is the login. */
  sessionCookie: PLATFORM_TABLE.linkedin.cookies.session,
  /** `JSESSIONID` ("ajax:..." in quotes) doubles as the CSRF token, sent without its quotes. */
  csrfCookie: PLATFORM_TABLE.linkedin.cookies.csrf,
  /** Who am I: the session check's call. */
  whoAmIPath: '/voyager/api/me',
  profilePath: (publicIdentifier: string) => `/in/${encodeURIComponent(publicIdentifier)}/`,
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
    /** A member's recent posts (their activity): `(count,start,profileUrn)`. */
    profileUpdates: 'voyagerFeedDashProfileUpdates.6cd388181a7eda2af7f971c0faf5476d',
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
  decorations: {
    connections: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
    fullProfile: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
    company: 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12',
  },
  pageSizes: { followers: 50, connections: 40, search: 10, reactions: 10, comments: 10 },
  /**
   * What flows use (functions/platforms/linkedin/flow-*.ts): the faceted people search, a member's
   * recent posts, the write calls and the reads that verify them. The sandbox LinkedIn serves the same
   * (scripts/sandbox-platforms/linkedin-config.ts).
   */
  flow: {
    /** The origin the search's filter pills send: keywords over name, headline, title, company, skills. */
    facetedOrigin: 'FACETED_SEARCH',
    /** queryParameters keys of the faceted filters. */
    facets: { industry: 'industry', country: 'countryCode', title: 'title', companySize: 'companySize' },
    /** POST `?threadUrn=urn:li:activity:<id>` `{reactionType}`. */
    reactionsCreate: '/voyager/api/voyagerSocialDashReactions',
    /** POST `{commentary:{text}, threadUrn}`. */
    commentsCreate: '/voyager/api/voyagerSocialDashNormComments',
    commentDecoration: 'com.linkedin.voyager.dash.deco.social.NormComment-43',
    /** POST `?action=verifyQuotaAndCreateV2` `{invitee:{inviteeUnion:{memberProfile}},customMessage?}`. */
    invitationsCreate:
      '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
    /**
     * POST `<this>/<invitation URN, percent-encoded>?action=withdraw` `{invitationType:"CONNECTION"}`:
     * withdraw a pending invitation, named by the URN the profile shows for it.
     */
    invitations: '/voyager/api/voyagerRelationshipsDashInvitations',
    withdrawAction: 'withdraw',
    /** POST `?action=createMessage`. */
    messagesCreate: '/voyager/api/voyagerMessagingDashMessengerMessages?action=createMessage',
    /** The account's pending sent invitations, `?q=invitationType&invitationType=CONNECTION&start&count`. */
    sentInvitations: '/voyager/api/relationships/sentInvitationViewsV2',
    /** The messaging GraphQL: conversations with their messages, by recipients. */
    messagingGraphql: '/voyager/api/voyagerMessagingGraphQL/graphql',
    conversationsQueryId: 'messengerConversations.d401357a2e62e404a52149ce96ef3139',
    conversationsRoot: 'messengerConversationsByRecipients',
    pageSizes: { profileUpdatesMax: 20, sentInvitations: 100, reactions: 100, comments: 100 },
    /** Error codes of the invitation call that are answers (a refusal), not failures of the session. */
    inviteRefusals: {
      CUSTOM_MESSAGE_TOO_LONG: 'note-too-long',
      CUSTOM_INVITE_LIMIT_REACHED: 'note-quota',
      CANT_RESEND_YET: 'already-invited',
      ALREADY_CONNECTED: 'already-connected',
      FUSE_LIMIT_EXCEEDED: 'weekly-limit',
    },
    /** ... and of the messaging call. */
    messageRefusals: { RECIPIENT_NOT_CONNECTED: 'not-connected' },
    /** ... and of the withdrawal: the invitation was answered or withdrawn since the profile was read. */
    withdrawRefusals: { INVITATION_NOT_PENDING: 'not-pending' },
  },
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
  /** A URL at or under one of these is a security check (/checkpoint/challenge/..., /checkpoint/lg/...). */
  challengeMarks: ['/checkpoint', '/challenge'],
  /** ... and at or under one of these the sign-in page: the session is gone. */
  loginMarks: ['/login', '/authwall', '/uas/login'],
  /** LinkedIn's bot defence (served to datacenter addresses). */
  botDefenceStatus: 999,
} as const;

/** The CSRF token of a JSESSIONID cookie value: the value without its quotes. */
export function csrfToken(jsessionid: string): string {
  return jsessionid.replace(/^"|"$/g, '');
}

/** The wall a URL (a landing page, a call's final URL, a redirect's Location) ends at. */
export function linkedinWall(url: string): WallReason | undefined {
  return wallAt(url, LINKEDIN_API);
}

/**
 * The one reading of a LinkedIn answer (platform-notes.md), for the drivers and the session check
 * alike; undefined when the answer is a good one. A fetch follows a redirect to a wall and ends as 200
 * HTML, so the URL is read first, then the status, then whether JSON came at all.
 */
export function classifyLinkedIn(answer: PlatformAnswer): PlatformFailure | undefined {
  const wall = linkedinWall(answer.url);
  if (wall)
    return wallFailure(wall, {
      challenge: 'LinkedIn asked for a security check',
      signedOut: 'LinkedIn signed the session out',
    });
  const { status } = answer;
  if (status === 401) return failed('expired', 'LinkedIn answered 401');
  if (status === LINKEDIN_API.botDefenceStatus)
    return failed('challenge', 'LinkedIn answered 999 (bot defence)');
  // A 403 is the session's, not the resource's: platform-notes.md reads LinkedIn's 403 as a flagged
  // session or a CSRF mismatch (JSESSIONID changes, after an invite for one), and the remedy is a
  // re-sync. Read as 'expired', the run pauses and resumes once the session is synced again; read as a
  // refused resource ('not-found'), every run would fail for good while the connection still looked
  // healthy, the silent disconnect users complain of most. The one resource LinkedIn refuses by 403 (a
  // company page's followers, to non-admins) is checked before the call (linkedin/followers.ts reads
  // the page's viewerPermissions). The session check reads a 403 the same way.
  if (status === 403) return failed('expired', 'LinkedIn answered 403 (session flagged or CSRF refused)');
  if (status === 429) return failed('rate-limited', 'LinkedIn answered 429');
  if (status === 404) return failed('not-found', 'LinkedIn answered 404');
  if (status === 400) return failed('changed', 'LinkedIn refused the request (400): a query id may be stale');
  if (isServerError(status)) return failed('server-error', `LinkedIn answered ${status}`);
  if (status !== 200) return failed('changed', `LinkedIn answered ${status}`);
  if (answer.json === undefined) {
    if (/too many requests/i.test(answer.text ?? ''))
      return failed('rate-limited', 'LinkedIn said too many requests');
    return failed('changed', 'LinkedIn answered a page where JSON was expected');
  }
  return undefined;
}

/**
 * The reading of a write call's answer (react, comment, invite, message): a 201 or 204 is a success
 * too, with or without a body; anything else reads as classifyLinkedIn reads it.
 */
export function classifyLinkedInWrite(answer: PlatformAnswer): PlatformFailure | undefined {
  if ((answer.status === 201 || answer.status === 204) && !linkedinWall(answer.url)) return undefined;
  return classifyLinkedIn(answer);
}

/**
 * A refusal among `codes` (LinkedIn's error code of a write, in the body or under `data`), for an
 * answer that is no wall and a 400, 422 or 429: what the flow reads as an answer, not a failure.
 */
export function linkedinRefusal<R extends string>(
  answer: PlatformAnswer,
  codes: Readonly<Record<string, R>>,
): R | undefined {
  if (linkedinWall(answer.url) || ![400, 422, 429].includes(answer.status)) return undefined;
  const body = (answer.json ?? {}) as { code?: unknown; data?: { code?: unknown } };
  const code = typeof body.code === 'string' ? body.code : body.data?.code;
  return typeof code === 'string' && Object.hasOwn(codes, code) ? codes[code] : undefined;
}

/** Rest.li needs these percent-encoded inside a value. */
export function restliValue(value: string): string {
  return encodeURIComponent(value).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function graphqlPath(queryId: string, variables: string): string {
  return `${LINKEDIN_API.graphql}?includeWebMetadata=true&variables=${variables}&queryId=${queryId}`;
}
