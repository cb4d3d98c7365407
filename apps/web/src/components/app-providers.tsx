import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppTheme } from '@reelsmith/ui';
import { useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { createAppTrpcClient, TRPCProvider } from '../lib/trpc.ts';

// Spec §9: tooltips open after 700 ms (Tooltip.Group adds the 300 ms skip delay where tooltips sit together).
const theme = createAppTheme({ tooltipOpenDelay: 700 });

export function AppProviders({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(createAppTrpcClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec §9: one toast at a time, shown for 5 s. */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
