import type { BillingDeps } from './billing-deps.ts';
import { applyBillingEvent, claimEvent, NOT_OURS, type BillingEvent, type PaymentNotice } from './billing-events.ts';

/**
 * Applies a provider event exactly once: the event id is claimed in the same transaction that
 * applies it, so a replayed webhook changes nothing and a failure leaves it to be retried.
 */
export async function processPaymentEvent(
  deps: BillingDeps,
  eventId: string,
  eventType: string,
  event: BillingEvent | null,
): Promise<'applied' | 'replayed' | 'ignored'> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const fresh = await claimEvent(trx, eventId, deps.payments.kind, eventType);
    if (!fresh) return { result: 'replayed' as const, notice: null };
    if (!event) return { result: 'ignored' as const, notice: null };
    const applied = await applyBillingEvent(trx, event, deps.clock.now());
    if (applied === NOT_OURS) {
      // Acknowledged, so the provider stops retrying something that belongs to another system.
      deps.logger.info({ eventId, eventType }, 'payment event about nothing of ours ignored');
      return { result: 'ignored' as const, notice: null };
    }
    deps.logger.info({ eventId, eventType }, 'payment event applied');
    return { result: 'applied' as const, notice: applied };
  });
  notifyPayment(deps, outcome.notice);
  return outcome.result;
}

/** Mails a receipt or a failure notice after the payment's transaction has committed. */
export function notifyPayment(deps: Pick<BillingDeps, 'email'>, notice: PaymentNotice | null): void {
  if (!notice) return;
  if (notice.status === 'succeeded') deps.email?.paymentSucceeded(notice.transactionId);
  else deps.email?.paymentFailed(notice.transactionId);
}
