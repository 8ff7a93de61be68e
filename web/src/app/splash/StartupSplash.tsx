import { type ReactNode, useEffect, useState } from 'react';
import { SplashScreen } from './SplashScreen';

/** Spec 9: 'Splash 1 s'. */
export const SPLASH_DURATION_MS = 1000;

interface StartupSplashProps {
  children: ReactNode;
  /** Keeps the splash up past its second while the session is still being restored. */
  loading?: boolean;
}

/**
 * DECISIONS 11: the splash shows for one second when the app is loaded in the browser, not on client
 * navigation. Mounted once at the app root, so it runs once per page load; the app renders underneath
 * meanwhile, so lazy pages and the session load during that second.
 */
export function StartupSplash({ children, loading = false }: StartupSplashProps) {
  const [elapsed, setElapsed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), SPLASH_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      {children}
      {(!elapsed || loading) && <SplashScreen />}
    </>
  );
}
