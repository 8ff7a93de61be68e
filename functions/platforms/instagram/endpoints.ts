import { INSTAGRAM } from './session';

/**
 * Every Instagram endpoint, header and app id the drivers use, in one place (platform-notes.md). The
 * web API has no query ids: a call is its path and the web app id header. The sandbox Instagram
 * serves the same values (scripts/sandbox-platforms/instagram-config.ts).
 */
export const INSTAGRAM_API = {
  webProfileInfo: (username: string) =>
    `/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`,
  friendships: (pk: string, kind: 'followers' | 'following', count: number, maxId?: string) =>
    `/api/v1/friendships/${encodeURIComponent(pk)}/${kind}/?count=${count}${
      maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''
    }&search_surface=follow_list_page`,
  likers: (mediaId: string) => `/api/v1/media/${encodeURIComponent(mediaId)}/likers/`,
  comments: (mediaId: string, maxId?: string) =>
    `/api/v1/media/${encodeURIComponent(mediaId)}/comments/?can_support_threading=true&permalink_enabled=false${
      maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''
    }`,
  /** The web app asks 12 a page (the API takes up to 50): the slow, human pace Instagram needs. */
  friendshipsCount: 12,
  headers: {
    'X-IG-App-ID': INSTAGRAM.webAppId,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: '*/*',
  },
  csrfHeader: 'X-CSRFToken',
  csrfCookie: INSTAGRAM.csrfCookie,
  /** A light signed-in page to open the session on (the feed). */
  landingPath: '/',
  challengeMarks: ['/challenge', '/checkpoint', '/suspended', '/accounts/suspended'],
  loginMarks: ['/accounts/login'],
  /** A post or reel link: instagram.com/p/<shortcode>/, /reel/, /reels/. */
  shortcodePattern: /\/(?:p|reel|reels|tv)\/([A-Za-z0-9_-]+)/,
  /** Instagram's base-64 alphabet of shortcodes (a shortcode is the media id in it). */
  shortcodeAlphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  /** Longer shortcodes (private posts) carry the media id in their first 11 characters. */
  shortcodeIdLength: 11,
} as const;

export function profilePath(username: string): string {
  return INSTAGRAM.profilePath(username);
}

/** The media id of a post link's shortcode, as open-source clients compute it; undefined if none. */
export function mediaIdOf(postUrl: string | undefined): string | undefined {
  const code = INSTAGRAM_API.shortcodePattern
    .exec(postUrl ?? '')?.[1]
    ?.slice(0, INSTAGRAM_API.shortcodeIdLength);
  if (!code) return undefined;
  let id = 0n;
  for (const ch of code) id = id * 64n + BigInt(INSTAGRAM_API.shortcodeAlphabet.indexOf(ch));
  return id.toString();
}
