import { countPaidSubscriptions, listActiveRecurringPlans, sumNetRevenueCents } from '@reelsmith/db';
import { answeredBillingInterval, answeredPrices, type SubscriptionOverview } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';

/**
 * The Subscriptions cards and plan table. Revenue is all time, succeeded payments minus refunds
 * (as on the Overview); subscriptions are those of paid plans (every customer also holds a Free one).
 */
export async function getSubscriptionOverview(deps: CoreDeps): Promise<SubscriptionOverview> {
  const now = deps.clock.now();
  const { db } = deps;
  const [revenueCents, counts, plans] = await Promise.all([sumNetRevenueCents(db), countPaidSubscriptions(db, now), listActiveRecurringPlans(db)]);
  return {
    totalRevenue: revenueCents / 100,
    activeSubscriptions: counts.active,
    totalSubscriptions: counts.total,
    plans: plans.map((p) => ({ planId: p.id, planName: p.name, ...answeredPrices(p.price_cents, p.billing_interval), period: answeredBillingInterval(p.billing_interval) })),
  };
}
