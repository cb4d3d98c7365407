import type { AdminSubscriptionRow } from '@reelsmith/db';
import { answeredBillingInterval, answeredPrices, type AdminSubscription } from '@reelsmith/shared';
import { effectiveStatus } from '../../billing/entitlement-rules.ts';

/** Prices as every answer gives them (answeredPrices): per month, and what one charge costs. */
export function toAdminSubscription(row: AdminSubscriptionRow, now: Date): AdminSubscription {
  const yearly = answeredBillingInterval(row.billing_interval) === 'yearly';
  return {
    id: row.id,
    userId: row.user_id,
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email },
    plan: {
      id: row.plan_id,
      name: row.plan_name,
      planType: yearly ? 'yearly' : 'monthly',
      ...answeredPrices(row.price_cents, row.billing_interval),
      currency: row.currency.toUpperCase(),
    },
    // A cancelled subscription still reads as cancelled once it has ended: it ended because it was
    // cancelled (by the customer, by an admin, or by a refund in full), which 'expired' would hide.
    status: row.status === 'cancelled' ? 'cancelled' : effectiveStatus(row.status, row.end_date, now),
    startDate: row.start_date,
    endDate: row.end_date,
    bonusCredits: row.bonus_credits,
  };
}
