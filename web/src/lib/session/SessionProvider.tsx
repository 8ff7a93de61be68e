import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useSWRConfig } from 'swr';
import type { User } from '../../../../shared/auth';
import * as client from './session-client';
import { readTokens, TOKEN_STORAGE_KEY } from './token-store';

/**
 * 'loading' while a stored session is being restored on app load; screens wait for it (the guards
 * render nothing route-specific meanwhile).
 */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  readonly status: SessionStatus;
  /** Set exactly when the status is 'signed-in'. */
  readonly user?: User;
  /**
   * Signs in and stores the tokens (local storage with rememberMe, else session storage). Rejects
   * with the ApiError of a refused sign-in. The /login screen's guard then leaves for the page the
   * user came from, or /dashboard.
   */
  signIn(email: string, password: string, rememberMe: boolean): Promise<User>;
  /** Signs out; the tokens are cleared even when the server call fails. Never rejects. */
  signOut(): Promise<void>;
  /** Replaces the signed-in user, e.g. with the answer of a profile update. */
  setUser(user: User): void;
  /** Reloads the signed-in user from `GET /auth/me`; rejects with an ApiError. */
  refreshUser(): Promise<User>;
}

type SessionState = { status: 'loading' } | { status: 'signed-in'; user: User } | { status: 'signed-out' };

const SessionContext = createContext<Session | undefined>(undefined);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    readTokens() ? { status: 'loading' } : { status: 'signed-out' },
  );
  const { mutate } = useSWRConfig();
  // One user's cached answers must never show to the next one.
  const forgetCache = useCallback(() => mutate(() => true, undefined, { revalidate: false }), [mutate]);

  const restoring = state.status === 'loading';
  useEffect(() => {
    if (!restoring) return;
    let active = true;
    // Shared by a second mount (StrictMode): both see the one answer.
    void client.restoreSession().then((user) => {
      // A transition: the first screen it lets through renders in slices that leave a phone's main
      // thread free between them, not in one long task (issue 10 point 7); the splash covers it.
      if (!active) return;
      startTransition(() => setState(user ? { status: 'signed-in', user } : { status: 'signed-out' }));
    });
    return () => {
      active = false;
    };
  }, [restoring]);

  useEffect(
    () =>
      client.subscribeSession((event) => {
        if (event.type === 'renewed') {
          setState((current) =>
            current.status === 'signed-in' ? { ...current, user: event.user } : current,
          );
        } else if (event.type === 'expired') {
          setState({ status: 'signed-out' });
          void forgetCache();
        }
      }),
    [forgetCache],
  );

  // Another tab signed out over the shared local storage: follow it at once rather than at this tab's
  // next call. (A renewal there replaces the entry, which this tab simply reads on its next call.)
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea !== window.localStorage || event.key !== TOKEN_STORAGE_KEY) return;
      if (event.newValue !== null || readTokens()) return;
      setState({ status: 'signed-out' });
      void forgetCache();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [forgetCache]);

  const signIn = useCallback(async (email: string, password: string, rememberMe: boolean) => {
    const user = await client.signIn(email, password, rememberMe);
    setState({ status: 'signed-in', user });
    return user;
  }, []);

  const signOut = useCallback(async () => {
    await client.signOut();
    setState({ status: 'signed-out' });
    await forgetCache();
  }, [forgetCache]);

  const setUser = useCallback((user: User) => {
    setState((current) => (current.status === 'signed-in' ? { ...current, user } : current));
  }, []);

  const refreshUser = useCallback(async () => {
    const user = await client.fetchUser();
    setUser(user);
    return user;
  }, [setUser]);

  const value = useMemo<Session>(
    () => ({
      status: state.status,
      user: state.status === 'signed-in' ? state.user : undefined,
      signIn,
      signOut,
      setUser,
      refreshUser,
    }),
    [state, signIn, signOut, setUser, refreshUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it (AppProviders has one)');
  return session;
}
