import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@reelsmith/ui/reduced-motion.css';
import './global.css';
import { startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { currentUserStore } from './lib/current-user-store.ts';
import { landingDrawnAtLoad } from './lib/prerendered-landing.ts';
import { routes } from './route-table.tsx';
import { loadLandingPage } from './routes/home-route.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routes);

if (landingDrawnAtLoad() && window.location.pathname === '/') {
  // The server sent '/' with the landing page already drawn (dist/landing.html, from the same
  // components: prerender/landing-shell.tsx), which it does only for requests without a session
  // cookie: the visitor is signed out. Once the landing page's code is in, the app takes the drawn
  // page over as it is (hydration), so nothing is drawn twice.
  currentUserStore.set({ status: 'signed-out' });
  loadLandingPage().then(
    // As a transition, the hydration yields to the browser every few milliseconds instead of holding the main thread.
    () => startTransition(() => void hydrateRoot(container, <App router={router} />)),
    () => createRoot(container).render(<App router={router} />),
  );
} else {
  createRoot(container).render(<App router={router} />);
}
