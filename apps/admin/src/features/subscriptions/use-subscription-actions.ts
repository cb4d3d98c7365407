import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** Refetches what a refund or adjustment changes: the cards, the list, the open details and the activity log. */
function useRefreshAfterChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.subscriptions.overview.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.subscriptions.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.subscriptions.forUser.queryKey() }),
    ]);
}

/** admin.subscriptions.refund with the spec §8 toasts. */
export function useRefund(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterChange();
  return useMutation(
    trpc.admin.subscriptions.refund.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Refund processed', 'The refund has been successfully processed.');
        onDone();
        await refresh();
      },
      onError: (error) => notifyFailure('Refund failed', error, 'Failed to process refund'),
    }),
  );
}

/** admin.subscriptions.adjust with the spec §8 toasts. */
export function useAdjust(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterChange();
  return useMutation(
    trpc.admin.subscriptions.adjust.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Adjustment applied', 'The subscription adjustment has been successfully applied.');
        onDone();
        await refresh();
      },
      onError: (error) => notifyFailure('Adjustment failed', error, 'Failed to apply adjustment'),
    }),
  );
}

/** admin.subscriptions.cancel with toasts in the spec's style. */
export function useCancelSubscription(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterChange();
  return useMutation(
    trpc.admin.subscriptions.cancel.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess('Subscription cancelled', result.when === 'now' ? 'The subscription has ended.' : 'The subscription will end at the end of its paid period.');
        onDone();
        await refresh();
      },
      onError: (error) => notifyFailure('Cancellation failed', error, 'Failed to cancel the subscription'),
    }),
  );
}
