import { CenteredLoader, RouteError } from '@reelsmith/ui';
import type { RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout.tsx';
import { RequireSignedIn } from './features/auth/require-signed-in.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { lazyWithTrpc } from './lib/lazy-with-trpc.ts';

// Spec §2 route table. Every page's code is split out; '/' splits landing and dashboard itself. Pages
// that call tRPC load its client with them (lazyWithTrpc): the signed-out landing page does without.
// /auth/google, /auth/logout and /api/login are server routes, reached only by full navigation.
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: CenteredLoader,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'pricing',
        lazy: { Component: () => lazyWithTrpc(async () => (await import('./routes/pricing-route.tsx')).PricingRoute) },
      },
      {
        path: 'payment-result',
        lazy: { Component: () => lazyWithTrpc(async () => (await import('./routes/payment-result-route.tsx')).PaymentResultRoute) },
      },
      {
        path: 's/:shortId',
        lazy: { Component: () => lazyWithTrpc(async () => (await import('./routes/share-route.tsx')).ShareRoute) },
      },
      {
        // /project/new and /project/:id are one route (id 'new'), so a new project keeps its screen
        // when it gets an id. The wizard handles a signed-out visitor itself (spec §4).
        path: 'project/:id',
        lazy: { Component: () => lazyWithTrpc(async () => (await import('./routes/project-route.tsx')).ProjectRoute) },
      },
      {
        Component: RequireSignedIn,
        children: [
          {
            path: 'profile',
            lazy: { Component: () => lazyWithTrpc(async () => (await import('./routes/profile-route.tsx')).ProfileRoute) },
          },
        ],
      },
      {
        path: '*',
        lazy: { Component: async () => (await import('./routes/not-found-route.tsx')).NotFoundRoute },
      },
    ],
  },
];
