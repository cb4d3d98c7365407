import { QueryClient } from '@tanstack/react-query';

// As in the customer app: nothing is retried or refetched on focus; screens opt in to polling (spec §9).
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

export const queryClient = createQueryClient();
