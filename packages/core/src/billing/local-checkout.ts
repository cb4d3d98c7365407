import { cancelOpenCheckoutSession, findCheckoutSession, findLocalCheckoutView } from '@reelsmith/db';
import { AppError } from '@reelsmith/shared';
import type { BillingDeps } from './billing-deps.ts';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import { processPaymentEvent } from './process-payment-event.ts';
import { newLocalId } from './local-ids.ts';

export interface LocalCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired' | 'cancelled';
  planName: string;
  billingInterval: string;
  amountCents: number;
  currency: string;
  email: string;
  planId: string;
}

function localProvider(deps: BillingDeps): LocalPaymentProvider {
  if (!(deps.payments instanceof LocalPaymentProvider)) throw new AppError('NOT_FOUND', 'Checkout not found');
  return deps.payments;
}

export async function getLocalCheckout(deps: BillingDeps, sessionId: string): Promise<LocalCheckoutView> {
  localProvider(deps);
  const row = await findLocalCheckoutView(deps.db, sessionId);
  if (!row) throw new AppError('NOT_FOUND', 'Checkout not found');
  return {
    id: row.id,
    status: row.status,
    planName: row.name,
    billingInterval: row.billing_interval,
    amountCents: row.amount_cents,
    currency: row.currency,
    email: row.email,
    planId: row.plan_id,
  };
}

/** Pays a local test checkout: the same events a Stripe webhook delivers, through the same code. */
export async function payLocalCheckout(deps: BillingDeps, sessionId: string, userId: string): Promise<LocalCheckoutView> {
  const provider = localProvider(deps);
  const view = await getLocalCheckout(deps, sessionId);
  const owner = await findCheckoutSession(deps.db, sessionId);
  if (owner?.user_id !== userId) throw new AppError('NOT_FOUND', 'Checkout not found');
  if (view.status === 'cancelled' || view.status === 'expired') throw new AppError('CONFLICT', 'This checkout was cancelled. Start again from the pricing page.');
  if (view.status === 'open') {
    for (const event of await provider.paymentEvents(sessionId)) {
      await processPaymentEvent(deps, newLocalId('local_evt'), event.type, event);
    }
  }
  return getLocalCheckout(deps, sessionId);
}

export async function cancelLocalCheckout(deps: BillingDeps, sessionId: string, userId: string): Promise<LocalCheckoutView> {
  localProvider(deps);
  await cancelOpenCheckoutSession(deps.db, sessionId, userId);
  return getLocalCheckout(deps, sessionId);
}
