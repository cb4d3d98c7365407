import type { CoreDeps } from '../deps.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** What the billing services need beyond the core: the payment provider and our public address. */
export interface BillingDeps extends CoreDeps {
  payments: PaymentProvider;
  publicUrl: string;
}
