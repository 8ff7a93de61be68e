import * as z from 'zod/mini';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, API_KEY_TEXTS } from './api-key-texts';
import { existingPassword, MESSAGES } from './auth';
import { idToken, nameText } from './text';

/**
 * The API keys' request schemas (issue 39 point 1), used by the Developers card's form and by the
 * handlers alike. The words and answers are in api-key-texts.ts.
 */

export const apiKeyName = z
  .string({ error: API_KEY_TEXTS.nameBlank })
  .check(
    nameText('Key name'),
    z.trim(),
    z.minLength(1, API_KEY_TEXTS.nameBlank),
    z.maxLength(API_KEY_NAME_MAX_LENGTH, API_KEY_TEXTS.nameTooLong),
  );

export const apiKeyScopes = z
  .array(z.enum(API_KEY_SCOPES, API_KEY_TEXTS.scopeUnknown), { error: API_KEY_TEXTS.scopesRequired })
  .check(z.minLength(1, API_KEY_TEXTS.scopesRequired), z.maxLength(API_KEY_SCOPES.length));

/**
 * When the key stops working: an ISO date-time with its offset (`2027-01-31T23:59:59Z`). Being in the
 * future is checked by the service against its own clock, not here, so a form and the API agree.
 */
export const apiKeyExpiry = z.iso.datetime({ offset: true, error: API_KEY_TEXTS.expiryInvalid });

export const createApiKeyInput = z.object({
  name: apiKeyName,
  scopes: apiKeyScopes,
  expiresAt: z.optional(z.nullable(apiKeyExpiry)),
  /** Asked for when the sign-in is not recent (API_KEY_RECENT_SIGN_IN_SECONDS), as pairing asks. */
  password: z.optional(existingPassword(MESSAGES.passwordRequired)),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const apiKeyIdParams = z.object({
  id: z.string().check(z.minLength(1, 'id is required'), z.maxLength(64, 'id is too long'), idToken('id')),
});
