import type { ReactNode } from 'react';
import type { AccessLevel } from './routes';

type Guard = (props: { children: ReactNode }) => ReactNode;

const letThrough: Guard = ({ children }) => children;

/**
 * THE place where each route's access level is applied: every routed screen renders inside the
 * guard of its level. A level without a guard is not routed at all: sign-in does not exist yet, so
 * a screen behind it could never be reached, and its paths fall to the unknown-path rule.
 */
const guards: Record<AccessLevel, Guard | undefined> = {
  public: letThrough,
  // Accounts issue: a signed-in user goes to /dashboard.
  'public-only': letThrough,
  // Accounts issue: a visitor goes to /login, remembering where they came from.
  protected: undefined,
  // Accounts issue: as 'protected', and an unverified user goes to /verify-email.
  verified: undefined,
};

export function canServe(access: AccessLevel): boolean {
  return guards[access] !== undefined;
}

export function AccessGuard({ access, children }: { access: AccessLevel; children: ReactNode }) {
  const Guard = guards[access];
  if (!Guard) throw new Error(`No guard applies the '${access}' access level yet`);
  return <Guard>{children}</Guard>;
}
