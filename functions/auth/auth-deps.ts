import { logger } from '../core/logger';
import { realtimePort } from '../core/ports/realtime';
import { createSessionSocketsService } from '../realtime/session-sockets-service';
import { createPasswordResetService } from './password-reset-service';
import { createPairingService, createSessionService } from './session-service';

/**
 * The auth routes that may end sessions (token renewal, sign-out, pairing the extension, the password
 * reset), built once per cold start: ending one closes its sockets, so these carry the realtime port.
 * Signing in has sign-in-deps.ts, the routes that mail mail-deps.ts. Each service is built
 * `@__PURE__`, so a route's bundle drops the ones its route does not import (the password checks of
 * pairing and of the reset stay out of renewal and sign-out).
 */
const now = () => new Date();
const sockets = /* @__PURE__ */ createSessionSocketsService({ push: /* @__PURE__ */ realtimePort() });
export const sessions = /* @__PURE__ */ createSessionService({ log: logger, now, sockets });
export const pairing = /* @__PURE__ */ createPairingService({ log: logger, now, sockets });
export const passwordReset = /* @__PURE__ */ createPasswordResetService({ log: logger, now, sockets });
