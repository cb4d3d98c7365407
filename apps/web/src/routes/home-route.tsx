import { CenteredLoader } from '@reelsmith/ui';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useAuthState } from '../features/auth/use-current-user.ts';
import { lazyComponentWithTrpc } from '../lib/lazy-with-trpc.ts';

let loadedLandingPage: ComponentType | undefined;
/** The landing page's code; once it has loaded, the home route draws it without suspending (prerender/landing-shell.tsx). */
export const loadLandingPage = () =>
  import('../features/landing/landing-page.tsx').then((module) => {
    loadedLandingPage = module.LandingPage;
    return module;
  });
const LazyLandingPage = lazy(() => loadLandingPage().then((module) => ({ default: module.LandingPage })));
const DashboardPage = lazyComponentWithTrpc(async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage);

/** '/' is the landing page for visitors and the projects dashboard once signed in. */
export function HomeRoute() {
  const auth = useAuthState();

  // Most first visits are signed out: fetch the landing chunk while the auth call is in flight.
  useEffect(() => {
    void loadLandingPage();
  }, []);

  if (auth.status === 'pending') return <CenteredLoader />;
  const LandingPage = loadedLandingPage ?? LazyLandingPage;
  return (
    <Suspense fallback={<CenteredLoader />}>{auth.status === 'signed-in' ? <DashboardPage /> : <LandingPage />}</Suspense>
  );
}
