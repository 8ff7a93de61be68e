import type { BrowserCookie } from '../browser';
import type { TrobDriver } from '../driver-types';

/** The x templates the engine runs, each as a driver over the session's cookies. */
export const xTrobs: Record<string, (cookies: readonly BrowserCookie[]) => TrobDriver> = {};
