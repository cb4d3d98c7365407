import { MantineProvider } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { createAppTheme } from '@reelsmith/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';

// Spec §9: tooltips open after 700 ms (Tooltip.Group adds the 300 ms skip delay where tooltips sit together).
const theme = createAppTheme({ tooltipOpenDelay: 700 });

// Spec §9: one toast at a time, shown for 5 s. The store keeps to one from the start, before the
// component that shows them has loaded.
const toasts = { limit: 1, autoClose: 5000, position: 'top-right' } as const;
notificationsStore.updateState((state) => ({ ...state, limit: toasts.limit, defaultPosition: toasts.position }));
const Toasts = lazy(() => import('./toasts.tsx'));

/** Loads and shows the toasts once there is one to show. */
function ToastsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length + queue.length > 0) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <Toasts {...toasts} />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastsWhenShown />
      {/* The query cache and tRPC's client are put around the pages that use them, loaded with them (lib/trpc-scope.tsx). */}
      {children}
    </MantineProvider>
  );
}
