import { PLATFORM_TABLE } from '../../shared/platforms';

/**
 * The sandbox X's contract in one object: cookie names, paths, GraphQL query ids and operations,
 * page sizes and error codes (platform-notes.md). Query ids rotate on the real site: the drivers keep
 * the same values in their own one place; any other id answers 400 here.
 */
export const X = {
  // The platform's own session cookies, from the one platform table (what the extension reads).
  sessionCookie: PLATFORM_TABLE.twitter.cookies.session,
  csrfCookie: PLATFORM_TABLE.twitter.cookies.csrf,
  csrfHeader: 'x-csrf-token',
  apiPrefix: '/i/api/',
  paths: {
    login: '/i/flow/login',
    logout: '/logout',
    home: '/home',
    challenge: '/account/access',
    avatars: '/media/avatars/',
    verifyCredentials: '/i/api/1.1/account/verify_credentials.json',
    /** GET /i/api/graphql/<queryId>/<Operation>?variables=<json>&features=<json> */
    graphql: '/i/api/graphql/',
  },
  /** The query id of each GraphQL operation (the path segment before the operation's name). */
  queryIds: {
    UserByScreenName: 'G3KGOASz96M-Qu0nwmGXNg',
    Followers: 'OGScL-RC4DFMsRGOCjPR6g',
    Following: 'o5eNLkJb03ayTQa97Cpp7w',
    Retweeters: '0BoJlKAxoNPQUHRftlwZ2w',
    Favoriters: 'LLkw5EcVutJL6y-2gkz22A',
    TweetDetail: 'nBS-WpgA6ZG0CyNHD517JQ',
    /** Quotes of a post: rawQuery `quoted_tweet_id:<id>`. */
    SearchTimeline: 'UN1i3zUiCWa-6r-Uaho4fw',
  },
  pageSizes: {
    follows: 20,
    home: 10,
    /** GraphQL `count` default and maximum of the user timelines. */
    timelineCount: 20,
    timelineCountMax: 100,
    replies: 20,
  },
  errorCodes: { rateLimited: 88, locked: 326, notAuthenticated: 32, missingFeatures: 336, csrf: 353 },
  reserved: new Set([
    'home',
    'login',
    'logout',
    'i',
    'account',
    'search',
    'settings',
    'explore',
    'messages',
    'media',
  ]),
} as const;
