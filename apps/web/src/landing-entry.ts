// The drawn landing page's only script (dist/landing.html; scripts/prerender-landing.ts puts it in
// place of the app's entry): the page's moving parts without React, Mantine or the router.
import { startDrawnLanding } from './features/landing/drawn-landing.ts';

startDrawnLanding(document, { reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches });
