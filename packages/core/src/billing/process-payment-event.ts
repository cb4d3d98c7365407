import { lockProviderObject } from '@reelsmith/db';
import type { BillingDeps } from './billing-deps.ts';
import { applyBillingEvent, claimEvent, NOT_OURS, type BillingEffects, type BillingEvent, type PaymentNotice } from './billing-events.ts';

/**
 * An event read from the provider under the lock of the object it concerns (a subscription, a charge):
 * the provider's current state is fetched only once no other event about that object is being applied.
 */
export interface LockedEventRead {
  /** The provider object the event is about, or null to read without a lock. */
  lockKey: string | null;
  read: () => Promise<BillingEvent | null>;
}

/**
 * Applies a provider event exactly once: the event id is claimed in the same transaction that
 * applies it, so a replayed webhook changes nothing and a failure leaves it to be retried. Events
 * about one provider subscription or charge are applied one at a time, each with a read made after the last
 * one committed, so a slower, older read never overwrites a newer one.
 */
export async function processPaymentEvent(
  deps: BillingDeps,
  eventId: string,
  eventType: string,
  source: BillingEvent | null | LockedEventRead,
): Promise<'applied' | 'replayed' | 'ignored'> {
  const effects: BillingEffects = { cancelAtProvider: [], voidInvoices: [] };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const locked = source && 'read' in source ? source : null;
    if (locked?.lockKey) await lockProviderObject(trx, locked.lockKey);
    const fresh = await claimEvent(trx, eventId, deps.payments.kind, eventType);
    if (!fresh) return { result: 'replayed' as const, notice: null };
    const event = locked ? await locked.read() : (source as BillingEvent | null);
    if (!event) return { result: 'ignored' as const, notice: null };
    const applied = await applyBillingEvent(trx, event, deps.clock.now(), effects);
    if (applied === NOT_OURS) {
      // Acknowledged, so the provider stops retrying something that belongs to another system.
      deps.logger.info({ eventId, eventType }, 'payment event about nothing of ours ignored');
      return { result: 'ignored' as const, notice: null };
    }
    deps.logger.info({ eventId, eventType }, 'payment event applied');
    return { result: 'applied' as const, notice: applied };
  });
  notifyPayment(deps, outcome.notice);
  await carryOut(deps, effects);
  return outcome.result;
}

/** Provider calls an applied event leads to; a failure is logged, not retried by replaying the event. */
export async function carryOut(deps: Pick<BillingDeps, 'payments' | 'logger'>, effects: BillingEffects): Promise<void> {
  for (const id of effects.cancelAtProvider) {
    try {
      await deps.payments.cancelNow?.(id);
      deps.logger.info({ externalSubscriptionId: id }, 'replaced provider subscription cancelled');
    } catch (err) {
      deps.logger.error({ err, externalSubscriptionId: id }, 'could not cancel a replaced provider subscription; cancel it in the provider dashboard');
    }
  }
  for (const id of effects.voidInvoices) {
    try {
      await deps.payments.voidInvoice?.(id);
      deps.logger.info({ invoiceId: id }, 'expired upgrade invoice voided');
    } catch (err) {
      deps.logger.error({ err, invoiceId: id }, 'could not void an expired upgrade invoice; void it in the provider dashboard');
    }
  }
}

/** Mails a receipt or a failure notice after the payment's transaction has committed. */
export function notifyPayment(deps: Pick<BillingDeps, 'email'>, notice: PaymentNotice | null): void {
  if (!notice) return;
  if (notice.status === 'succeeded') deps.email?.paymentSucceeded(notice.transactionId);
  else deps.email?.paymentFailed(notice.transactionId);
}
