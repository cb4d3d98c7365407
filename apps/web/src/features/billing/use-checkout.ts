import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';

/**
 * Starts a card checkout for a plan and follows the answer's url with a full navigation (the
 * payment page, or straight to the result page when an existing plan is switched in place).
 */
export function useCheckout() {
  const trpc = useTRPC();
  // The plan whose checkout is opening; kept after success while the browser leaves the page.
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  // Coming back with the browser's Back button restores this page from the cache, still pending.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPlanId(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const mutation = useMutation(
    trpc.billing.checkout.create.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        setPendingPlanId(null);
        notifications.show({ color: 'red', title: 'Checkout failed', message: error.message });
      },
    }),
  );
  return {
    pendingPlanId,
    start(planId: string) {
      if (pendingPlanId) return;
      setPendingPlanId(planId);
      mutation.mutate({ planId, quantity: 1 });
    },
  };
}
