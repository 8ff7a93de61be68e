import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_MARK,
  API_KEY_PREFIX_LENGTH,
  API_KEY_RECENT_SIGN_IN_SECONDS,
  API_KEY_SCOPES,
  API_KEY_TEXTS,
  API_KEYS_MAX,
  type ApiKeyView,
  type CreatedApiKey,
} from '../../shared/api-key-texts';
import type { CreateApiKeyInput } from '../../shared/api-keys';
import { AUTH_TEXTS } from '../../shared/auth';
import { apiKeysInPlan } from '../../shared/plan-policy';
import { apiKeyCreatedMail } from '../auth/mail-templates';
import { appUrl } from '../auth/one-time-tokens';
import { verifyPassword } from '../auth/password';
import { guardPasswordAttempt } from '../auth/password-attempts';
import { type StoredUser, signedInUser } from '../auth/user-service';
import { apiKeySecretHash } from '../core/api-key-auth';
import type { AuthUser } from '../core/auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import {
  ApiKeyWriteRefused,
  deleteApiKey,
  findApiKey,
  listApiKeys,
  putApiKey,
  type StoredApiKey,
} from './api-key-repository';

/**
 * API keys (issue 39 point 1): a PRO or PLUS owner creates, lists and revokes the keys of their
 * workspace. The secret is answered once, at creation; only its SHA-256 is stored.
 */
export interface ApiKeyServiceDeps {
  now: () => Date;
  /** Tells the owner a key was made (apiKeyCreatedMail). */
  mail: MailPort;
  log: Logger;
}

/** `trbk_` and 40 characters of base64url: 240 random bits. */
export const newApiKeySecret = (): string => `${API_KEY_MARK}${randomBytes(30).toString('base64url')}`;

export const apiKeyView = (key: StoredApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  createdAt: key.createdAt,
  expiresAt: key.expiresAt,
  lastUsedAt: key.lastUsedAt,
});

export function createApiKeyService({ now, mail, log }: ApiKeyServiceDeps) {
  return { create, list, revoke };

  /**
   * A key outlives the session that makes it, so it must not out-rank it: the extension's session cannot
   * make one, and a sign-in older than API_KEY_RECENT_SIGN_IN_SECONDS gives the password again (as
   * pairing the extension asks, functions/auth/session-service.ts).
   */
  async function confirmCaller(
    caller: AuthUser,
    owner: StoredUser,
    password: string | undefined,
    clientIp: string,
  ) {
    if (caller.sessionKind === 'extension') throw new ForbiddenError(API_KEY_TEXTS.notFromExtension);
    const signedInAt = Date.parse(caller.signedInAt);
    const recent =
      Number.isFinite(signedInAt) && now().getTime() - signedInAt < API_KEY_RECENT_SIGN_IN_SECONDS * 1000;
    if (recent) return;
    if (password === undefined) {
      throw new ForbiddenError(API_KEY_TEXTS.passwordNeeded, [
        { path: 'password', message: API_KEY_TEXTS.passwordNeeded },
      ]);
    }
    const ok = await guardPasswordAttempt({ email: owner.email, clientIp }, () =>
      verifyPassword(password, owner.passwordHash),
    );
    if (!ok) {
      throw new ValidationError(AUTH_TEXTS.passwordWrong, [
        { path: 'password', message: AUTH_TEXTS.passwordWrong },
      ]);
    }
  }

  async function create(
    caller: AuthUser,
    input: CreateApiKeyInput,
    clientIp: string,
  ): Promise<CreatedApiKey> {
    const owner = await signedInUser(caller);
    if (!apiKeysInPlan(owner.plan)) throw new ForbiddenError(API_KEY_TEXTS.notInPlan);
    await confirmCaller(caller, owner, input.password, clientIp);
    const at = now();
    let expiresAt: string | null = null;
    if (input.expiresAt) {
      const when = new Date(input.expiresAt);
      if (when.getTime() <= at.getTime()) {
        throw new ValidationError(API_KEY_TEXTS.expiryPast, [
          { path: 'expiresAt', message: API_KEY_TEXTS.expiryPast },
        ]);
      }
      expiresAt = when.toISOString();
    }
    const secret = newApiKeySecret();
    const key: StoredApiKey = {
      id: randomUUID(),
      ownerId: caller.workspaceId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
      // In the scopes' own order, once each, whatever order the request named them in.
      scopes: API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope)),
      createdAt: at.toISOString(),
      expiresAt,
      lastUsedAt: null,
      secretHash: apiKeySecretHash(secret),
    };
    try {
      await putApiKey(key, API_KEYS_MAX);
    } catch (error) {
      if (error instanceof ApiKeyWriteRefused) throw new ConflictError(API_KEY_TEXTS.tooMany);
      throw error;
    }
    // After the key is stored: a mail that fails must not lose the secret, which is answered only now.
    try {
      await mail.send(apiKeyCreatedMail(owner.email, key, appUrl('/profile')));
    } catch (error) {
      log.error('api key mail failed', { error, keyId: key.id });
    }
    return { key: apiKeyView(key), secret };
  }

  /** Newest first. Listed on any plan: a downgrade deletes nothing, and the owner may still revoke. */
  async function list(caller: AuthUser): Promise<ApiKeyView[]> {
    const stored = await listApiKeys(caller.workspaceId);
    return stored.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(apiKeyView);
  }

  async function revoke(caller: AuthUser, keyId: string): Promise<void> {
    const key = await findApiKey(caller.workspaceId, keyId);
    if (!key) throw new NotFoundError(API_KEY_TEXTS.notFound);
    try {
      await deleteApiKey(key);
    } catch (error) {
      if (error instanceof ApiKeyWriteRefused) throw new NotFoundError(API_KEY_TEXTS.notFound);
      throw error;
    }
  }
}
