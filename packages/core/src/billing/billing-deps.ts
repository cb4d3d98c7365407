import type { CoreDeps } from '../deps.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** What the billing services need beyond the core: the payment provider and our public address. */
export interface BillingDeps extends CoreDeps {
  payments: PaymentProvider;
  publicUrl: string;
  /** Removes what a deleted project leaves outside the database (stored media, queued jobs). */
  cleanupProject?: (projectId: string) => Promise<void>;
}
