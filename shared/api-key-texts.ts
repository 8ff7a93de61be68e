/**
 * API keys (issue 39 point 1): a PRO or PLUS owner's keys, with which a program acts in the workspace
 * as the owner would, within the key's scopes. The words, the scopes and the answers, read by the
 * handlers and the Developers card alike; the request schemas are in api-keys.ts.
 */

/**
 * What a key may do. Each signed-in route a key may call names the one scope it needs
 * (`keyScope` in functions/routes.ts); every other route (billing, the team, the brand, the account,
 * the keys themselves) refuses a key whatever its scopes.
 */
export const API_KEY_SCOPES = ['leads:read', 'flows:read', 'automations:run'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'leads:read': 'Read trobs, their runs and their leads',
  'flows:read': 'Read flows, their activities and prospects',
  'automations:run': 'Start, pause and stop trobs and flows',
};

/** What every key starts with, so a leaked one is recognised (and a secret scanner can find it). */
export const API_KEY_MARK = 'trbk_';
/** A key is its mark and 40 characters of base64url (30 random bytes). */
export const API_KEY_PATTERN = /^trbk_[A-Za-z0-9_-]{40}$/;
/** How much of a key the list shows, so its owner can tell which one a program uses. */
export const API_KEY_PREFIX_LENGTH = 12;

export const API_KEY_NAME_MAX_LENGTH = 60;
/** Keys a workspace holds at once: enough for each tool its own, few enough to review. */
export const API_KEYS_MAX = 10;
/**
 * A key outlives the session that made it (sign-out, a password change), so making one asks for the
 * password unless the sign-in is this recent, as pairing the extension does.
 */
export const API_KEY_RECENT_SIGN_IN_SECONDS = 15 * 60;
/** Requests one key may make in any minute (a sliding window, functions/core/rate-limit.ts). */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

export const API_KEY_TEXTS = {
  title: 'Developers',
  intro:
    'API keys let your own tools and your CRM read your leads and flows and start or stop runs, as you would. Send a key as "Authorization: Bearer <key>".',
  notInPlan: 'API keys are available on the Pro and Plus plans. Upgrade to create one.',
  nameLabel: 'Key name',
  nameDescription: `What the key is for, e.g. "CRM sync". Up to ${API_KEY_NAME_MAX_LENGTH} characters.`,
  nameBlank: 'Key name cannot be blank',
  nameTooLong: `Key name must be ${API_KEY_NAME_MAX_LENGTH} characters or less`,
  scopesLabel: 'What the key may do',
  scopesRequired: 'Choose at least one thing the key may do',
  scopeUnknown: 'Unknown scope',
  expiryLabel: 'Expires on (optional)',
  expiryDescription: 'Leave empty for a key that works until you revoke it.',
  expiryInvalid: 'Expiry must be a date and time',
  expiryPast: 'Expiry must be in the future',
  create: 'Create key',
  created: 'API key created',
  shownOnce: 'Copy this key now: it is shown only once. Keep it secret, like a password.',
  copy: 'Copy key',
  copied: 'Copied',
  done: 'Done',
  empty: 'No API keys yet.',
  loading: 'Loading API keys',
  loadError: 'Failed to load API keys',
  retry: 'Try again',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke "${name}"?`,
  revokeBody: 'Programs using this key stop working at once. This cannot be undone.',
  revokeConfirm: 'Revoke key',
  cancel: 'Cancel',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke API key',
  createFailed: 'Failed to create API key',
  listTitle: 'Your keys',
  createTitle: 'New key',
  createdOn: (date: string) => `Created ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  expiresOn: (date: string) => `Expires ${date}`,
  revokeLabel: (name: string) => `Revoke API key ${name}`,
  secretLabel: 'Your new API key',
  viewPricing: 'View pricing plans',
  never: 'Never used',
  noExpiry: 'No expiry',
  expired: 'Expired',
  tooMany: `You can have at most ${API_KEYS_MAX} API keys. Revoke one to create another.`,
  passwordNeeded: 'For your security, enter your password to create an API key.',
  passwordLabel: 'Your password',
  notFromExtension: 'API keys are created in the app, not from the browser extension.',
  notInPlanList:
    'Your plan no longer includes API keys: the keys below do not work. Revoke any you no longer need.',
  notFound: 'API key not found',
  /** A key sent to a route no key may call (billing, the team, the brand, the account, the keys). */
  routeNotAllowed: 'API keys cannot be used for this request. Sign in to the app instead.',
  scopeMissing: (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`,
  /** The owner's plan dropped below PRO: the key is kept and works again when the plan returns. */
  planLapsed:
    "API keys are available on the Pro and Plus plans. This key works again when the workspace's plan includes them.",
  invalid: 'This API key is not valid. It may have been revoked or have expired.',
  rateLimited: `Too many requests with this API key (at most ${API_KEY_REQUESTS_PER_MINUTE} a minute). Try again shortly.`,
} as const;

/** A key as `GET /api/keys` lists it: never its secret, which only the create answer holds. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters (`trbk_` and 7 more). */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** `POST /api/keys`'s answer: the key, and its secret this once. */
export interface CreatedApiKey {
  key: ApiKeyView;
  secret: string;
}

export const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly unknown[]).includes(value);
