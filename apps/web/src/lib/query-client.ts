import { createAppQueryClient, isReauthTrpcError } from '@reelsmith/ui/api';
import type { QueryClient } from '@tanstack/react-query';
import { forceReauth } from './reauth.ts';

// Spec §6: a tRPC call answered 401 with requiresReauth signs the customer in again, like the REST helper.
export function createQueryClient(): QueryClient {
  const client: QueryClient = createAppQueryClient({
    onError: (error) => {
      if (isReauthTrpcError(error)) forceReauth(client);
    },
  });
  return client;
}

export const queryClient = createQueryClient();
