import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentSubscription } from './use-current-subscription.ts';

/** Spec §4: on the dashboard, a signed-in customer with no plan id is sent to /pricing. */
export function useRedirectWithoutPlan(): void {
  const navigate = useNavigate();
  const { data } = useCurrentSubscription();
  const withoutPlan = data !== undefined && data.planId === null;
  useEffect(() => {
    if (withoutPlan) void navigate('/pricing', { replace: true });
  }, [withoutPlan, navigate]);
}
