import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppRouter, preloadPage } from './router';
import { AppSplash } from './splash/AppSplash';

preloadPage(window.location.pathname);
const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      {/* Mounted once, above the router: the splash runs on a full page load only (DECISIONS 11). */}
      <AppSplash>
        <RouterProvider router={router} />
      </AppSplash>
    </AppProviders>
  );
}
