import type { BillingDeps } from './billing-deps.ts';
import { applyBillingEvent, claimEvent, type BillingEvent } from './billing-events.ts';

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
  return deps.db.transaction().execute(async (trx) => {
    const fresh = await claimEvent(trx, eventId, deps.payments.kind, eventType);
    if (!fresh) return 'replayed';
    if (!event) return 'ignored';
    await applyBillingEvent(trx, event, deps.clock.now());
    deps.logger.info({ eventId, eventType }, 'payment event applied');
    return 'applied';
  });
}
