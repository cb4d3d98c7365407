import type { AppRouter } from '@reelsmith/api';
import { answersUnauthorized } from '@reelsmith/ui/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { getAdminToken } from '../features/auth/admin-session.ts';
import { expireAdminSession } from '../features/auth/session-expiry.ts';

// Everything tRPC lives here: the typed React context and the client that calls /trpc with the admin bearer token.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createAdminTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers: () => {
          const token = getAdminToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        // Spec §4: a 401 on any admin call ends the session, whichever transport made it.
        fetch: async (input, init) => {
          const response = await globalThis.fetch(input, init);
          if (getAdminToken() && (await answersUnauthorized(response))) expireAdminSession();
          return response;
        },
      }),
    ],
  });
}
