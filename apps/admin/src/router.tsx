import { CenteredLoader, RouteError } from '@reelsmith/ui';
import { createBrowserRouter } from 'react-router';
import { RequireAdmin } from './features/auth/require-admin.tsx';
import { adminBasePath } from './lib/admin-paths.ts';

// Spec §2 admin route table, under the /admin basename. Every screen's code is split out.
export const router = createBrowserRouter(
  [
    {
      ErrorBoundary: RouteError,
      HydrateFallback: CenteredLoader,
      children: [
        {
          index: true,
          lazy: { Component: async () => (await import('./routes/login-route.tsx')).LoginRoute },
        },
        {
          Component: RequireAdmin,
          children: [
            {
              lazy: { Component: async () => (await import('./components/admin-layout.tsx')).AdminLayout },
              children: [
                {
                  path: 'dashboard',
                  lazy: { Component: async () => (await import('./routes/dashboard-route.tsx')).DashboardRoute },
                },
                {
                  path: 'users',
                  lazy: { Component: async () => (await import('./routes/users-route.tsx')).UsersRoute },
                },
                {
                  path: 'users/:userId',
                  lazy: { Component: async () => (await import('./routes/user-details-route.tsx')).UserDetailsRoute },
                },
                {
                  path: 'sessions',
                  lazy: { Component: async () => (await import('./routes/sessions-route.tsx')).SessionsRoute },
                },
                {
                  path: 'projects',
                  lazy: { Component: async () => (await import('./routes/projects-route.tsx')).ProjectsRoute },
                },
                {
                  path: 'activity',
                  lazy: { Component: async () => (await import('./routes/activity-route.tsx')).ActivityRoute },
                },
                {
                  path: 'subscriptions',
                  lazy: { Component: async () => (await import('./routes/subscriptions-route.tsx')).SubscriptionsRoute },
                },
                {
                  path: 'email-settings',
                  lazy: { Component: async () => (await import('./routes/email-settings-route.tsx')).EmailSettingsRoute },
                },
                {
                  path: 'settings',
                  lazy: { Component: async () => (await import('./routes/settings-route.tsx')).SettingsRoute },
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: { Component: async () => (await import('./routes/not-found-route.tsx')).NotFoundRoute },
        },
      ],
    },
  ],
  { basename: adminBasePath },
);
