import type { BrowserCookie } from './browser';
import type { TrobDriver } from './driver-types';
import { instagramTrobs } from './instagram/trobs';
import { linkedinTrobs } from './linkedin/trobs';
import { twitterTrobs } from './twitter/trobs';

/** Every template the engine can run, by template id, from the platform folders. */
const DRIVERS: Record<string, (cookies: readonly BrowserCookie[]) => TrobDriver> = {
  ...linkedinTrobs,
  ...twitterTrobs,
  ...instagramTrobs,
};

export function trobDriver(templateId: string, cookies: readonly BrowserCookie[]): TrobDriver | undefined {
  return DRIVERS[templateId]?.(cookies);
}

export const runnableTemplates = (): string[] => Object.keys(DRIVERS);
