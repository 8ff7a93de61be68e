import { X } from './session';

/**
 * Every X endpoint, GraphQL query id, feature flag and header the drivers use, in one place
 * (platform-notes.md): when X rotates a query id, this is the one edit. The sandbox X serves the same
 * values (scripts/sandbox-platforms/x-config.ts); any other id answers 400 there, as a stale one does
 * on x.com.
 */
export const X_API = {
  /** GET /i/api/graphql/<queryId>/<Operation>?variables=<json>&features=<json> */
  graphql: '/i/api/graphql',
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
  /**
   * The feature switches the web app sends with every GraphQL call; X answers 400 (code 336) when they
   * are missing. Their values matter little to what the drivers read.
   */
  features: {
    responsive_web_graphql_exclude_directive_enabled: true,
    verified_phone_label_enabled: false,
    creator_subscriptions_tweet_preview_api_enabled: true,
    responsive_web_graphql_timeline_navigation_enabled: true,
    responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
    hidden_profile_subscriptions_enabled: true,
    highlights_tweets_tab_ui_enabled: true,
    subscriptions_verification_info_is_identity_verified_enabled: true,
    subscriptions_verification_info_verified_since_enabled: true,
    longform_notetweets_consumption_enabled: true,
    responsive_web_twitter_article_tweet_consumption_enabled: true,
    tweet_awards_web_tipping_enabled: false,
    freedom_of_speech_not_reach_fetch_enabled: true,
    standardized_nudges_misinfo: true,
    view_counts_everywhere_api_enabled: true,
    longform_notetweets_inline_media_enabled: true,
    responsive_web_enhance_cards_enabled: false,
  },
  /** The web app asks 20 a page (the timelines accept up to 100). */
  pageSize: 20,
  headers: {
    /** The web app's public bearer token (session.ts): it names the web client, not a user. */
    authorization: `Bearer ${X.webAppBearer}`,
    'x-twitter-auth-type': 'OAuth2Session',
    'x-twitter-active-user': 'yes',
    'x-twitter-client-language': 'en',
    'content-type': 'application/json',
  },
  csrfHeader: X.csrfHeader,
  csrfCookie: X.csrfCookie,
  /** X's rate-limit header: when the window ends, in unix seconds. */
  rateResetHeader: 'x-rate-limit-reset',
  errorCodes: { rateLimited: 88, locked: 326, notAuthenticated: 32, missingFeatures: 336, notFound: 144 },
  /** A light signed-in page to open the session on. */
  landingPath: '/home',
  challengeMarks: ['/account/access'],
  loginMarks: ['/i/flow/login', '/login'],
  /** The post id in a post link: x.com/<handle>/status/<id> (twitter.com, mobile., /statuses/ too). */
  postIdPattern: /\/status(?:es)?\/(\d{1,25})/,
} as const;

export type XOperation = keyof typeof X_API.queryIds;

export function graphqlPath(operation: XOperation, variables: Record<string, unknown>): string {
  const query = new URLSearchParams({
    variables: JSON.stringify(variables),
    features: JSON.stringify(X_API.features),
  });
  return `${X_API.graphql}/${X_API.queryIds[operation]}/${operation}?${query.toString()}`;
}

export function profilePath(handle: string): string {
  return X.profilePath(handle);
}
