import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';
import { createAppTrpcClient, TRPCProvider } from '../lib/trpc.ts';

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
