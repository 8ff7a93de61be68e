import { createPlatformSessions } from '../connections/platform-sessions';
import { keysPort } from '../core/adapters/keys-adapter';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { openPlatformPage } from '../platforms/browser';
import { createGovernor } from '../safety/governor';
import { createAudienceService } from './audience-service';

/**
 * The audience preview's wiring, built once per cold start: the platform sessions (the account's cookies), the
 * account's governor and Chromium (its function is bundled like the Chromium workers: lib/api-stack.ts).
 */
export const audiences = createAudienceService({
  log: logger,
  now: () => new Date(),
  sessions: createPlatformSessions({ keys: keysPort(), now: () => new Date() }),
  governorFor: (account, platform, timeZone) =>
    createGovernor({
      account,
      platform,
      now: () => new Date(),
      // Read when called: the local cloud's functions share modules and set it per function.
      pacingScale: env().PACING_SCALE,
      ...(timeZone ? { timeZone } : {}),
    }),
  openPage: openPlatformPage,
});
