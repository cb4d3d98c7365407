// Built for Node (vite build --ssr) at build time, never shipped to browsers: the signed-out landing
// page exactly as the app's first render at '/' draws it (the same App, routes and providers, a
// memory router at '/'), written into dist/landing.html by scripts/prerender-landing.ts. The server
// sends that page for '/' to visitors without a session, so the hero paints with the HTML and the
// stylesheets before any script runs. The app never takes it over (no hydration), so the markup carries
// none of React's hydration marks; its few moving parts run on landing-entry.ts.
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '../app.tsx';
import { currentUserStore } from '../lib/current-user-store.ts';
import { routes } from '../route-table.tsx';
import { loadLandingPage } from '../routes/home-route.tsx';

export async function renderLandingShell(): Promise<string> {
  currentUserStore.set({ status: 'signed-out' });
  await loadLandingPage();
  return renderToStaticMarkup(<App router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
}
