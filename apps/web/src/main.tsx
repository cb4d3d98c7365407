import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@reelsmith/ui/reduced-motion.css';
import '@reelsmith/ui/menu-items.css';
import './global.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { routes } from './route-table.tsx';

// The signed-out landing page at '/' never runs this: the server sends it drawn (dist/landing.html)
// with its own small script (landing-entry.ts) instead, and its links load the app with the next page.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App router={createBrowserRouter(routes)} />);
