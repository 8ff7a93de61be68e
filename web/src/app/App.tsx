import { AppProviders } from './providers';
import { AppRouter } from './router';
import { AppSplash } from './splash/AppSplash';

export function App() {
  return (
    <AppProviders>
      {/* Mounted once, above the router: the splash runs on a full page load only (DECISIONS 11). */}
      <AppSplash>
        <AppRouter />
      </AppSplash>
    </AppProviders>
  );
}
