import type { AppRouter } from '@reelsmith/api';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

// Everything tRPC lives here: the typed React context and the client that calls /trpc with cookies.
// Subscriptions (live generation progress) use server-sent events; everything else is batched HTTP.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const trpcUrl = '/trpc';

export function createAppTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        // EventSource sends the session cookie itself: /trpc is same-origin.
        true: httpSubscriptionLink({ url: trpcUrl, transformer: superjson }),
        false: httpBatchLink({
          url: trpcUrl,
          transformer: superjson,
          fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
