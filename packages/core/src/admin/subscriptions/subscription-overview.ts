import { sql } from 'kysely';
import type { SubscriptionOverview } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';

/**
 * The Subscriptions cards and plan table. Revenue is all time, succeeded payments minus refunds
 * (as on the Overview); subscriptions are those of paid plans (every customer also holds a Free one).
 */
export async function getSubscriptionOverview(deps: CoreDeps): Promise<SubscriptionOverview> {
  const now = deps.clock.now();
  const { db } = deps;
  const [revenue, counts, plans] = await Promise.all([
    db
      .selectFrom('transactions')
      .select(sql<string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('cents'))
      .where('status', 'in', ['succeeded', 'partially_refunded', 'refunded'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('s.status', 'in', ['active', 'trialing']), f.or([f('s.end_date', 'is', null), f('s.end_date', '>', now)])]))
          .as('active'),
      ])
      .where('p.billing_interval', '!=', 'free')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('plans')
      .select(['id', 'name', 'price_cents', 'billing_interval'])
      .where('is_active', '=', true)
      .where('billing_interval', 'in', ['monthly', 'yearly'])
      .orderBy('sort_order')
      .orderBy('billing_interval')
      .orderBy('price_cents')
      .execute(),
  ]);
  return {
    totalRevenue: Number(revenue.cents) / 100,
    activeSubscriptions: Number(counts.active),
    totalSubscriptions: Number(counts.total),
    plans: plans.map((p) => ({ planId: p.id, planName: p.name, price: p.price_cents / 100, period: p.billing_interval })),
  };
}
