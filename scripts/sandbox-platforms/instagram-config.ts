import { PLATFORM_TABLE } from '../../shared/platforms';

/**
 * The sandbox Instagram's contract in one object: cookie names, headers, paths and page sizes
 * (platform-notes.md). Its web API has no query ids; what identifies a call is its path and the web
 * app id header.
 */
export const INSTAGRAM = {
  // The platform's own session cookies, from the one platform table (what the extension reads).
  sessionCookie: PLATFORM_TABLE.instagram.cookies.session,
  csrfCookie: PLATFORM_TABLE.instagram.cookies.csrf,
  csrfHeader: 'x-csrftoken',
  /** X-IG-App-ID: every /api/v1/ call but accounts/current_user/ must carry it (400 otherwise). */
  appIdHeader: 'x-ig-app-id',
  webAppId: '936619743392459',
  apiPrefix: '/api/v1/',
  paths: {
    login: '/accounts/login/',
    logout: '/accounts/logout/',
    home: '/',
    challenge: '/challenge/',
    avatars: '/media/avatars/',
    currentUser: '/api/v1/accounts/current_user/',
    /** ?username=U */
    webProfileInfo: '/api/v1/users/web_profile_info/',
    /** friendships/<user pk>/followers/ and following/, ?count&max_id */
    friendships: '/api/v1/friendships/',
    /** media/<media pk>/likers/, comments/?can_support_threading=true&max_id, info/ */
    media: '/api/v1/media/',
  },
  pageSizes: {
    follows: 24,
    feed: 10,
    /** friendships `count` default and maximum. */
    friendshipsCount: 12,
    friendshipsCountMax: 50,
    comments: 15,
  },
  reserved: new Set([
    'accounts',
    'api',
    'challenge',
    'p',
    'reel',
    'reels',
    'explore',
    'direct',
    'login',
    'logout',
    'media',
  ]),
} as const;
