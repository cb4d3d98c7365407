import { StrictMode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './components/app-providers.tsx';

/** The whole app around a router: the browser's (main.tsx) or, at build time, one at '/' (prerender/landing-shell.tsx). */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
