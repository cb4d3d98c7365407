import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';
import { createAppTrpcClient, TRPCProvider } from './trpc.ts';

// The tRPC client (and superjson) is not part of the first load: the landing page needs none of it.
// Every page or part that calls tRPC is loaded lazily and wrapped here, all sharing one client and
// the app's one query cache.
let client: ReturnType<typeof createAppTrpcClient> | undefined;

function appTrpcClient(): ReturnType<typeof createAppTrpcClient> {
  client ??= createAppTrpcClient();
  return client;
}

/** The component with the app's tRPC client around it. */
export function withTrpc<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithTrpc(props: P) {
    return (
      <TRPCProvider trpcClient={appTrpcClient()} queryClient={queryClient}>
        <Component {...props} />
      </TRPCProvider>
    );
  }
  WithTrpc.displayName = `WithTrpc(${Component.displayName ?? Component.name})`;
  return WithTrpc;
}

