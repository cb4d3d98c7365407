import { createAppQueryClient, isReauthTrpcError } from '@reelsmith/ui/api';
import type { QueryClient } from '@tanstack/react-query';
import { forceReauth } from './reauth.ts';

// Spec §6: a tRPC call answered 401 with requiresReauth signs the customer in again, like the REST helper.
export function createQueryClient(): QueryClient {
  return createAppQueryClient({
    onError: (error) => {
      if (isReauthTrpcError(error)) forceReauth();
    },
  });
}

export const queryClient = createQueryClient();
