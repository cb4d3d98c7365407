import type { UserSubscriptionDetail } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { adminSubscriptionQuery, toAdminSubscription } from './admin-subscription-rows.ts';

/**
 * A customer's current subscription (their live one, else the latest), their payments and the
 * adjustments made to any of their subscriptions, newest first.
 */
export async function getUserSubscriptionDetail(deps: CoreDeps, userId: string): Promise<UserSubscriptionDetail> {
  const now = deps.clock.now();
  const [current, transactions, adjustments] = await Promise.all([
    adminSubscriptionQuery(deps.db)
      .where('s.user_id', '=', userId)
      .orderBy((eb) => eb.case().when('p.billing_interval', '=', 'free').then(1).else(0).end())
      .orderBy((eb) => eb.case().when('s.status', 'in', ['active', 'trialing', 'pending', 'past_due', 'cancelled']).then(0).else(1).end())
      .orderBy('s.created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom('transactions as t')
      .leftJoin('plans as p', 'p.id', 't.plan_id')
      .select(['t.id', 't.subscription_id', 't.amount_cents', 't.refunded_cents', 't.currency', 't.description', 't.status', 't.transaction_date', 'p.name as plan_name'])
      .where('t.user_id', '=', userId)
      .orderBy('t.transaction_date', 'desc')
      .limit(200)
      .execute(),
    deps.db
      .selectFrom('subscription_adjustments as a')
      .innerJoin('subscriptions as s', 's.id', 'a.subscription_id')
      .leftJoin('admins as ad', 'ad.id', 'a.created_by_admin_id')
      .select(['a.id', 'a.type', 'a.reason', 'a.payload', 'a.created_at', 'ad.email as admin_email'])
      .where('s.user_id', '=', userId)
      .orderBy('a.created_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  return {
    currentSubscription: current ? toAdminSubscription(current, now) : null,
    transactions: transactions.map((t) => ({
      id: t.id,
      subscriptionId: t.subscription_id,
      amount: t.amount_cents / 100,
      refundedAmount: t.refunded_cents / 100,
      currency: t.currency.toUpperCase(),
      description: t.description ?? (t.plan_name ? `${t.plan_name} subscription` : null),
      status: t.status,
      createdAt: t.transaction_date,
    })),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      type: a.type,
      reason: a.reason,
      payload: a.payload,
      createdBy: { email: a.admin_email },
      createdAt: a.created_at,
    })),
  };
}
