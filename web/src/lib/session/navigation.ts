/** The places the session sends people (spec 2.1), and what travels with them in location state. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * The location state /login understands: `from`, the page (path, query and hash) to return to after
 * signing in; `message`, a success message to show above the form (the reset-password flow's).
 */
export interface LoginState {
  readonly from?: string;
  readonly message?: string;
}

function field(state: unknown, name: keyof LoginState): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Where to go after signing in: the remembered page when it is one of this app's paths. */
export function returnTarget(state: unknown): string | undefined {
  const from = field(state, 'from');
  // Only a path of this app: never '//host/...' or a full URL, whatever the history state holds.
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : undefined;
}

export function loginMessage(state: unknown): string | undefined {
  return field(state, 'message');
}

export function pathWithQuery(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
