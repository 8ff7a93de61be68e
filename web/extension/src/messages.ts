import type { SyncFailure } from '../../../shared/extension';
import type { Platform } from '../../../shared/platforms';
import type { PlatformStatus } from './sync';

/**
 * Messages to the service worker (chrome.runtime.sendMessage). The content script may send only
 * `pair` and `page-status`, from a top frame of an app origin; the popup (an extension page) may send
 * `status`, `sync-now` and `unpair`. background.ts checks the sender of each.
 */
export type ContentRequest =
  | { type: 'pair'; accessToken: string; refreshToken: string; expiresIn: number; userId: string }
  | { type: 'page-status' };

export type PopupRequest = { type: 'status' } | { type: 'sync-now' } | { type: 'unpair' };

export type BackgroundRequest = ContentRequest | PopupRequest;

export interface PairResult {
  ok: boolean;
  synced: Platform[];
  failed: SyncFailure[];
  error?: string;
}

export interface PageStatus {
  paired: boolean;
  userId?: string;
}

export interface PopupPlatform {
  slug: Platform;
  label: string;
  status?: PlatformStatus;
}

export interface PopupStatus {
  version: string;
  /** The paired app, else the app this build is for. */
  appUrl: string;
  paired: boolean;
  email?: string;
  platforms: PopupPlatform[];
  /** The outcome of the action that asked, when it failed as a whole. */
  error?: string;
}
