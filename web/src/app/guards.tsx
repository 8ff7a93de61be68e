import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session';
import {
  HOME_PATH,
  LOGIN_PATH,
  type LoginState,
  pathWithQuery,
  returnTarget,
  VERIFY_EMAIL_PATH,
} from '../lib/session/navigation';
import { subscribeSession } from '../lib/session/session-client';
import type { AccessLevel } from './routes';

type Guard = (props: { children: ReactNode }) => ReactNode;

/**
 * THE place where each route's access level is applied (spec 2.1): every routed screen renders inside
 * the guard of its level. While a stored session is being restored no guard renders its screen (the
 * app-wide splash covers that moment; `useSession().status === 'loading'` tells it).
 */

/** Open to everyone. A session that expires here still goes to /login (spec 8 'Wrapper, 401'). */
const PublicGuard: Guard = ({ children }) => {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const from = pathWithQuery(location);
  useEffect(
    () =>
      subscribeSession((event) => {
        if (event.type === 'expired' && !event.quiet) {
          navigate(LOGIN_PATH, { state: { from } satisfies LoginState });
        }
      }),
    [navigate, from],
  );
  return status === 'loading' ? null : children;
};

/** Visitors only: a signed-in user goes back to the page that sent them to sign in, or /dashboard. */
const PublicOnlyGuard: Guard = ({ children }) => {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'signed-in') return <Navigate to={returnTarget(location.state) ?? HOME_PATH} replace />;
  return children;
};

/**
 * Signed-in users only: a visitor goes to /login, which remembers this page (query included) and, told
 * by that `from`, says 'Authentication required' (part 2 section 8; features/auth LoginPage).
 */
const ProtectedGuard: Guard = ({ children }) => {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'signed-out') {
    return (
      <Navigate to={LOGIN_PATH} replace state={{ from: pathWithQuery(location) } satisfies LoginState} />
    );
  }
  return children;
};

/** As protected; a user whose e-mail address is not verified yet goes to /verify-email. */
const VerifiedGuard: Guard = ({ children }) => {
  const { user } = useSession();
  if (user && !user.emailVerified) return <Navigate to={VERIFY_EMAIL_PATH} replace />;
  return <ProtectedGuard>{children}</ProtectedGuard>;
};

const guards: Record<AccessLevel, Guard | undefined> = {
  public: PublicGuard,
  'public-only': PublicOnlyGuard,
  protected: ProtectedGuard,
  verified: VerifiedGuard,
};

/** Whether a guard applies the level, so that its screens can be routed. */
export function canServe(access: AccessLevel): boolean {
  return guards[access] !== undefined;
}

export function AccessGuard({ access, children }: { access: AccessLevel; children: ReactNode }) {
  const Guard = guards[access];
  if (!Guard) throw new Error(`No guard applies the '${access}' access level yet`);
  return <Guard>{children}</Guard>;
}
