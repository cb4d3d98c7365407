import type { AdminSubscriptionRow } from '@reelsmith/db';
import { answeredBillingInterval, type AdminSubscription } from '@reelsmith/shared';
import { effectiveStatus } from '../../billing/entitlement-rules.ts';

/** A yearly plan is priced per month here (yearly price / 12): the screen shows it × 12 per year (spec §9). */
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
      price: yearly ? Math.round(row.price_cents / 12) / 100 : row.price_cents / 100,
      currency: row.currency.toUpperCase(),
    },
    status: effectiveStatus(row.status, row.end_date, now),
    startDate: row.start_date,
    endDate: row.end_date,
    bonusCredits: row.bonus_credits,
  };
}
