import type { Executor } from '@reelsmith/db';
import type { BillingEvent } from './billing-events.ts';

export interface CheckoutRequest {
  sessionIdHint: string;
  userId: string;
  email: string;
  name: string | null;
  customerId: string | null;
  plan: {
    id: string;
    code: string;
    name: string;
    priceCents: number;
    currency: string;
    billingInterval: 'monthly' | 'yearly' | 'one_time';
    stripePriceId: string | null;
  };
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  id: string;
  url: string;
  /** Set when the provider made a customer or a price the plan/user should remember. */
  customerId: string | null;
  stripePriceId: string | null;
}

export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired' | 'cancelled';
  paid: boolean;
  /** Complete, but paid by a delayed method (a bank debit) whose outcome is still to come. */
  processing?: boolean;
  userId: string | null;
  /** The completion event to apply when the checkout is complete and paid. */
  completion: BillingEvent | null;
}

export interface RefundRequest {
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  reason: string | null;
  idempotencyKey: string;
  /** Our refund row, carried in the provider's metadata so its events find the row before its id is stored. */
  localRefundId: string;
}

export type PlanChangeProration = 'create_prorations' | 'none' | 'always_invoice';

export interface PlanChanged {
  /** Set when the provider made a price the plan should remember. */
  stripePriceId: string | null;
  /** False when the provider kept the old plan (the charge for the change was declined); absent means applied. */
  applied?: boolean;
}

/**
 * A card payment provider: Stripe in production, or the local test checkout in development.
 * Both report what happened as BillingEvents, applied by the same code.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  retrieveCheckout(id: string): Promise<CheckoutState>;
  cancelAtPeriodEnd(externalSubscriptionId: string): Promise<void>;
  /** Ends a subscription at once (one replaced by another checkout); providers without subscriptions omit it. */
  cancelNow?(externalSubscriptionId: string): Promise<void>;
  /** Voids a plan change's invoice that is still open (a paid, voided or renewal invoice is left alone). */
  voidInvoice?(invoiceId: string): Promise<void>;
  refund(request: RefundRequest): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>;
  /** Moves the next billing date (used to extend a subscription by days). */
  extendPeriod(externalSubscriptionId: string, newPeriodEnd: Date): Promise<void>;
  /**
   * Moves a subscription to another plan. `always_invoice` charges the difference now and applies
   * the change only when that charge succeeds (`applied: false` leaves the old plan in force). Pass
   * `db` when called inside a transaction: the provider may read and record ids through it.
   */
  changePlan(externalSubscriptionId: string, plan: CheckoutRequest['plan'], proration: PlanChangeProration, db?: Executor): Promise<PlanChanged>;
}
