import type { AppRouter } from '@reelsmith/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

// Everything tRPC lives here: the typed React context and the client that calls /trpc with cookies.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createAppTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
