import useSWR from 'swr';
import { CONNECTION_TEXTS, type PlatformConnection } from '../../../../../shared/connection-values';
import { EXTENSION_DOWNLOAD_PATH } from '../../../../../shared/extension';
import { type Platform, platformLabel } from '../../../../../shared/platforms';
import { ApiError, del, post, put, REQUEST_FAILED_MESSAGE } from '../../../lib/api-client';

/** The SWR key (and path) of the user's connection list (spec 7 `GET /users/platforms`). */
export const PLATFORMS_PATH = '/users/platforms';

export interface PlatformsResponse {
  data: { platforms: PlatformConnection[] };
}

interface ConnectionResponse {
  data?: { platform?: PlatformConnection };
  message?: string;
}

export function usePlatformConnections() {
  return useSWR<PlatformsResponse, ApiError>(PLATFORMS_PATH, {
    // A failed load shows its message and a retry button; no retries behind the user's back.
    shouldRetryOnError: false,
  });
}

export const connectionPath = (id: string) => `${PLATFORMS_PATH}/${encodeURIComponent(id)}`;

export function disconnectPlatform(id: string) {
  return del<{ message?: string } | undefined>(connectionPath(id));
}

export function validatePlatform(id: string) {
  return put<ConnectionResponse>(`${connectionPath(id)}/validate`);
}

/** Local sandbox only (the 'Connect sandbox account'); 404 wherever the sandbox is off. */
export function connectSandbox(platform: Platform) {
  // The browser's zone, as the extension sends it: the account's quota days follow it (DECISIONS 29).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return post<ConnectionResponse>(`${PLATFORMS_PATH}/sandbox`, { platform, timeZone });
}

/** Spec 5 'Disconnect platform'. */
export const disconnectConfirmText = (platform: string) =>
  `Are you sure you want to disconnect your ${platformLabel(platform)} account?`;

export const PLATFORMS_TEXTS = {
  ...CONNECTION_TEXTS,
  empty: 'No Platforms Connected',
  sandboxOff: 'The sandbox is not available on this server.',
  sandboxFailed: 'Failed to connect sandbox account',
} as const;

/**
 * Where the Download Extension buttons lead: the zip `npm run build:extension` (and build:web, and
 * `npm start`) writes into web/dist, until a store listing exists.
 */
export const EXTENSION_DOWNLOAD_URL = EXTENSION_DOWNLOAD_PATH;

/** The server's own message when it sent one, else the action's spec 8 failure text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'NETWORK_ERROR' || error.code === 'UNEXPECTED_RESPONSE') return fallback;
  if (error.message === '' || error.message === REQUEST_FAILED_MESSAGE) return fallback;
  return error.message;
}

/**
 * Whether to offer the sandbox card. Visibility is decided without a call: the only sandbox route is
 * the connecting POST, and a GET that could answer "is the sandbox on?" does not exist. So the card is
 * offered in development builds and on a localhost origin (where `npm start`'s local cloud runs), and
 * the first POST that answers 404 (sandbox off on this server, e.g. AWS unless configured) turns the
 * card into a 'not available' note.
 */
export function sandboxOffered(): boolean {
  if (import.meta.env.DEV) return true;
  const host = typeof window === 'undefined' ? '' : window.location.hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
