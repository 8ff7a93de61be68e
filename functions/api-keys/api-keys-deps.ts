import { createApiKeyService } from './api-key-service';

/** The API keys' routes' wiring, built once per cold start. */
export const apiKeys = /* @__PURE__ */ createApiKeyService({ now: () => new Date() });
