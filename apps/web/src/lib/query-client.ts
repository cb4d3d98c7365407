import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { forceReauth, isReauthTrpcError } from './reauth.ts';

// Spec §9: data is never stale and is only refetched on purpose; nothing is retried.
// Spec §6: a tRPC call answered 401 with requiresReauth signs the customer in again, like the REST helper.
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isReauthTrpcError(error)) forceReauth(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
