import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';
import { createAppTrpcClient, TRPCProvider } from './trpc.ts';

// The query library, the tRPC client and superjson are not part of the first load: the landing page
// needs none of them. Every page or part that calls tRPC or keeps queries is loaded lazily and wrapped
// here, all sharing one client and the app's one query cache.
let client: ReturnType<typeof createAppTrpcClient> | undefined;

function appTrpcClient(): ReturnType<typeof createAppTrpcClient> {
  client ??= createAppTrpcClient();
  return client;
}

/** The component with the app's tRPC client around it. */
export function withTrpc<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithTrpc(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={appTrpcClient()} queryClient={queryClient}>
          <Component {...props} />
        </TRPCProvider>
      </QueryClientProvider>
    );
  }
  WithTrpc.displayName = `WithTrpc(${Component.displayName ?? Component.name})`;
  return WithTrpc;
}
