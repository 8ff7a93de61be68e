import { mailPort } from '../core/adapters/mail-adapter';
import { logger } from '../core/logger';
import { createApiKeyService } from './api-key-service';

/** The API keys' routes' wiring, built once per cold start: the new-key mail goes through the mail port. */
export const apiKeys = /* @__PURE__ */ createApiKeyService({
  now: () => new Date(),
  mail: /* @__PURE__ */ mailPort(),
  log: logger,
});
