import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppTheme } from '@reelsmith/ui';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

const theme = createAppTheme();

// The tRPC provider sits in the signed-in layout instead, so the login page loads without the tRPC client.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications limit={3} autoClose={5000} position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
