import { useCurrentUser } from '../../lib/session';
import { PublicLayout } from '../PublicLayout';
import { LazyAppShellLayout } from './LazyAppShellLayout';

/**
 * For a screen open to everyone that a signed-in user also reaches from the sidebar (/pricing): the
 * app shell for a signed-in user, the public frame for a visitor.
 */
export function AdaptiveLayout() {
  const user = useCurrentUser();
  return user ? <LazyAppShellLayout /> : <PublicLayout />;
}
