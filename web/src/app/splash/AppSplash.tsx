import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { StartupSplash } from './StartupSplash';

/** The startup splash at the app root, held up while a stored session is being restored. */
export function AppSplash({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return <StartupSplash loading={status === 'loading'}>{children}</StartupSplash>;
}
