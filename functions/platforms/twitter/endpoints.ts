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
 * The web app's public bearer token: shipped in x.com's own JavaScript, the same for every visitor; it
 * names the web client, not a user.
 */
const WEB_APP_BEARER =
  'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA';

/**
 * THE X module: every endpoint, GraphQL query id, feature flag, header, cookie name, error code and
 * wall path the drivers and the session check use, and the one classifier of X's answers
 * (platform-notes.md). When X rotates a query id, this is the one edit. The sandbox X serves the same
 * values (scripts/sandbox-platforms/x-config.ts); any other id answers 400 there, as a stale one does
 * on x.com.
 */
export const TWITTER_API = {
  realBaseUrl: 'https://x.com',
  /** The env var that points X at its local sandbox site. */
  sandboxUrlEnv: PLATFORM_TABLE.twitter.sandboxUrlEnv,
  /** `auth_token` is the login. */
  sessionCookie: PLATFORM_TABLE.twitter.cookies.session,
  /** `ct0` is the CSRF cookie, echoed as `x-csrf-token`. */
  csrfCookie: PLATFORM_TABLE.twitter.cookies.csrf,
  csrfHeader: 'x-csrf-token',
  /** Who am I: the session check's call. */
  whoAmIPath: '/i/api/1.1/account/verify_credentials.json',
  webAppBearer: WEB_APP_BEARER,
  profilePath: (screenName: string) => `/${encodeURIComponent(screenName)}`,
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
    authorization: `Bearer ${WEB_APP_BEARER}`,
    'x-twitter-auth-type': 'OAuth2Session',
    'x-twitter-active-user': 'yes',
    'x-twitter-client-language': 'en',
    'content-type': 'application/json',
  },
  /** X's rate-limit header: when the window ends, in unix seconds. */
  rateResetHeader: 'x-rate-limit-reset',
  errorCodes: { rateLimited: 88, locked: 326, notAuthenticated: 32, missingFeatures: 336, notFound: 144 },
  /** A light signed-in page to open the session on. */
  landingPath: '/home',
  /**
   * A URL at or under one of these is a security check: /account/access is where X sends a locked
   * account (code 326). No bare '/challenge': X's profiles live at the root, and x.com/challenge is
   * someone's profile.
   */
  challengeMarks: ['/account/access'],
  /** ... and at or under one of these the sign-in page: the session is gone. */
  loginMarks: ['/i/flow/login', '/login'],
  /** The post id in a post link: x.com/<handle>/status/<id> (twitter.com, mobile., /statuses/ too). */
  postIdPattern: /\/status(?:es)?\/(\d{1,25})/,
} as const;

export type TwitterOperation = keyof typeof TWITTER_API.queryIds;

export function graphqlPath(operation: TwitterOperation, variables: Record<string, unknown>): string {
  const query = new URLSearchParams({
    variables: JSON.stringify(variables),
    features: JSON.stringify(TWITTER_API.features),
  });
  return `${TWITTER_API.graphql}/${TWITTER_API.queryIds[operation]}/${operation}?${query.toString()}`;
}

export function profilePath(handle: string): string {
  return TWITTER_API.profilePath(handle);
}

/** The wall a URL (a landing page, a call's final URL, a redirect's Location) ends at. */
export function twitterWall(url: string): WallReason | undefined {
  return wallAt(url, TWITTER_API);
}

/** The error codes of an X answer (`{errors:[{code}]}`). */
export function errorCodes(json: unknown): number[] {
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.map((e) => Number((e as { code?: unknown }).code)).filter((c) => Number.isFinite(c))
    : [];
}

/** When X says its rate window ends (x-rate-limit-reset, unix seconds). */
export function resetOf(headers: Readonly<Record<string, string>> | undefined): Date | undefined {
  const raw = headers?.[TWITTER_API.rateResetHeader] ?? headers?.[TWITTER_API.rateResetHeader.toUpperCase()];
  const seconds = Number(raw);
  return raw && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/**
 * The one reading of an X answer (platform-notes.md), for the drivers and the session check alike;
 * undefined when the answer is a good one. The URL first (a fetch follows a redirect to a wall), then:
 * 429 or code 88 rate-limited until x-rate-limit-reset; code 326 a locked account (a challenge); 401 or
 * code 32 expired; any other 403 expired too (X's 403 without a body is an expired or banned session,
 * 353 a CSRF mismatch: both are fixed by a new session); 5xx a server error; 400 (a stale query id,
 * missing features) changed; 404 not-found.
 */
export function classifyTwitter(answer: PlatformAnswer): PlatformFailure | undefined {
  const wall = twitterWall(answer.url);
  if (wall)
    return wallFailure(wall, {
      challenge: 'X locked the account (/account/access)',
      signedOut: 'X signed the session out',
    });
  const { status } = answer;
  const codes = errorCodes(answer.json);
  const { errorCodes: code } = TWITTER_API;
  if (status === 429 || codes.includes(code.rateLimited))
    return failed('rate-limited', `X rate limit (${status})`, resetOf(answer.headers));
  if (codes.includes(code.locked)) return failed('challenge', 'X locked the account (326)');
  if (status === 401 || codes.includes(code.notAuthenticated))
    return failed('expired', `X could not authenticate the session (${status})`);
  if (status === 403)
    return failed(
      'expired',
      codes.length ? `X refused the session (403, code ${codes.join(',')})` : 'X answered 403 without a body',
    );
  if (isServerError(status)) return failed('server-error', `X answered ${status}`);
  if (status === 400)
    return failed(
      'changed',
      codes.includes(code.missingFeatures)
        ? 'X asks for feature flags we do not send (336)'
        : 'X refused the request (400): a query id may be stale',
    );
  if (status === 404) return failed('not-found', 'X answered 404');
  if (status !== 200) return failed('changed', `X answered ${status}`);
  if (answer.json === undefined) {
    if (/rate limit/i.test(answer.text ?? '')) return failed('rate-limited', 'X said rate limit exceeded');
    return failed('changed', 'X answered a page where JSON was expected');
  }
  return undefined;
}
