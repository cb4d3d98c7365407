import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc.ts';

/** The signed-in customer's plan, status, quota and whether they may create a project now. */
export function useCurrentSubscription(options: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery(trpc.billing.subscription.current.queryOptions(undefined, { enabled: options.enabled ?? true }));
}

/** Refetches everything billing shows (plan, quota, payments) after a payment or a cancellation. */
export function useRefreshBilling(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.billing.subscription.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.billing.transactions.pathKey() }),
    ]);
  }, [queryClient, trpc]);
}
