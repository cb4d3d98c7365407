import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface AppQueryClientOptions {
  /** Sees every failed query and mutation (the customer app ends the session on a re-auth answer). */
  onError?: (error: unknown) => void;
}

/** Spec §9 for both apps: data is never stale and is refetched only on purpose; nothing is retried. */
export function createAppQueryClient({ onError }: AppQueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache(onError ? { onError } : {}),
    mutationCache: new MutationCache(onError ? { onError } : {}),
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
}
