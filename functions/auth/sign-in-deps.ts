import { createEmailVerificationService } from './registration-service';
import { createSignInService } from './session-service';

/**
 * The auth routes that use no port (sign-in, the signed-in user, e-mail verification), built once per
 * cold start. The routes that may end a session have auth-deps.ts (the realtime port), those that
 * queue mail mail-deps.ts (the queue). Each service is built `@__PURE__`, so a route's bundle drops the
 * ones its route does not import.
 */
const now = () => new Date();
export const signIn = /* @__PURE__ */ createSignInService({ now });
export const emailVerification = /* @__PURE__ */ createEmailVerificationService({ now });
