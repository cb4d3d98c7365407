import { findCurrentAdminSubscriptionRow, listUserAdjustmentRows, listUserTransactionRows } from '@reelsmith/db';
import { answeredPaymentStatus, type UserSubscriptionDetail } from '@reelsmith/shared';
import type { CoreDeps } from '../../deps.ts';
import { requireCustomer } from '../users/require-customer.ts';
import { toAdminSubscription } from './admin-subscription-rows.ts';

/**
 * A customer's current subscription (their live one, else the latest), their payments and the
 * adjustments made to any of their subscriptions, newest first. A known customer without one answers
 * nulls and empty lists (the screen's 'No active subscription'); an unknown one is 404 like their projects.
 */
export async function getUserSubscriptionDetail(deps: CoreDeps, userId: string): Promise<UserSubscriptionDetail> {
  await requireCustomer(deps, userId);
  const now = deps.clock.now();
  const [current, transactions, adjustments] = await Promise.all([
    findCurrentAdminSubscriptionRow(deps.db, userId),
    listUserTransactionRows(deps.db, userId, 200),
    listUserAdjustmentRows(deps.db, userId, 200),
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
      status: answeredPaymentStatus(t.status),
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
